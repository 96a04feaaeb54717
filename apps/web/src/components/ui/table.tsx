import type { ReactNode } from 'react';

type TableProps = {
  /** Names the scrollable region for screen readers. */
  label: string;
  children: ReactNode;
};

/** A data table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function Table({ label, children }: TableProps) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-max border-collapse text-left text-sm [&_td]:border-t [&_td]:border-slate-100 [&_td]:px-2.5 [&_td]:py-2 [&_th]:bg-slate-100 [&_th]:px-2.5 [&_th]:py-2.5 [&_th]:font-semibold [&_th]:text-slate-700 [&_th]:whitespace-nowrap [&_tbody_tr:hover]:bg-slate-50">
        {children}
      </table>
    </section>
  );
}

/** A single full-width row for loading, empty and error states. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="py-8 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}
