import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable, hideOrder, type Paging } from './data-table';
import { type Fit, type FitEvent, fitReducer, initialFit } from './use-column-fit';

type Row = { id: string; name: string; fee: number };

const columns: DataColumn<Row>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'fee', header: 'Fee', meta: { isNumeric: true, priority: 2 } },
];

const card = { title: (row: Row) => row.name, subtitle: (row: Row) => row.id };

/** Stops a render loop: past this many commits the Profiler throws, so the test fails instead of hanging. */
const COMMIT_CEILING = 200;

type TableState = { data: Row[] | undefined; isPending: boolean; isError: boolean };

/**
 * A page that holds a DataTable and renders once more after mounting, as a list page does when its
 * session or filters arrive. Counts the table's commits.
 */
function Page({ initial, later, onCommit }: { initial: TableState; later?: TableState; onCommit: () => void }) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setState(later ?? { ...initial }), 20);
    return () => clearTimeout(timer);
  }, [initial, later]);
  return (
    <Profiler id="table" onRender={onCommit}>
      <DataTable
        {...tableProps}
        // New functions on every render, as a page writes them inline.
        getRowId={(row) => row.id}
        onRetry={() => {}}
        data={state.data}
        isPending={state.isPending}
        isError={state.isError}
        paging={{
          page: 1,
          totalPages: 1,
          totalCount: state.data?.length ?? 0,
          onPageChange: () => {},
          noun: ['student', 'students'],
        }}
      />
    </Profiler>
  );
}

function renderCounting(initial: TableState, later?: TableState) {
  let commits = 0;
  const onCommit = () => {
    commits += 1;
    if (commits > COMMIT_CEILING) throw new Error(`DataTable committed ${commits} times: a render loop`);
  };
  render(<Page initial={initial} later={later} onCommit={onCommit} />);
  return () => commits;
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 120));
  });
}

describe('DataTable', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('settles while its list loads and the page renders again (the admin tab froze here)', async () => {
    const commits = renderCounting({ data: undefined, isPending: true, isError: false });
    await settle();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(commits()).toBeLessThanOrEqual(4);
  });

  it('settles after a failed load and shows the SPEC text with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const commits = renderCounting({ data: undefined, isPending: false, isError: true });
    await settle();
    expect(screen.getByText('Failed to load data')).toBeTruthy();
    expect(commits()).toBeLessThanOrEqual(4);
  });

  it('shows the empty text when the list has no rows', async () => {
    const commits = renderCounting({ data: [], isPending: false, isError: false });
    await settle();
    expect(screen.getByText('No registrations found.')).toBeTruthy();
    expect(commits()).toBeLessThanOrEqual(4);
  });

  it('shows the rows once they arrive, without a loop', async () => {
    const commits = renderCounting(
      { data: undefined, isPending: true, isError: false },
      {
        data: [
          { id: '2600001', name: 'Asha Patil', fee: 5850 },
          { id: '2600002', name: 'Ravi Kulkarni', fee: 7900 },
        ],
        isPending: false,
        isError: false,
      },
    );
    await settle();
    expect(screen.getByText('Asha Patil')).toBeTruthy();
    expect(screen.getByText('Ravi Kulkarni')).toBeTruthy();
    expect(commits()).toBeLessThanOrEqual(4);
  });
});

const rows: Row[] = [
  { id: '2600001', name: 'Asha Patil', fee: 5850 },
  { id: '2600002', name: 'Ravi Kulkarni', fee: 7900 },
];

type TableProps = Parameters<typeof DataTable<Row>>[0];

/** What every table here is given; a test adds to it or replaces some. */
const tableProps: TableProps = {
  label: 'Students',
  columns,
  data: rows,
  getRowId: (row) => row.id,
  isPending: false,
  isError: false,
  onRetry: () => {},
  emptyText: 'No registrations found.',
  errorText: 'Failed to load data',
  card,
};

function renderTable(props: Partial<TableProps> = {}) {
  return render(<DataTable {...tableProps} {...props} />);
}

