/** Pixels. Spotify's compact embed is 80 px tall, so the desktop bar and a phone showing it are too. */
export const playerBarHeight = { phone: 64, embed: 80, desktop: 80 } as const;
/** The bar's current height (0px while hidden): the shell pads its content and lifts overlays by it. */
export const playerBarHeightVar = '--player-bar-height';
