import { CHALLAN_PAGE_SIZE, type ChallanView } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useCounsellors } from '@/api/get-counsellors';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable, usePage } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { getChallanPdf } from '../api/get-challan-pdf';
import { type ChallanFilters, useChallans } from '../api/get-challans';
import { challanColumns, challanReceiptColumn } from './challan-columns';
import { ChallanDetailsModal } from './challan-details-modal';
import { ChallanReceiptStatus } from './challan-receipt-status';

const noFilters: ChallanFilters = { counsellor: '', from: '', to: '', chalanNo: '' };

const columns: DataColumn<ChallanView>[] = [
  challanColumns.no,
  challanColumns.date,
  { id: 'counsellor', header: 'Counsellor', cell: ({ row }) => row.original.counsellorName },
  { id: 'items', header: 'Total Items', cell: ({ row }) => row.original.totalItems, meta: { isNumeric: true } },
  { id: 'books', header: 'Books', cell: ({ row }) => row.original.books, meta: { isNumeric: true, priority: 2 } },
  challanColumns.pamphlets,
  challanColumns.receiptBooks,
  challanReceiptColumn('signedCopy', 'Signed Copy'),
];

function Tile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-semibold text-slate-900 tabular-nums">{value ?? '-'}</p>
    </div>
  );
}

/** SPEC §2 Challan Management System (admin, dashboard/chalan). */
export function ChallanManagement() {
  const toast = useToast();
  const counsellors = useCounsellors();
  const [filters, setFilters] = useState<ChallanFilters>(noFilters);
  const debouncedNo = useDebouncedValue(filters.chalanNo, 300);
  const applied = { ...filters, chalanNo: debouncedNo };
  const [page, setPage] = usePage(JSON.stringify(filters));
  const challans = useChallans(applied, page);
  const [open, setOpen] = useState<ChallanView | null>(null);
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [pdfFor, setPdfFor] = useState<number | null>(null);

  const set = (change: Partial<ChallanFilters>) => setFilters((current) => ({ ...current, ...change }));
  const totals = challans.data?.totals;
  const totalCount = challans.data?.totalCount ?? 0;
  const first = totalCount === 0 ? 0 : (page - 1) * CHALLAN_PAGE_SIZE + 1;
  const last = Math.min(page * CHALLAN_PAGE_SIZE, totalCount);

  const openPdf = async (challan: ChallanView) => {
    setPdfFor(challan.id);
    try {
      const blob = await getChallanPdf(challan.id);
      setPdf({
        blob,
        fileName: `Challan_${challan.chalanNo}.pdf`,
        studentName: challan.counsellorName,
        studentId: challan.chalanNo,
      });
    } catch (error) {
      toast.error(errorMessage(error, messages.pdfError));
    } finally {
      setPdfFor(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Tile label="Total Challans" value={totals?.totalChallans} />
        <Tile label="Total Items" value={totals?.totalItems} />
        <Tile label="Books Sent" value={totals?.booksSent} />
        <Tile label="Pamphlets" value={totals?.pamphlets} />
        <Tile label="Receipt Books" value={totals?.receiptBooks} />
        <Tile label="Counsellors" value={totals?.counsellors} />
      </div>

      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <CounsellorCombobox
            counsellors={counsellors.data ?? []}
            value={filters.counsellor}
            onChange={(counsellor) => set({ counsellor })}
            isLoading={counsellors.isPending}
          />
          <Input
            label="Date From"
            type="date"
            value={filters.from}
            onChange={(event) => set({ from: event.target.value })}
          />
          <Input label="Date To" type="date" value={filters.to} onChange={(event) => set({ to: event.target.value })} />
          <Input
            label="Challan Number"
            type="search"
            inputMode="numeric"
            maxLength={10}
            value={filters.chalanNo}
            onChange={(event) => set({ chalanNo: event.target.value })}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            Showing {challans.data?.data.length ?? 0} of {totalCount} challans
          </p>
          <Button variant="secondary" onClick={() => setFilters(noFilters)}>
            Clear Filters
          </Button>
        </div>
      </div>

      <h2 className="text-lg font-semibold text-slate-900">Challans List</h2>
      <DataTable
        label="Challans"
        columns={columns}
        data={challans.data?.data}
        getRowId={(challan) => String(challan.id)}
        isPending={challans.isPending}
        isError={challans.isError}
        isFetching={challans.isFetching}
        onRetry={() => challans.refetch()}
        loadingText={messages.challansLoading}
        emptyText={messages.noChallans}
        errorText={messages.failedToLoadData}
        card={{
          title: (challan) => challan.counsellorName,
          subtitle: (challan) => `No. ${challan.chalanNo}`,
          meta: (challan) => formatDate(challan.date),
          figures: [
            { label: 'Total Items', value: (challan) => challan.totalItems },
            { label: 'Books', value: (challan) => challan.books },
            { label: 'Pamphlets', value: (challan) => challan.pamphlets },
            { label: 'Receipt Books', value: (challan) => challan.receiptBooks },
            { label: 'Signed Copy', value: (challan) => <ChallanReceiptStatus challan={challan} /> },
          ],
        }}
        actions={(challan) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`View details of challan ${challan.chalanNo}`}
            onClick={() => setOpen(challan)}
          >
            View Details
          </Button>
        )}
        paging={
          (challans.data?.totalPages ?? 1) > 1
            ? {
                page,
                totalPages: challans.data?.totalPages ?? 1,
                totalCount,
                onPageChange: setPage,
                noun: ['challan', 'challans'],
                isStale: challans.isPlaceholderData,
              }
            : undefined
        }
      />
      {(challans.data?.totalPages ?? 1) > 1 && (
        <p className="text-center text-sm text-slate-600">
          Showing {first} to {last} of {totalCount} entries
        </p>
      )}

      <ChallanDetailsModal
        challan={open}
        onClose={() => setOpen(null)}
        onPdf={openPdf}
        isPdfLoading={pdfFor !== null}
      />
      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} title="Challan" />
    </div>
  );
}
