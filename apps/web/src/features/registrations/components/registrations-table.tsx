import { messages } from '@app/domain/messages';
import type { RegistrationRow } from '@app/domain/registrations.schemas';
import { standards } from '@app/domain/standards.rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCentres } from '@/api/get-centres';
import { useCounsellors } from '@/api/get-counsellors';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Table, TableMessage } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { formatCurrency, formatDate, formatTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { registrationPdfError, useRegistrationPdf } from '../api/get-registration-pdf';
import { REGISTRATIONS_PAGE_SIZE, useRegistrations } from '../api/get-registrations';
import { PaymentModal } from './payment-form';

/** The search is sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

const standardOptions = [
  { value: '', label: 'All Standards' },
  ...standards.map((standard) => ({ value: standard, label: standard })),
];

/** A value that follows `value` once it has stopped changing for `delayMs`. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** '12-Pune' is shown as 'Pune' (SPEC §2: only the part after the hyphen). */
function centreName(examCentre: string): string {
  return examCentre.slice(examCentre.indexOf('-') + 1);
}

/**
 * SPEC §2 Registration Table: the registrations, newest first, paged by the server (25 a page),
 * filtered by search, counsellor (admin), exam centre and standard, with the registration PDF.
 */
export function RegistrationsTable() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const isCounsellor = session?.role === 'counsellor';
  const queryClient = useQueryClient();
  const toast = useToast();
  const centres = useCentres();
  const counsellors = useCounsellors({ enabled: isAdmin });
  const registrationPdf = useRegistrationPdf();

  const [search, setSearch] = useState('');
  const [counsellor, setCounsellor] = useState('');
  const [examCentre, setExamCentre] = useState('');
  const [standard, setStandard] = useState('');
  const [page, setPage] = useState(1);
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [loadingPdfFor, setLoadingPdfFor] = useState<string | null>(null);
  const [paying, setPaying] = useState<RegistrationRow | null>(null);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  // Any filter change starts again from the first page.
  const [filterKey, setFilterKey] = useState('');
  const nextFilterKey = JSON.stringify([debouncedSearch.trim(), counsellor, examCentre, standard]);
  if (nextFilterKey !== filterKey) {
    setFilterKey(nextFilterKey);
    setPage(1);
  }

  const registrations = useRegistrations({
    page,
    search: debouncedSearch,
    standard,
    examCentre,
    counsellor: isAdmin ? counsellor : '',
  });
  const totalPages = Math.max(registrations.data?.totalPages ?? 1, 1);

  // A page that no longer exists (fewer rows than before) falls back to the last one.
  useEffect(() => {
    if (registrations.data && page > totalPages) setPage(totalPages);
  }, [registrations.data, page, totalPages]);

  // The row as last loaded, so a reload (after a 409) shows the student's current balance.
  const payingRow = paying
    ? (registrations.data?.data.find((row) => row.studentId === paying.studentId) ?? paying)
    : null;

  const centreOptions = [
    { value: '', label: 'All Centres' },
    ...(centres.data ?? []).map((centre) => ({ value: String(centre.centerId), label: centre.centerName })),
  ];

  const columns = [
    'Sr. No.',
    'Register Date',
    'Register Time',
    'Student ID',
    'Student Name',
    'Standard',
    'Med/Grp',
    'Student No.',
    'Parent No.',
    'Exam Centre',
    ...(isAdmin ? ['Counsellor', 'Branch'] : []),
    'Total Amount',
    'Paid',
    'Remaining',
    'Due Date',
    'Actions',
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

  const body = () => {
    if (registrations.isPending) return <TableMessage colSpan={columns.length}>Loading...</TableMessage>;
    if (registrations.isError) {
      return (
        <TableMessage colSpan={columns.length}>
          <LoadError message={messages.failedToLoadData} onRetry={() => registrations.refetch()} />
        </TableMessage>
      );
    }
    const rows = registrations.data.data;
    if (rows.length === 0) return <TableMessage colSpan={columns.length}>{messages.noRegistrationsFound}</TableMessage>;
    const first = (page - 1) * REGISTRATIONS_PAGE_SIZE;
    return rows.map((row, index) => (
      <tr key={row.studentId}>
        <td className="tabular-nums">{first + index + 1}</td>
        <td className="whitespace-nowrap tabular-nums">{formatDate(row.createdAt)}</td>
        <td className="whitespace-nowrap tabular-nums">{formatTime(row.createdAt)}</td>
        <td className="tabular-nums">{row.studentId}</td>
        <td className="font-medium">{row.studentName}</td>
        <td>{row.standard}</td>
        <td>{row.branch}</td>
        <td className="tabular-nums">{row.studentNo}</td>
        <td className="tabular-nums">{row.parentsNo}</td>
        <td>{centreName(row.examCentre)}</td>
        {isAdmin && <td>{row.counsellor}</td>}
        {isAdmin && <td>{row.counsellorBranch}</td>}
        <td className="text-right tabular-nums">{formatCurrency(row.totalAmount)}</td>
        <td className="text-right tabular-nums">{formatCurrency(row.amountPaid)}</td>
        <td className="text-right tabular-nums">{formatCurrency(row.amountRemaining)}</td>
        <td className="whitespace-nowrap tabular-nums">{formatDate(row.dueDate)}</td>
        <td className="whitespace-nowrap">
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
          {isCounsellor && row.amountRemaining > 0 && (
            <Button
              size="sm"
              className="ml-2"
              aria-label={`Make Payment for ${row.studentName} (${row.studentId})`}
              onClick={() => setPaying(row)}
            >
              Make Payment
            </Button>
          )}
        </td>
      </tr>
    ));
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        <Input
          label="Search"
          type="search"
          placeholder="Name, student ID or student number"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {isAdmin && (
          <CounsellorCombobox
            counsellors={counsellors.data ?? []}
            isLoading={counsellors.isPending}
            value={counsellor}
            onChange={setCounsellor}
          />
        )}
        <Select
          label="Exam Centre"
          options={centreOptions}
          value={examCentre}
          onChange={(event) => setExamCentre(event.target.value)}
        />
        <Select
          label="Standard"
          options={standardOptions}
          value={standard}
          onChange={(event) => setStandard(event.target.value)}
        />
      </div>

      <Table label="Registrations">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={registrations.isFetching || undefined}>{body()}</tbody>
      </Table>

      <nav aria-label="Pages" className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1 || registrations.isPlaceholderData}
          onClick={() => setPage((current) => Math.max(1, current - 1))}
        >
          Previous
        </Button>
        <p className="text-sm text-slate-700 tabular-nums" aria-live="polite">
          Page {Math.min(page, totalPages)} of {totalPages}
          {registrations.data && (
            <span className="text-slate-500">
              {' '}
              · {registrations.data.totalCount} {registrations.data.totalCount === 1 ? 'student' : 'students'}
            </span>
          )}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= totalPages || registrations.isPlaceholderData}
          onClick={() => setPage((current) => current + 1)}
        >
          Next
        </Button>
      </nav>

      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} />
      <PaymentModal
        isOpen={paying !== null}
        student={payingRow}
        onClose={() => setPaying(null)}
        onBalanceChanged={() => void queryClient.invalidateQueries({ queryKey: ['registrations'] })}
      />
    </div>
  );
}
