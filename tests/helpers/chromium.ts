/** Debian's Chromium (`CHROMIUM_PATH` for another one): browser downloads cannot work here. Lighthouse runs it, as visitors do. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium (`apt-get install -y chromium-headless-shell`;
 * `CHROMIUM_HEADLESS_SHELL_PATH` for another one), the browser tests' Chromium, as Playwright's own headless
 * default is. The full browser's headless mode still runs the browser's own window interface (a
 * renderer of its own among them); the shell has none. The browser tier, back to back on one machine:
 * 1,112.6 CPU-s and 588.9 s with the full browser, 880.6 CPU-s and 491.6 s with the shell (docs/testing.md).
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** The flags this machine's closed network needs: without them Chromium keeps calling out, and is refused. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
