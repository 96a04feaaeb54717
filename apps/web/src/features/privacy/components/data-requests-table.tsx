import { dataRequestKindLabels } from '@app/domain/privacy.rules';
import type { DataRequestRowResponse } from '@app/domain/privacy.schemas';
import { useState } from 'react';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import {
  downloadDataCopy,
  getDataCopyPdf,
  useCloseDataRequest,
  useDataRequests,
  useEraseForRequest,
} from '../api/data-requests';

const statusLabels = { open: 'Open', done: 'Done', refused: 'Refused' } as const;

function DueOn({ row }: { row: DataRequestRowResponse }) {
  return (
    <span className={cn('tabular-nums', row.isOverdue && 'font-semibold text-red-700')}>
      {formatDate(row.dueOn)}
      {row.isOverdue && ' · overdue'}
    </span>
  );
}

const columns: DataColumn<DataRequestRowResponse>[] = [
  {
    id: 'receivedOn',
    header: 'Received',
    cell: ({ row }) => formatDate(row.original.receivedOn),
    meta: { priority: 3, noWrap: true },
  },
  { accessorKey: 'studentName', header: 'Student', meta: { priority: 1 } },
  { accessorKey: 'studentId', header: 'Student ID', meta: { priority: 2, noWrap: true } },
  { id: 'kind', header: 'Request', cell: ({ row }) => dataRequestKindLabels[row.original.kind], meta: { priority: 1 } },
  {
    id: 'dueOn',
    header: 'Due by',
    cell: ({ row }) => <DueOn row={row.original} />,
    meta: { priority: 1, noWrap: true },
  },
  { id: 'status', header: 'Status', cell: ({ row }) => statusLabels[row.original.status], meta: { priority: 2 } },
  { id: 'handledBy', header: 'Handled by', cell: ({ row }) => row.original.handledBy ?? '-', meta: { priority: 4 } },
  { id: 'outcome', header: 'Outcome', cell: ({ row }) => row.original.outcome ?? '-', meta: { priority: 5 } },
];

const card: CardLayout<DataRequestRowResponse> = {
  title: (row) => `${dataRequestKindLabels[row.kind]}: ${row.studentName}`,
  subtitle: (row) => `${row.studentId} · received ${formatDate(row.receivedOn)}`,
  figures: [
    { label: 'Due by', value: (row) => <DueOn row={row} /> },
    { label: 'Status', value: (row) => statusLabels[row.status] },
  ],
  moreDetails: ['handledBy', 'outcome'],
};

/** The request register: each family's request, its deadline, who handled it and the outcome. */
export function DataRequestsTable() {
  const toast = useToast();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const requests = useDataRequests(status);
  const closeRequest = useCloseDataRequest();
  const erase = useEraseForRequest();
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const copy = async (row: DataRequestRowResponse, kind: 'json' | 'pdf') => {
    setBusy(`${row.id}-${kind}`);
    try {
      if (kind === 'json') await downloadDataCopy(row.studentId);
      else setPdf({ ...(await getDataCopyPdf(row.studentId)), studentName: row.studentName, studentId: row.studentId });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not prepare the copy'));
    } finally {
      setBusy(null);
    }
  };
  const close = (row: DataRequestRowResponse) => {
    const outcome = window.prompt(`What was done for ${row.studentName}'s request?`);
    if (!outcome?.trim()) return;
    closeRequest.mutate(
      { id: row.id, body: { status: 'done', outcome } },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorMessage(error, 'Could not close the request')),
      },
    );
  };
  const eraseData = (row: DataRequestRowResponse) => {
    if (
      !window.confirm(
        `Erase ${row.studentName}'s personal data? Fee receipts and accounts are kept for 8 years; contact details, photos, marks and enquiry notes are erased. This cannot be undone.`,
      )
    )
      return;
    erase.mutate(row.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error, 'Could not erase the data')),
    });
  };

  return (
    <section aria-labelledby="data-requests-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="data-requests-title" className="text-lg font-semibold text-slate-900">
          Request register
        </h2>
        <Select
          label="Show"
          options={[
            { value: 'open', label: 'Open requests' },
            { value: 'all', label: 'All requests' },
          ]}
          value={status}
          onChange={(event) => setStatus(event.target.value === 'all' ? 'all' : 'open')}
          fieldClassName="sm:w-48"
        />
      </div>
      <DataTable
        label="Requests"
        columns={columns}
        data={requests.data}
        getRowId={(row) => String(row.id)}
        isPending={requests.isPending}
        isError={requests.isError}
        onRetry={() => requests.refetch()}
        emptyText="No requests."
        errorText="Failed to load data"
        card={card}
        rowClassName={(row) => (row.isOverdue ? 'bg-red-50' : undefined)}
        actions={(row) => (
          <>
            {row.kind === 'copy' && (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  isLoading={busy === `${row.id}-pdf`}
                  onClick={() => copy(row, 'pdf')}
                >
                  Copy (PDF)
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  isLoading={busy === `${row.id}-json`}
                  onClick={() => copy(row, 'json')}
                >
                  Copy (JSON)
                </Button>
              </>
            )}
            {row.status === 'open' && row.kind === 'erasure' && (
              <Button size="sm" variant="danger" isLoading={erase.isPending} onClick={() => eraseData(row)}>
                Erase
              </Button>
            )}
            {row.status === 'open' && (
              <Button size="sm" variant="secondary" onClick={() => close(row)}>
                Close
              </Button>
            )}
          </>
        )}
      />
      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} title="Data copy" />
    </section>
  );
}
