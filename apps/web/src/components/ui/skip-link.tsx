/** The id of each layout's <main>: the skip link's target. */
export const MAIN_ID = 'main';

/** The first thing Tab reaches on every page: straight past the bars and menus to the content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
