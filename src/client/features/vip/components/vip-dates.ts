import { siteConfig } from '../../../../shared/site-config.js';

/** 21 November 2027, as the emails say it. */
export const dayInWords = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** When members may listen to a release going public at `publicAt`: `earlyAccessDays` before (docs/decisions/0064). */
export const earlyAccessOpensAt = (publicAt: string) => new Date(Date.parse(publicAt) - siteConfig.vip.earlyAccessDays * 24 * 60 * 60 * 1000).toISOString();
