/**
 * The first script of an app page that has a prerendered first paint (scripts/prerender.mjs). The page
 * is already in the HTML, so the app's scripts (listed in #app-scripts) are requested only once it has
 * been painted: on a slow connection they no longer compete with the page's HTML and CSS.
 */
const FIRST_PAINT = 'data-first-paint';

type AppScripts = { entry: string; preloads: string[] };

const root = document.getElementById('root');

// Until the app has replaced the static copy, submitting its form must not send it as a plain GET:
// that would put the typed password into the address bar. The app submits it once it has started
// (src/lib/first-paint.ts), so a visitor who pressed Login early is not left waiting for nothing.
document.addEventListener(
  'submit',
  (event) => {
    if (!root?.hasAttribute(FIRST_PAINT)) return;
    event.preventDefault();
    root.setAttribute(`${FIRST_PAINT}-submitted`, '');
  },
  true,
);

function loadApp(): void {
  const data = document.getElementById('app-scripts')?.textContent;
  if (!data) return;
  const { entry, preloads } = JSON.parse(data) as AppScripts;
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

// The callback of the next frame runs before its paint; the timeout after it.
requestAnimationFrame(() => setTimeout(loadApp, 0));
