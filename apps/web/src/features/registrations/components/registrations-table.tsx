import { SEAT_NUMBER_LABEL } from '@app/domain/exam.rules';
import { messages } from '@app/domain/messages';
import type { RegistrationRow } from '@app/domain/registrations.schemas';
import { studentStatusLabels } from '@app/domain/students.rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCentres } from '@/api/get-centres';
import { ListFilters, useListFilters } from '@/components/list-filters';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button, buttonClasses } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatCurrency, formatDate, formatTime } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { registrationPdfError, useRegistrationPdf } from '../api/get-registration-pdf';
import { REGISTRATIONS_PAGE_SIZE, useRegistrations } from '../api/get-registrations';
import { PaymentModal } from './payment-form';

/** '12-Pune' is shown as 'Pune' (SPEC §2: only the part after the hyphen). */
function centreName(examCentre: string): string {
  return examCentre.slice(examCentre.indexOf('-') + 1);
}

/** Beside a withdrawn student's name (issue 25). */
function WithdrawnBadge({ row }: { row: RegistrationRow }) {
  if (row.status !== 'inactive') return null;
  return (
    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">
      {studentStatusLabels.inactive}
    </span>
  );
}

/** A registration on a phone: name and ID, then what is owed and when. */
const registrationCard: CardLayout<RegistrationRow> = {
  title: (row) => row.studentName,
  subtitle: (row) => (
    <>
      {row.studentId}
      <WithdrawnBadge row={row} />
    </>
  ),
  meta: (row) => `${row.standard} · ${row.branch} · ${centreName(row.examCentre)} · ${formatDate(row.createdAt)}`,
  figures: [
    { label: 'Total Amount', value: (row) => formatCurrency(row.totalAmount) },
    { label: 'Paid', value: (row) => formatCurrency(row.amountPaid) },
    { label: 'Remaining', value: (row) => formatCurrency(row.amountRemaining) },
    { label: 'Due Date', value: (row) => formatDate(row.dueDate) },
  ],
  moreDetails: ['registerTime', 'seatNumber', 'studentNo', 'parentsNo', 'counsellor', 'counsellorBranch'],
};

/**
 * SPEC §2 Registration Table: the registrations, newest first, paged by the server (25 a page),
 * filtered by search, counsellor (admin), exam centre and standard, with the registration PDF.
 */
