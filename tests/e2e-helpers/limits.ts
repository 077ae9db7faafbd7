// The limits per client address of every browser test server. All files come from 127.0.0.1, on one
// shared server or servers of their own: with counts no run can reach, no file spends another's
// budget and any file may submit, sign up, play or fail a login. The limits themselves are proved
// by the API tests (tests/api), and on real servers with low counts by cluster.test.ts.
export const e2eLimits = {
  RATE_LIMIT_READS_PER_MINUTE: '1000000',
  RATE_LIMIT_DEMOS_PER_10_MINUTES: '1000000',
  RATE_LIMIT_VIP_PER_10_MINUTES: '1000000',
  RATE_LIMIT_NOTIFY_PER_10_MINUTES: '1000000',
  RATE_LIMIT_PLAYS_PER_MINUTE: '1000000',
  LOGIN_FAILURES_PER_15_MINUTES: '1000000',
  // Uncached loads: one address's share, waiting 1 s on a cold server of a busy machine, would answer 503.
  CATALOG_LOAD_WAIT_MS: '30000',
  CATALOG_LOADS_PER_ADDRESS: '10000',
};
