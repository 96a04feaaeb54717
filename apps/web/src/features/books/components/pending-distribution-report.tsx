import type { PendingDistributionRow } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency, formatDate } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { getPendingDistributionXlsx, usePendingDistribution } from '../api/get-pending-distribution';

const columns: DataColumn<PendingDistributionRow>[] = [
  { id: 'counsellor', header: 'Counsellor', cell: ({ row }) => row.original.counsellorName, meta: { priority: 2 } },
  { id: 'studentId', header: 'Student ID', cell: ({ row }) => row.original.studentId, meta: { noWrap: true } },
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.studentName },
  { id: 'set', header: 'Book Set', cell: ({ row }) => row.original.bookSet },
  {
    id: 'paid',
    header: 'Paid',
    cell: ({ row }) => formatCurrency(row.original.amountPaid),
    meta: { isNumeric: true, priority: 3 },
  },
  {
    id: 'registered',
    header: 'Registered',
    cell: ({ row }) => formatDate(row.original.registeredOn),
    meta: { noWrap: true, priority: 3 },
  },
  { id: 'days', header: 'Days Waiting', cell: ({ row }) => row.original.daysWaiting, meta: { isNumeric: true } },
];

/** Students who paid but still wait for a book set, per counsellor, with an Excel download. */
export function PendingDistributionReport() {
  const toast = useToast();
  const [isOpen, setIsOpen] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);
  const report = usePendingDistribution({ enabled: isOpen });

  const download = async () => {
    setIsDownloading(true);
    try {
      saveFile(await getPendingDistributionXlsx(), 'Pending_Book_Distribution.xlsx');
    } catch (error) {
      toast.error(errorMessage(error, messages.somethingWentWrong));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Books Pending Distribution</h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setIsOpen((open) => !open)}>
            {isOpen ? 'Hide Report' : 'Open Report'}
          </Button>
          <Button variant="secondary" isLoading={isDownloading} onClick={download}>
            Download Excel
          </Button>
        </div>
      </div>
      {isOpen && (
        <DataTable
          label="Books pending distribution"
          columns={columns}
          data={report.data}
          getRowId={(row) => `${row.studentId}/${row.bookSet}`}
          isPending={report.isPending}
          isError={report.isError}
          onRetry={() => report.refetch()}
          emptyText={messages.noEligibleStudents}
          errorText={messages.failedToLoadData}
          card={{
            title: (row) => row.studentName,
            subtitle: (row) => row.studentId,
            meta: (row) => `${row.counsellorName} · ${row.bookSet} set`,
            figures: [
              { label: 'Paid', value: (row) => formatCurrency(row.amountPaid) },
              { label: 'Days Waiting', value: (row) => row.daysWaiting },
            ],
            moreDetails: ['registered'],
          }}
        />
      )}
    </section>
  );
}