export function RegistrationsTable() {
  const session = useSession();
  const isCounsellor = session?.role === 'counsellor';
  const queryClient = useQueryClient();
  const toast = useToast();
  const centres = useCentres();
  const registrationPdf = useRegistrationPdf();

  const [examCentre, setExamCentre] = useState('');
  const [includeWithdrawn, setIncludeWithdrawn] = useState(false);
  const filters = useListFilters([examCentre, String(includeWithdrawn)]);
  const { isAdmin, query } = filters;
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [loadingPdfFor, setLoadingPdfFor] = useState<string | null>(null);
  const [paying, setPaying] = useState<RegistrationRow | null>(null);

  const registrations = useRegistrations({
    ...query,
    examCentre,
    includeWithdrawn,
  });

  // The row as last loaded, so a reload (after a 409) shows the student's current balance.
  const payingRow = paying
    ? (registrations.data?.data.find((row) => row.studentId === paying.studentId) ?? paying)
    : null;

  const centreOptions = [
    { value: '', label: 'All Centres' },
    ...(centres.data ?? []).map((centre) => ({ value: String(centre.centerId), label: centre.centerName })),
  ];

  const first = (query.page - 1) * REGISTRATIONS_PAGE_SIZE;
  const columns: DataColumn<RegistrationRow>[] = [
    { id: 'srNo', header: 'Sr. No.', cell: ({ row }) => first + row.index + 1, meta: { priority: 5, isNumeric: true } },
    {
      id: 'registerDate',
      header: 'Register Date',
      cell: ({ row }) => formatDate(row.original.createdAt),
      meta: { priority: 3, noWrap: true },
    },
    {
      id: 'registerTime',
      header: 'Register Time',
      cell: ({ row }) => formatTime(row.original.createdAt),
      meta: { priority: 5, noWrap: true },
    },
    { id: 'studentId', header: 'Student ID', accessorKey: 'studentId', meta: { priority: 2, noWrap: true } },
    {
      // Beyond SPEC: the seat number once an admin has assigned the centre's seats (docs/decisions/005).
      id: 'seatNumber',
      header: SEAT_NUMBER_LABEL,
      cell: ({ row }) => row.original.seatNumber ?? '—',
      meta: { priority: 4, noWrap: true },
    },
    {
      id: 'studentName',
      header: 'Student Name',
      cell: ({ row }) => (
        <>
          {row.original.studentName}
          <WithdrawnBadge row={row.original} />
        </>
      ),
      meta: { className: 'font-medium min-w-36' },
    },
    { id: 'standard', header: 'Standard', accessorKey: 'standard', meta: { priority: 3 } },
    { id: 'branch', header: 'Med/Grp', accessorKey: 'branch', meta: { priority: 4 } },
    { id: 'studentNo', header: 'Student No.', accessorKey: 'studentNo', meta: { priority: 5 } },
    { id: 'parentsNo', header: 'Parent No.', accessorKey: 'parentsNo', meta: { priority: 5 } },
    {
      id: 'examCentre',
      header: 'Exam Centre',
      cell: ({ row }) => centreName(row.original.examCentre),
      meta: { priority: 4 },
    },
    ...(isAdmin
      ? ([
          // SPEC §2: the admin sees whose student each row is (at 1280 px too: the dates and standard give way first).
          { id: 'counsellor', header: 'Counsellor', accessorKey: 'counsellor', meta: { priority: 3 } },
          { id: 'counsellorBranch', header: 'Branch', accessorKey: 'counsellorBranch', meta: { priority: 3 } },
        ] satisfies DataColumn<RegistrationRow>[])
      : []),
    {
      id: 'totalAmount',
      header: 'Total Amount',
      cell: ({ row }) => formatCurrency(row.original.totalAmount),
      meta: { priority: 3, isNumeric: true, noWrap: true },
    },
    {
      id: 'amountPaid',
      header: 'Paid',
      cell: ({ row }) => formatCurrency(row.original.amountPaid),
      meta: { priority: 3, isNumeric: true, noWrap: true },
    },
    {
      id: 'amountRemaining',
      header: 'Remaining',
      cell: ({ row }) => formatCurrency(row.original.amountRemaining),
      meta: { isNumeric: true, noWrap: true },
    },
    {
      id: 'dueDate',
      header: 'Due Date',
      cell: ({ row }) => formatDate(row.original.dueDate),
      meta: { priority: 2, noWrap: true },
    },
  ];

  const openPdf = (row: RegistrationRow) => {
    setLoadingPdfFor(row.studentId);
    registrationPdf.mutate(row.studentId, {
      onSuccess: (blob) =>
        setPdf({
          blob,
          fileName: `Registration_${row.studentId}.pdf`,
          studentName: row.studentName,
          studentId: row.studentId,
        }),
      onError: (error) => toast.error(registrationPdfError(error)),
      onSettled: () => setLoadingPdfFor(null),
    });
  };

  const actions = (row: RegistrationRow) => (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`PDF of ${row.studentName} (${row.studentId})`}
        isLoading={loadingPdfFor === row.studentId}
        disabled={loadingPdfFor !== null && loadingPdfFor !== row.studentId}
        onClick={() => openPdf(row)}
      >
        PDF
      </Button>
      {isCounsellor && row.amountRemaining > 0 && row.status === 'active' && (
        <Button
          size="sm"
          aria-label={`Make Payment for ${row.studentName} (${row.studentId})`}
          onClick={() => setPaying(row)}
        >
          Make Payment
        </Button>
      )}
      {isAdmin && (
        <Link
          to={paths.dashboard.studentEdit.getHref({ studentId: row.studentId })}
          aria-label={`Edit ${row.studentName} (${row.studentId})`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Edit
        </Link>
      )}
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <ListFilters filters={filters} searchPlaceholder="Name, student ID or student number">
        <Select
          label="Exam Centre"
          options={centreOptions}
          value={examCentre}
          onChange={(event) => setExamCentre(event.target.value)}
        />
      </ListFilters>
      <Checkbox className="self-start" checked={includeWithdrawn} onChange={setIncludeWithdrawn}>
        Show withdrawn
      </Checkbox>

      <DataTable
        label="Registrations"
        columns={columns}
        data={registrations.data?.data}
        getRowId={(row) => row.studentId}
        isPending={registrations.isPending}
        isError={registrations.isError}
        isFetching={registrations.isFetching}
        onRetry={() => void registrations.refetch()}
        emptyText={messages.noRegistrationsFound}
        errorText={messages.failedToLoadData}
        card={registrationCard}
        actions={actions}
        paging={{
          page: query.page,
          totalPages: registrations.data?.totalPages ?? 1,
          totalCount: registrations.data?.totalCount ?? 0,
          onPageChange: filters.setPage,
          noun: ['student', 'students'],
          isStale: registrations.isPlaceholderData,
        }}
      />

      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} />
      <PaymentModal
        isOpen={paying !== null}
        student={payingRow}
        onClose={() => setPaying(null)}
        onBalanceChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.registrations })}
      />
    </div>
  );
}
