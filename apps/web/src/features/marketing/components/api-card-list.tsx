import type { ReactNode } from 'react';

/** The public lists the site's script fills from the API (behaviours/api-card-list.ts). */
export type ApiCardListName = 'course-fees' | 'exam-centres';

/**
 * A list of cards the static page leaves to its script: three placeholders while it loads, a status line
 * for 'none yet' or 'could not be loaded', and the card (`children`, an `li` with `data-field`s) as the
 * template each item is copied from. `limit` shows only the first few.
 */
export function ApiCardList({
  name,
  placeholderClassName,
  limit,
  className,
  children,
}: {
  name: ApiCardListName;
  /** The placeholders' height, near the real cards'. */
  placeholderClassName: string;
  limit?: number | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div data-api-card-list={name} data-limit={limit} className={className}>
      <ul data-api-card-list-items aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((placeholder) => (
          <li
            key={placeholder}
            aria-hidden="true"
            className={`${placeholderClassName} animate-pulse rounded-2xl bg-slate-200`}
          />
        ))}
      </ul>
      <p data-api-card-list-message role="status" className="mt-4 text-slate-600 empty:hidden" />
      <template data-api-card-template>{children}</template>
    </div>
  );
}