/** A browser window narrower than 640 px: the phone layout. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('DataTable states', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows a table's own loading text instead of rows", () => {
    renderTable({ data: undefined, isPending: true, loadingText: 'Loading challans...' });
    expect(screen.getByText('Loading challans...')).toBeTruthy();
    expect(screen.queryByText('Asha Patil')).toBeNull();
  });

  it('offers a retry after a failure, and the retry asks again', async () => {
    const onRetry = vi.fn();
    renderTable({ data: undefined, isError: true, onRetry });
    expect(screen.getByText('Failed to load data')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('puts the rows in a table with a header per column and the row actions last', () => {
    renderTable({ actions: (row) => <button type="button">Pay {row.name}</button> });
    const table = screen.getByRole('region', { name: 'Students' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Fee', 'Actions']);
    const asha = within(table).getByRole('row', { name: /Asha Patil/ });
    expect(within(asha).getByRole('button', { name: 'Pay Asha Patil' })).toBeTruthy();
    // Nothing gave way where nothing can be measured: no row opens.
    expect(within(table).queryByRole('button', { name: /^Details of/ })).toBeNull();
  });

  it('marks the table busy while a newer page loads', () => {
    renderTable({ isFetching: true });
    expect(screen.getByRole('region', { name: 'Students' }).getAttribute('aria-busy')).toBe('true');
  });
});

/**
 * A browser that lays the table out with every column `columnWidth` wide in a box `boxWidth` wide (jsdom
 * lays nothing out; the real widths are the e2e's, tests/dashboard/register-table-widths.spec.ts).
 */
function layOut(boxWidth: number, columnWidth: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const isBox = (element: HTMLElement) => element.getAttribute('aria-label') === 'Students';
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? boxWidth : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? Math.max(boxWidth, this.querySelectorAll('th').length * columnWidth) : 0;
  });
}

