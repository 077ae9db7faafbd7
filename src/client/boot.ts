// The page's first script: the server's HTML is the page, so the app (React, the router, the styles'
// runtime) is fetched only once the page has loaded (its text and its first pictures), never in
// competition with them on a slow connection. main.tsx then hydrates (docs/decisions/0023).
function startApp(): void {
  void import('./main.js');
}

if (document.readyState === 'complete') startApp();
else window.addEventListener('load', startApp, { once: true });
