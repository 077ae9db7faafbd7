// The paths, pages and API alike, whose next segment is a secret that a link gives its one recipient. A new
// link of that kind adds its path here (tests/api/logs-api.test.ts checks every API route with a token). Their pages are
// never kept in the page cache (plugins/client-app.ts).
/** Links that sign their recipient in: a staff invitation, a member's sign-in. */
const signInPaths = ['admin/invite', 'admin/invitations', 'vip/account/sign-in', 'vip/sign-in'];
/** Links that act for an address or a demo: confirming, forgetting, unsubscribing, a demo's status. */
const actingPaths = ['vip/waiting-list', 'notify', 'unsubscribe', 'demo-status', 'orders'];

const linksOf = (paths: string[]) => new RegExp(`(/(?:api/)?(?:${paths.join('|')}))/[^/?#\\s"'<>]+`, 'g');

/** Every secret link: none reaches a log line. */
export const secretLinks = linksOf([...signInPaths, ...actingPaths]);
/**
 * The links staff never read in the outbox (they would open someone else's account). The others stay
 * readable there: they act on what an owner governs anyway, and staff may pass one on to a fan whose
 * mail went astray.
 */
export const signInLinks = linksOf(signInPaths);

/** `text` (a URL, an email's body or header) with the token of each of `links` replaced by `mark`. */
export function hideLinkSecrets(text: string, links: RegExp, mark: string): string {
  return text.replace(links, `$1/${mark}`);
}
