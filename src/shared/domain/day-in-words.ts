// Days as the site and its emails say them, in UTC: the same on every server and in every browser.

// Made once: a formatter made per call costs far more than the formatting, and its ICU allocations
// live outside the JavaScript heap until it is collected (release-day.ts says what that did).
const dayFormats = {
  long: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};

/** "21 November 2026" (or "21 Nov 2026"): the UTC day of an instant, or of an ISO string as `new Date` reads it. */
export function dayInWords(at: Date | string, month: 'long' | 'short' = 'long'): string {
  return dayFormats[month].format(typeof at === 'string' ? new Date(at) : at);
}
