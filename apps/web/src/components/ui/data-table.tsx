import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  type RowData,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { useMediaQuery, WIDER_THAN_PHONE } from '@/lib/use-media-query';
import { Button } from './button';
import { LoadError } from './load-error';

/**
 * How much a column matters. 1: always shown (name, amounts, due date, actions); 2, 3, 4 give way,
 * highest first, as the table's own box gets narrower (container widths, so the side menu counts).
 */
export type ColumnPriority = 1 | 2 | 3 | 4;

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    priority?: ColumnPriority;
    /** Figures: right-aligned, tabular digits. */
    isNumeric?: boolean;
    /** Keeps the cell on one line (dates, times, buttons). */
    noWrap?: boolean;
    className?: string;
  }
}

/** A column of a DataTable: TanStack's column definition with the meta above. */
export type DataColumn<T> = ColumnDef<T, unknown>;

/** Hidden below the container width where the column fits beside the ones that matter more. */
const priorityClasses: Record<ColumnPriority, string> = {
  1: '',
  2: 'hidden @3xl:table-cell',
  3: 'hidden @5xl:table-cell',
  4: 'hidden @7xl:table-cell',
};

/** The phone layout of a row: who it is, the figures that matter, what can be done. */
export type CardLayout<T> = {
  /** The name, shown first. */
  title: (row: T) => ReactNode;
  /** The ID, beside the name. */
  subtitle?: (row: T) => ReactNode;
  /** One short line under the name: standard, centre, dates… */
  meta?: (row: T) => ReactNode;
  /** Key figures, two to a line: total, paid, remaining, due date. */
  figures?: { label: string; value: (row: T) => ReactNode }[];
};

export type Paging = {
  page: number;
  totalPages: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  /** What the rows are, one and many: ['student', 'students']. */
  noun: readonly [string, string];
  /** The shown page is the previous one while the next loads. */
  isStale?: boolean;
};

type DataTableProps<T> = {
  /** Names the table for screen readers. */
  label: string;
  columns: DataColumn<T>[];
  /** The rows; undefined while loading or after a failure. */
  data: T[] | undefined;
  getRowId: (row: T) => string;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** SPEC §2 texts of this table. */
  emptyText: string;
  errorText: string;
  loadingText?: string;
  isFetching?: boolean;
  card: CardLayout<T>;
  /** The row's buttons: in a line in the table, full-width on a phone card. */
  actions?: (row: T) => ReactNode;
  /** Under the row (table) or at the foot of the card: e.g. a student's payments. */
  details?: (row: T, layout: 'table' | 'card') => ReactNode;
  rowClassName?: (row: T) => string | undefined;
  paging?: Paging;
};

function StateMessage({ children }: { children: ReactNode }) {
  return <div className="px-4 py-8 text-center text-slate-500">{children}</div>;
}

/**
 * The one table of the dashboard. Columns have a priority, so lesser ones give way first on
 * narrower screens; below 640 px each row is a card (name and ID first, key figures, actions as
 * full-width buttons). Nothing here makes the page scroll sideways.
 */
