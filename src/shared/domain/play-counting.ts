// How plays count (issue 7 §5, docs/product.md §10.5); the API's play reports are in shared/api/plays.ts.
// Apart from the schemas, so that the browser's player reads them without loading zod.

/** A client's repeat plays of a track within this window count once. */
export const playCountWindowMinutes = 30;
/**
 * Browsers behind one address whose plays of a track count in one window: a household shares an
 * address, but a new `client_id` per request must not inflate the count.
 */
export const playClientsPerAddress = 3;
/** The player reports a play after this much listening. */
export const playReportAfterSeconds = 5;
