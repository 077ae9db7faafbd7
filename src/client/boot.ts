// The page's first script: the server's HTML is the page, so the app (React, the router, the styles'
// runtime) is fetched only once the page has loaded (its text and its first pictures) and has been
// painted, never in competition with them on a slow connection, and never holding back the first
// paint on a fast one. main.tsx then hydrates (docs/decisions/0023).
function startApp(): void {
  void import('./main.js');
}

/** After the next frame the browser paints (a task after it, not within it). */
function afterNextPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

if (document.readyState === 'complete') afterNextPaint(startApp);
else window.addEventListener('load', () => afterNextPaint(startApp), { once: true });
