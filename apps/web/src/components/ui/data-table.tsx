import {
  type Cell,
  type Column,
  type ColumnDef,
  getCoreRowModel,
  type Header,
  type Row,
  type RowData,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useMediaQuery, WIDER_THAN_PHONE } from '@/lib/use-media-query';
import { Button } from './button';
import { LoadError } from './load-error';
import { useColumnFit } from './use-column-fit';

/**
 * How much a column matters. 1: always shown (the name, what is owed; the actions always are); 2 to 5
 * give way, 5 first, as long as the table is wider than its own box (the side menu counts); within one
 * priority the column listed first gives way first. A row shows its hidden fields when opened.
 */
export type ColumnPriority = 1 | 2 | 3 | 4 | 5;

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

/** The column's ID as TanStack Table names it: its `id`, else its `accessorKey`. */
function columnId<T>(column: DataColumn<T>, index: number): string {
  if (column.id) return column.id;
  return 'accessorKey' in column && typeof column.accessorKey === 'string' ? column.accessorKey : String(index);
}

/** The IDs of the columns that may give way, in the order they do: priority 5 first, then by position. */
export function hideOrder<T>(columns: DataColumn<T>[]): string[] {
  return columns
    .map((column, index) => ({ id: columnId(column, index), priority: column.meta?.priority ?? 1, index }))
    .filter((column) => column.priority > 1)
    .sort((a, b) => b.priority - a.priority || a.index - b.index)
    .map((column) => column.id);
}

