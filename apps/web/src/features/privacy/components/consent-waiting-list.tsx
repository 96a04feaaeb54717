import { consentStateLabels } from '@app/domain/privacy.rules';
import type { ConsentWaitingResponse } from '@app/domain/privacy.schemas';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useConsentWaiting } from '../api/get-consent-waiting';

type WaitingRow = ConsentWaitingResponse['students'][number];

const columns: DataColumn<WaitingRow>[] = [
  { accessorKey: 'studentId', header: 'Student ID', meta: { priority: 2, noWrap: true } },
  { accessorKey: 'studentName', header: 'Student Name', meta: { priority: 1 } },
  { accessorKey: 'counsellor', header: 'Counsellor', meta: { priority: 3 } },
  {
    id: 'registeredAt',
    header: 'Registered',
    cell: ({ row }) => formatDate(row.original.registeredAt),
    meta: { priority: 2, noWrap: true },
  },
  { id: 'state', header: 'Consent', cell: ({ row }) => consentStateLabels[row.original.state], meta: { priority: 3 } },
];

const card: CardLayout<WaitingRow> = {
  title: (row) => row.studentName,
  subtitle: (row) => `${row.studentId} · ${row.counsellor}`,
  figures: [
    { label: 'Registered', value: (row) => formatDate(row.registeredAt) },
    { label: 'Consent', value: (row) => consentStateLabels[row.state] },
  ],
};

/** Admins: registrations held until a parent's consent is recorded (no messages, no sign-in meanwhile). */
export function ConsentWaitingList() {
  const waiting = useConsentWaiting();
  return (
    <section aria-labelledby="consent-waiting-title" className="flex flex-col gap-3">
      <h2 id="consent-waiting-title" className="text-lg font-semibold text-slate-900">
        Waiting for a parent's consent{waiting.data ? ` (${waiting.data.total})` : ''}
      </h2>
      <DataTable
        label="Waiting for consent"
        columns={columns}
        data={waiting.data?.students}
        getRowId={(row) => row.studentId}
        isPending={waiting.isPending}
        isError={waiting.isError}
        onRetry={() => waiting.refetch()}
        emptyText="Nobody is waiting: every registration has its parent's consent."
        errorText="Failed to load data"
        card={card}
        actions={(row) => (
          <Link
            to={paths.dashboard.consent.getHref({ studentId: row.studentId })}
            aria-label={`Consent of ${row.studentName} (${row.studentId})`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Record consent
          </Link>
        )}
      />
    </section>
  );
}