describe('DataTable in a box too narrow for every column', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const wideColumns: DataColumn<Row>[] = [
    { accessorKey: 'name', header: 'Name' },
    { accessorKey: 'fee', header: 'Fee', meta: { priority: 2 } },
    { id: 'phone', header: 'Phone', cell: () => '9822012345', meta: { priority: 3 } },
  ];

  it('hides the lesser columns until the table fits, and a row opens to show them', async () => {
    layOut(350, 100);
    const onCommit = vi.fn();
    render(
      <Profiler id="table" onRender={onCommit}>
        <DataTable
          {...tableProps}
          columns={wideColumns}
          actions={(row) => <button type="button">Pay {row.name}</button>}
        />
      </Profiler>,
    );
    const table = screen.getByRole('region', { name: 'Students' });
    // Name, Fee, Phone, Actions: 400 > 350. Phone gives way (the opener comes in), then Fee: 300.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Details', 'Name', 'Actions']);
    expect(onCommit.mock.calls.length).toBeLessThanOrEqual(4);
    expect(within(table).getByRole('button', { name: 'Pay Asha Patil' })).toBeTruthy();

    const opener = within(table).getByRole('button', { name: 'Details of Asha Patil' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(opener);
    // The same button, still focused: a row's cells are not mounted afresh on each render.
    expect(opener.isConnected).toBe(true);
    expect(document.activeElement).toBe(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const fields = within(table).getByRole('region', { name: 'Details of Asha Patil' });
    expect(opener.getAttribute('aria-controls')).toBe(fields.closest('tr')?.id);
    expect(within(fields).getByText('Fee')).toBeTruthy();
    expect(within(fields).getByText('5850')).toBeTruthy();
    expect(within(fields).getByText('Phone')).toBeTruthy();
    expect(within(table).queryByRole('region', { name: 'Details of Ravi Kulkarni' })).toBeNull();

    await userEvent.click(opener);
    expect(within(table).queryByRole('region', { name: 'Details of Asha Patil' })).toBeNull();
  });

  it('keeps every column in a box wide enough', () => {
    layOut(1000, 100);
    renderTable({ columns: wideColumns });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Fee', 'Phone']);
    expect(screen.queryByRole('button', { name: /^Details of/ })).toBeNull();
  });
});

describe('DataTable paging', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const paging = (overrides: Partial<Paging> = {}): Paging => ({
    page: 1,
    totalPages: 3,
    totalCount: 60,
    onPageChange: () => {},
    noun: ['student', 'students'],
    ...overrides,
  });

  it('shows the page and the count, and Next asks for the next page', async () => {
    const onPageChange = vi.fn();
    renderTable({ paging: paging({ onPageChange }) });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    expect(pages.textContent).toContain('60 students');
    expect(within(pages).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('names one row in the singular and disables both buttons on the only page', () => {
    renderTable({ paging: paging({ totalPages: 1, totalCount: 1 }) });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('1 student');
    expect(pages.textContent).not.toContain('1 students');
    for (const name of ['Previous', 'Next']) {
      expect(within(pages).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
  });

  it('keeps both buttons still while the next page loads', () => {
    renderTable({ paging: paging({ page: 2, isStale: true }) });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(within(pages).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('goes back to the last page when the list shrank below the page shown', () => {
    const onPageChange = vi.fn();
    renderTable({ paging: paging({ page: 5, totalPages: 2, onPageChange }) });
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 2 of 2');
  });
});

describe('DataTable on a phone', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows each row as a card: name, ID, figures, full-width actions, and no table', () => {
    phoneWidth();
    renderTable({
      card: { ...card, figures: [{ label: 'Fee', value: (row) => `₹${row.fee}` }] },
      actions: (row) => <button type="button">Pay {row.name}</button>,
    });
    const region = screen.getByRole('region', { name: 'Students' });
    expect(within(region).queryByRole('table')).toBeNull();
    const cards = within(region).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Asha Patil')).toBeTruthy();
    expect(first.getByText('2600001')).toBeTruthy();
    expect(first.getByText('₹5850')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Pay Asha Patil' })).toBeTruthy();
  });

  it("opens the fields a card leaves out under 'More details'", async () => {
    phoneWidth();
    renderTable({ card: { ...card, moreDetails: ['fee'] } });
    const details = screen.getAllByText('More details')[0] as HTMLElement;
    const disclosure = details.closest('details') as HTMLDetailsElement;
    expect(disclosure.open).toBe(false);
    await userEvent.click(details);
    expect(disclosure.open).toBe(true);
    const fields = screen.getByRole('region', { name: 'Details of Asha Patil' });
    expect(within(fields).getByText('Fee')).toBeTruthy();
    expect(within(fields).getByText('5850')).toBeTruthy();
  });

  it('shows no disclosure when the card leaves nothing out', () => {
    phoneWidth();
    renderTable();
    expect(screen.queryByText('More details')).toBeNull();
  });

  it('shows the empty text instead of cards', () => {
    phoneWidth();
    renderTable({ data: [] });
    expect(screen.getByText('No registrations found.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});

describe('which columns give way', () => {
  it('gives way by priority, 5 first, and within a priority in the order listed; priority 1 never', () => {
    const order = hideOrder<Row>([
      { id: 'srNo', header: 'Sr. No.', meta: { priority: 5 } },
      { accessorKey: 'name', header: 'Name' },
      { id: 'date', header: 'Date', meta: { priority: 3 } },
      { accessorKey: 'fee', header: 'Fee', meta: { priority: 3 } },
      { id: 'phone', header: 'Phone', meta: { priority: 5 } },
      { id: 'id', header: 'ID', meta: { priority: 2 } },
    ]);
    expect(order).toEqual(['srNo', 'phone', 'date', 'fee', 'id']);
  });

  const run = (events: FitEvent[], from: Fit = initialFit) => events.reduce(fitReducer, from);
  const overflowing: FitEvent = { type: 'measured', overflows: true, hideable: 3 };
  const fitting: FitEvent = { type: 'measured', overflows: false, hideable: 3 };

  it('hides one more column per measurement while the table overflows, then stops', () => {
    const fit = run([{ type: 'resized', width: 1000 }, overflowing, overflowing, fitting]);
    expect(fit).toEqual({ hiddenCount: 2, width: 1000, scrolls: false });
    expect(fitReducer(fit, fitting)).toBe(fit);
  });

  it('lets the box scroll, actions pinned, once every lesser column is hidden', () => {
    const fit = run([{ type: 'resized', width: 500 }, overflowing, overflowing, overflowing, overflowing]);
    expect(fit).toEqual({ hiddenCount: 3, width: 500, scrolls: true });
    expect(fitReducer(fit, overflowing)).toBe(fit);
  });

  it('starts from every column when the box grows, but not for a scrollbar', () => {
    const narrow = run([{ type: 'resized', width: 1000 }, overflowing, overflowing]);
    expect(fitReducer(narrow, { type: 'resized', width: 1015 })).toBe(narrow);
    expect(fitReducer(narrow, { type: 'resized', width: 1400 })).toEqual({
      hiddenCount: 0,
      width: 1400,
      scrolls: false,
    });
  });

  it('keeps what is hidden when the box narrows, and measures new rows afresh', () => {
    const fit = run([{ type: 'resized', width: 1000 }, overflowing, { type: 'resized', width: 900 }]);
    expect(fit).toEqual({ hiddenCount: 1, width: 900, scrolls: false });
    expect(fitReducer(fit, { type: 'rowsChanged' })).toEqual({ hiddenCount: 0, width: 900, scrolls: false });
    expect(fitReducer(initialFit, { type: 'rowsChanged' })).toBe(initialFit);
  });
});