/** The phone layout of a row: who it is, the figures that matter, what can be done. */
export type CardLayout<T> = {
  /** The name, shown first; it also names the row for screen readers ('Details of …'). */
  title: (row: T) => string;
  /** The ID, beside the name. */
  subtitle?: (row: T) => ReactNode;
  /** One short line under the name: standard, centre, dates… */
  meta?: (row: T) => ReactNode;
  /** Key figures, two to a line: total, paid, remaining, due date. */
  figures?: { label: string; value: (row: T) => ReactNode }[];
  /** Columns (IDs) the card leaves out, under a 'More details' disclosure of the card. */
  moreDetails?: string[];
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

/**
 * The rows while a list loads or has failed. One array for ever: TanStack Table resets its paging in a
 * microtask whenever `data` is a new array, which renders again; a fresh `[]` per render looped without
 * end and froze the admin's tab (data-table.test.tsx).
 */
const NO_ROWS: never[] = [];

function StateMessage({ children }: { children: ReactNode }) {
  return <div className="px-4 py-8 text-center text-slate-500">{children}</div>;
}

/** The ID of the column that opens a row's hidden fields. */
const MORE_COLUMN_ID = 'more';

/**
 * A cell's content, called rather than mounted. The columns are defined afresh on every render, and
 * TanStack's flexRender mounts a function as a component: a new function is a new component type, so
 * every cell was mounted again on every render (a button in a row lost its focus when clicked).
 */
function renderCell<T>(cell: Cell<T, unknown>): ReactNode {
  const content = cell.column.columnDef.cell;
  return typeof content === 'function' ? content(cell.getContext()) : content;
}

function renderHeader<T>(header: Header<T, unknown>): ReactNode {
  const content = header.column.columnDef.header;
  return typeof content === 'function' ? content(header.getContext()) : content;
}

/** A column's header as text, to label a field outside the table's head. */
function headerText<T>(column: Column<T, unknown>): string {
  const { header } = column.columnDef;
  return typeof header === 'string' ? header : column.id;
}

/** The fields of a row that its table or card leaves out, each label above its value. */
function FieldList<T>({ cells, label }: { cells: Cell<T, unknown>[]; label: string }) {
  return (
    // Named, so the fields are found as the row's ('Details of …') though they sit outside its <tr>.
    <section aria-label={label}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-[repeat(auto-fill,minmax(11rem,1fr))]">
        {cells.map((cell) => (
          <div key={cell.id} className="flex min-w-0 flex-col">
            <dt className="text-slate-600">{headerText(cell.column)}</dt>
            <dd className="break-words text-slate-900">{renderCell(cell)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The chevron of a disclosure: right when closed, down when open. */
function Chevron({ isOpen }: { isOpen: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={cn('size-4 transition-transform motion-reduce:transition-none', isOpen && 'rotate-90')}
    >
      <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

/**
 * The one table of the dashboard. Lesser columns give way, measured, while the table is wider than its
 * box; a row whose fields are hidden opens to show them. The row's actions never give way, and in the
 * rare box too narrow even for the columns that matter (the box then scrolls) they stay pinned at its
 * right edge. Below 640 px each row is a card (name and ID first, key figures, actions as full-width
 * buttons, the rest under 'More details'). Nothing here makes the page scroll sideways.
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
  const boxRef = useRef<HTMLElement>(null);
  const idPrefix = useId();
  const [openRows, setOpenRows] = useState<ReadonlySet<string>>(() => new Set());

  const rowsKey = [isWide, isPending, isError, ...(data ?? NO_ROWS).map(getRowId)].join('\n');
  const order = hideOrder(columns);
  const fit = useColumnFit(boxRef, { hideable: order.length, rowsKey, isEnabled: isWide });
  const hiddenIds = isWide ? order.slice(0, fit.hiddenCount) : [];
  const columnVisibility: VisibilityState = Object.fromEntries(hiddenIds.map((id) => [id, false]));

  const toggleRow = (id: string) =>
    setOpenRows((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const allColumns: DataColumn<T>[] = [
    ...(hiddenIds.length > 0
      ? [
          {
            id: MORE_COLUMN_ID,
            header: () => <span className="sr-only">Details</span>,
            cell: ({ row }) => {
              const isOpen = openRows.has(row.id);
              return (
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? `${idPrefix}-${row.id}` : undefined}
                  aria-label={`Details of ${card.title(row.original)}`}
                  onClick={() => toggleRow(row.id)}
                  className="-my-1 inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                >
                  <Chevron isOpen={isOpen} />
                </button>
              );
            },
            meta: { className: 'w-8 pr-0' },
          } satisfies DataColumn<T>,
        ]
      : []),
    ...columns,
    ...(actions
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row }) => <div className="flex gap-2">{actions(row.original)}</div>,
            meta: { noWrap: true },
          } satisfies DataColumn<T>,
        ]
      : []),
  ];
  const table = useReactTable({
    data: data ?? NO_ROWS,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    state: { columnVisibility },
    // Every list is paged by the server (Pager below): the table keeps no paging state of its own to reset.
    manualPagination: true,
  });
  const rows = table.getRowModel().rows;
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  // The actions are pinned to the box's right edge only while it scrolls, so a tinted row keeps its tint.
  const pinned = (id: string, cellClass: string) =>
    id === 'actions' && fit.scrolls && cn('sticky right-0 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]', cellClass);

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
        ref={boxRef}
        aria-label={label}
        aria-busy={isFetching || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: if it ever must scroll, the keyboard must reach it
        tabIndex={0}
        // A last resort only: the columns give way before anything has to scroll.
        className="min-w-0 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
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
                          header.column.id === MORE_COLUMN_ID && 'w-8 pr-0',
                          pinned(header.column.id, 'bg-slate-100'),
                        )}
                      >
                        {renderHeader(header)}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            {state ? (
              <tbody>
                <tr>
                  <td colSpan={visibleColumnCount}>{state}</td>
                </tr>
              </tbody>
            ) : (
              rows.map((row) => (
                <TableRowGroup
                  key={row.id}
                  row={row}
                  columnCount={visibleColumnCount}
                  details={details}
                  className={rowClassName?.(row.original)}
                  hiddenFieldsId={openRows.has(row.id) && hiddenIds.length > 0 ? `${idPrefix}-${row.id}` : null}
                  rowLabel={`Details of ${card.title(row.original)}`}
                  pinned={pinned}
                />
              ))
            )}
          </table>
        ) : (
          (state ?? (
            <ul className="divide-y divide-slate-200">
              {rows.map((row) => (
                <li key={row.id} className={cn('flex flex-col gap-3 p-4', rowClassName?.(row.original))}>
                  <RowCard row={row} card={card} />
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
  hiddenFieldsId,
  rowLabel,
  pinned,
}: {
  row: Row<T>;
  columnCount: number;
  details: DataTableProps<T>['details'];
  className: string | undefined;
  /** The ID of the opened row's hidden fields; null while closed or when nothing is hidden. */
  hiddenFieldsId: string | null;
  rowLabel: string;
  pinned: (columnId: string, cellClass: string) => string | false;
}) {
  const extra = details?.(row.original, 'table');
  return (
    <tbody className="group border-t border-slate-200 hover:bg-slate-50">
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
                meta?.className,
                pinned(cell.column.id, 'bg-white group-hover:bg-slate-50'),
              )}
            >
              {renderCell(cell)}
            </td>
          );
        })}
      </tr>
      {hiddenFieldsId && (
        <tr id={hiddenFieldsId} className={className}>
          <td colSpan={columnCount} className="px-2.5 pb-3 pl-11">
            <FieldList label={rowLabel} cells={row.getAllCells().filter((cell) => !cell.column.getIsVisible())} />
          </td>
        </tr>
      )}
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

function RowCard<T>({ row, card }: { row: Row<T>; card: CardLayout<T> }) {
  const item = row.original;
  const more = card.moreDetails ?? [];
  const moreCells = row.getAllCells().filter((cell) => more.includes(cell.column.id));
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {/* The subtitle goes under the title when both do not fit (a long one must not squeeze the name). */}
      <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-semibold break-words text-slate-900">{card.title(item)}</p>
        {card.subtitle && <p className="shrink-0 text-sm text-slate-600 tabular-nums">{card.subtitle(item)}</p>}
      </div>
      {card.meta && <p className="text-sm break-words text-slate-600">{card.meta(item)}</p>}
      {card.figures && card.figures.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {card.figures.map((figure) => (
            <div key={figure.label} className="flex min-w-0 flex-col">
              <dt className="text-slate-600">{figure.label}</dt>
              <dd className="font-medium break-words text-slate-900 tabular-nums">{figure.value(item)}</dd>
            </div>
          ))}
        </dl>
      )}
      {moreCells.length > 0 && (
        <details className="group/more">
          <summary className="-mx-2 flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <span className="transition-transform group-open/more:rotate-90 motion-reduce:transition-none">
              <Chevron isOpen={false} />
            </span>
            More details
          </summary>
          <div className="pt-1">
            <FieldList label={`Details of ${card.title(item)}`} cells={moreCells} />
          </div>
        </details>
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
