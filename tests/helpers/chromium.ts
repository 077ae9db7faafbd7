/** Debian's Chromium (`CHROMIUM_PATH` for another one): browser downloads cannot work here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
