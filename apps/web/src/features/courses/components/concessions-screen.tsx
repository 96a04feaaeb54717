import { type Concession, type ConcessionStatus, concessionRequest } from '@app/domain/courses.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { FormCard } from '@/components/ui/form-card';
import { Input, rupeesInput } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder, formResolver } from '@/lib/form-schema';
import { formatCurrency, formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useConcessions, useDecideConcession, useRequestConcession } from '../api/concessions';

const statusLabels: Record<ConcessionStatus, string> = {
  requested: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

const columns: DataColumn<Concession>[] = [
  { accessorKey: 'studentId', header: 'Student ID', meta: { priority: 2, noWrap: true } },
  { accessorKey: 'studentName', header: 'Student Name', meta: { priority: 1 } },
  {
    id: 'amount',
    header: 'Concession',
    cell: ({ row }) => formatCurrency(row.original.amount),
    meta: { priority: 1, isNumeric: true, noWrap: true },
  },
  { accessorKey: 'reason', header: 'Reason', meta: { priority: 2 } },
  {
    id: 'balance',
    header: 'Total / Paid',
    cell: ({ row }) => `${formatCurrency(row.original.totalAmount)} / ${formatCurrency(row.original.amountPaid)}`,
    meta: { priority: 3, noWrap: true },
  },
  { accessorKey: 'requestedBy', header: 'Asked by', meta: { priority: 3 } },
  {
    id: 'requestedAt',
    header: 'Asked on',
    cell: ({ row }) => formatDate(row.original.requestedAt),
    meta: { priority: 4, noWrap: true },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) =>
      row.original.status === 'rejected' && row.original.decisionReason
        ? `Rejected: ${row.original.decisionReason}`
        : statusLabels[row.original.status],
    meta: { priority: 2 },
  },
];

const card: CardLayout<Concession> = {
  title: (row) => row.studentName,
  subtitle: (row) => row.studentId,
  meta: (row) => `${row.reason} · ${statusLabels[row.status]}`,
  figures: [
    { label: 'Concession', value: (row) => formatCurrency(row.amount) },
    { label: 'Total / Paid', value: (row) => `${formatCurrency(row.totalAmount)} / ${formatCurrency(row.amountPaid)}` },
  ],
};

/**
 * Concessions (dashboard/concessions; issue 25): a counsellor asks for one on their own student (the
 * registration form asks at registration); an admin approves it (then the student owes less) or rejects it
 * with a reason.
 */
export function ConcessionsScreen() {
  const isAdmin = useSession()?.role === 'admin';
  const [status, setStatus] = useState<ConcessionStatus | ''>('requested');
  const concessions = useConcessions({ status: status || undefined });

  return (
    <div className="flex flex-col gap-4">
      <RequestConcessionForm />
      <Select
        label="Show"
        fieldClassName="sm:w-64"
        value={status}
        onChange={(event) => setStatus(event.target.value as ConcessionStatus | '')}
        options={[
          { value: 'requested', label: 'Waiting for approval' },
          { value: 'approved', label: 'Approved' },
          { value: 'rejected', label: 'Rejected' },
          { value: '', label: 'All' },
        ]}
      />
      <ConcessionsTable
        label="Concession requests"
        concessions={concessions}
        emptyText="No concession requests"
        canDecide={isAdmin}
      />
    </div>
  );
}

function Decide({ row }: { row: Concession }) {
  const toast = useToast();
  const decide = useDecideConcession();
  const [isRejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');

  const approve = () => {
    const text = `Approve a concession of ${formatCurrency(row.amount)} for ${row.studentName}? They will owe ${formatCurrency(row.totalAmount - row.amount)} in all.`;
    if (!window.confirm(text)) return;
    decide.mutate({ id: row.id, approve: true }, { onSuccess: (response) => toast.success(response.message) });
  };
  const reject = () =>
    decide.mutate(
      { id: row.id, approve: false, reason },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          setRejecting(false);
        },
      },
    );

  return (
    <div className="flex gap-2">
      <Button
        isLoading={decide.isPending}
        onClick={approve}
        aria-label={`Approve the concession for ${row.studentName}`}
      >
        Approve
      </Button>
      <Button
        variant="secondary"
        onClick={() => setRejecting(true)}
        aria-label={`Reject the concession for ${row.studentName}`}
      >
        Reject
      </Button>
      <Modal
        isOpen={isRejecting}
        onClose={() => setRejecting(false)}
        title={`Reject the concession for ${row.studentName}`}
      >
        <div className="flex flex-col gap-4">
          <Textarea label="Reason" required value={reason} onChange={(event) => setReason(event.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
            <Button isLoading={decide.isPending} disabled={!reason.trim()} onClick={reject}>
              Reject
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}

type RequestValues = { studentId: string; amount: string; reason: string };
const requestFields: readonly string[] = ['studentId', 'amount', 'reason'];

/** Ask for a concession on a registered student (a counsellor's own); `studentId` fixes the student. */
function RequestConcessionForm({ studentId }: { studentId?: string | undefined }) {
  const toast = useToast();
  const request = useRequestConcession();
  const initial = { studentId: studentId ?? '', amount: '', reason: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RequestValues, unknown, z.output<typeof concessionRequest>>({
    resolver: formResolver(concessionRequest),
    defaultValues: initial,
  });
  const bind = fieldBinder(register, errors);
  const onSubmit = handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: (response) => {
        toast.success(response.message);
        reset(initial);
      },
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: (path): path is keyof RequestValues => requestFields.includes(path),
          toastError: toast.error,
          fallback: messages.somethingWentWrong,
        }),
    }),
  );

  return (
    <FormCard
      id={studentId ? `request-concession-${studentId}` : 'request-concession'}
      title={studentId ? `Ask for a concession for ${studentId}` : 'Ask for a concession'}
      onSubmit={onSubmit}
      submitLabel="Ask for approval"
      isSubmitting={request.isPending}
      columnsClassName="lg:grid-cols-3"
    >
      {!studentId && (
        <Input label="Student ID" inputMode="numeric" autoComplete="off" required {...bind('studentId')} />
      )}
      <Input label="Concession (₹)" {...rupeesInput} min={1} required {...bind('amount')} />
      <Input label="Reason" autoComplete="off" required {...bind('reason')} />
    </FormCard>
  );
}

/** Concessions in a table (cards on a phone), with an admin's decision buttons on those still waiting. */
function ConcessionsTable({
  label,
  concessions,
  emptyText,
  canDecide,
}: {
  label: string;
  concessions: ReturnType<typeof useConcessions>;
  emptyText: string;
  canDecide: boolean;
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      data={concessions.data}
      getRowId={(row) => String(row.id)}
      isPending={concessions.isPending}
      isError={concessions.isError}
      onRetry={() => concessions.refetch()}
      emptyText={emptyText}
      errorText={messages.failedToLoadData}
      card={card}
      actions={canDecide ? (row) => (row.status === 'requested' ? <Decide row={row} /> : null) : undefined}
    />
  );
}

/**
 * One student's concessions (Edit Student, composed by its route): those asked, approved or rejected,
 * the admin's decision buttons, and a form to ask for another.
 */
export function StudentConcessions({ studentId }: { studentId: string }) {
  const concessions = useConcessions({ studentId });
  return (
    <div className="flex flex-col gap-4">
      <ConcessionsTable
        label={`Concessions of ${studentId}`}
        concessions={concessions}
        emptyText="No concession asked for this student"
        canDecide
      />
      <RequestConcessionForm studentId={studentId} />
    </div>
  );
}
