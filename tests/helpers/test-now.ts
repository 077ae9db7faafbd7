/** The time the app's clock stands at unless a test gives another; the demo-catalog snapshot is seeded at it. */
export const testNow = new Date('2026-11-21T12:00:00Z');
