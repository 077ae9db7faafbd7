import { currentSiteSettings } from '../../../../shared/site-settings.js';

/** When members may listen to a release going public at `publicAt`: `earlyAccessDays` before (docs/decisions/0064). */
export const earlyAccessOpensAt = (publicAt: string) => new Date(Date.parse(publicAt) - currentSiteSettings().vip.earlyAccessDays * 24 * 60 * 60 * 1000).toISOString();