export function DataTable<T>({
  label,
  columns,
  data,
  getRowId,
  isPending,
  isError,
  onRetry,
  emptyText,
  errorText,
  loadingText = 'Loading...',
  isFetching = false,
  card,
  actions,
  details,
  rowClassName,
  paging,
}: DataTableProps<T>) {
  const isWide = useMediaQuery(WIDER_THAN_PHONE);
  const allColumns: DataColumn<T>[] = actions
    ? [
        ...columns,
        {
          id: 'actions',
          header: 'Actions',
          cell: ({ row }) => <div className="flex gap-2">{actions(row.original)}</div>,
          meta: { noWrap: true },
        },
      ]
    : columns;
  const table = useReactTable({
    data: data ?? [],
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
  });
  const rows = table.getRowModel().rows;

  let state: ReactNode = null;
  if (isPending) state = <StateMessage>{loadingText}</StateMessage>;
  else if (isError) {
    state = (
      <StateMessage>
        <LoadError message={errorText} onRetry={onRetry} />
      </StateMessage>
    );
  } else if (rows.length === 0) state = <StateMessage>{emptyText}</StateMessage>;

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <section
        aria-label={label}
        aria-busy={isFetching || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: if it ever must scroll, the keyboard must reach it
        tabIndex={0}
        // A last resort only: the columns give way before anything has to scroll.
        className="@container min-w-0 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {isWide ? (
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const meta = header.column.columnDef.meta;
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={cn(
                          'bg-slate-100 px-2.5 py-2.5 font-semibold text-slate-700 first:rounded-tl-xl last:rounded-tr-xl',
                          'whitespace-nowrap',
                          meta?.isNumeric && 'text-right',
                          priorityClasses[meta?.priority ?? 1],
                        )}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            {state ? (
              <tbody>
                <tr>
                  <td colSpan={allColumns.length}>{state}</td>
                </tr>
              </tbody>
            ) : (
              rows.map((row) => (
                <TableRowGroup
                  key={row.id}
                  row={row}
                  columnCount={allColumns.length}
                  details={details}
                  className={rowClassName?.(row.original)}
                />
              ))
            )}
          </table>
        ) : (
          (state ?? (
            <ul className="divide-y divide-slate-200">
              {rows.map((row) => (
                <li key={row.id} className={cn('flex flex-col gap-3 p-4', rowClassName?.(row.original))}>
                  <RowCard row={row.original} card={card} />
                  {details?.(row.original, 'card')}
                  {actions && <div className="flex flex-col gap-2 [&>*]:w-full">{actions(row.original)}</div>}
                </li>
              ))}
            </ul>
          ))
        )}
      </section>
      {paging && <Pager paging={paging} />}
    </div>
  );
}

function TableRowGroup<T>({
  row,
  columnCount,
  details,
  className,
}: {
  row: Row<T>;
  columnCount: number;
  details: DataTableProps<T>['details'];
  className: string | undefined;
}) {
  const extra = details?.(row.original, 'table');
  return (
    <tbody className="border-t border-slate-200 hover:bg-slate-50">
      <tr className={className}>
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          return (
            <td
              key={cell.id}
              className={cn(
                'px-2.5 py-2 align-top',
                meta?.isNumeric && 'text-right tabular-nums',
                meta?.noWrap && 'whitespace-nowrap',
                priorityClasses[meta?.priority ?? 1],
                meta?.className,
              )}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
      {extra && (
        <tr className={className}>
          <td colSpan={columnCount} className="px-2.5 pb-3">
            {extra}
          </td>
        </tr>
      )}
    </tbody>
  );
}

function RowCard<T>({ row, card }: { row: T; card: CardLayout<T> }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex min-w-0 items-baseline justify-between gap-3">
        <p className="min-w-0 font-semibold break-words text-slate-900">{card.title(row)}</p>
        {card.subtitle && <p className="shrink-0 text-sm text-slate-600 tabular-nums">{card.subtitle(row)}</p>}
      </div>
      {card.meta && <p className="text-sm break-words text-slate-600">{card.meta(row)}</p>}
      {card.figures && card.figures.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {card.figures.map((figure) => (
            <div key={figure.label} className="flex min-w-0 flex-col">
              <dt className="text-slate-600">{figure.label}</dt>
              <dd className="font-medium break-words text-slate-900 tabular-nums">{figure.value(row)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Previous / Next with 'Page x of y · n students'; a page past the end falls back to the last. */
function Pager({ paging }: { paging: Paging }) {
  const { page, totalPages, totalCount, onPageChange, noun, isStale = false } = paging;
  const lastPage = Math.max(1, totalPages);
  useEffect(() => {
    if (!isStale && page > lastPage) onPageChange(lastPage);
  }, [isStale, page, lastPage, onPageChange]);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1 || isStale} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <p className="text-center text-sm text-slate-700 tabular-nums" aria-live="polite">
        Page {Math.min(page, lastPage)} of {lastPage}
        <span className="block text-slate-600 sm:inline">
          <span className="hidden sm:inline"> · </span>
          {totalCount} {totalCount === 1 ? noun[0] : noun[1]}
        </span>
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= lastPage || isStale}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

/**
 * The page of a server-paged list: back to 1 whenever `filterKey` (the filters, serialised)
 * changes, so a new search never opens on an empty page 7.
 */
export function usePage(filterKey: string): readonly [number, (page: number) => void] {
  const [page, setPage] = useState(1);
  const [pageFilterKey, setPageFilterKey] = useState(filterKey);
  if (pageFilterKey !== filterKey) {
    setPageFilterKey(filterKey);
    setPage(1);
    return [1, setPage];
  }
  return [page, setPage];
}
