import { siteConfig } from '../../../../shared/site-config.js';

/** When members may listen to a release going public at `publicAt`: `earlyAccessDays` before (docs/decisions/0064). */
export const earlyAccessOpensAt = (publicAt: string) => new Date(Date.parse(publicAt) - siteConfig.vip.earlyAccessDays * 24 * 60 * 60 * 1000).toISOString();
