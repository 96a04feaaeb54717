import type { OverdueRow } from '@app/domain/home.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCounsellors } from '@/api/get-counsellors';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { DownloadButton } from '@/components/download-button';
import { Button, buttonClasses } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable, usePage } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatCurrency, formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useAllowTicket } from '../api/allow-ticket';
import { downloadOverdue, useOverdue } from '../api/get-home';

const NO_OVERDUE = 'No overdue students. Everyone is paid up to date.';

function Phone({ number, who }: { number: string; who: string }) {
  return (
    <a
      href={`tel:+91${number}`}
      className="font-medium text-brand-700 underline tabular-nums"
      aria-label={`Call ${who}, ${number}`}
    >
      {number}
    </a>
  );
}

/**
 * The student's session holds hall tickets while fees are overdue (issue 21): 'Held', and for an admin a
 * way to allow the ticket with a reason.
 */
function TicketHold({ row, canAllow }: { row: OverdueRow; canAllow: boolean }) {
  const allow = useAllowTicket();
  const toast = useToast();
  if (!row.ticketHeld) return null;
  const allowTicket = () => {
    const reason = window.prompt(`Why may ${row.studentName} have the hall ticket although the fee is overdue?`);
    if (!reason?.trim()) return;
    allow.mutate({ studentId: row.studentId, reason }, { onSuccess: (response) => toast.success(response.message) });
  };
  return (
    <span className="inline-flex items-center gap-2">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Ticket held</span>
      {canAllow && (
        <Button size="sm" variant="secondary" isLoading={allow.isPending} onClick={allowTicket}>
          Allow
        </Button>
      )}
    </span>
  );
}

const card: CardLayout<OverdueRow> = {
  title: (row) => row.studentName,
  subtitle: (row) => `${row.studentId} · ${row.standard} · ${row.counsellor}`,
  meta: (row) => (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <span>
        Student <Phone number={row.studentNo} who={row.studentName} />
      </span>
      <span>
        Parent <Phone number={row.parentsNo} who={`the parent of ${row.studentName}`} />
      </span>
    </span>
  ),
  figures: [
    { label: 'Remaining', value: (row) => formatCurrency(row.amountRemaining) },
    { label: 'Due Date', value: (row) => formatDate(row.dueDate) },
    { label: 'Days overdue', value: (row) => row.daysOverdue },
  ],
};

/** Students whose due date has passed with fees remaining, for follow-up calls; as Excel too. */
export function OverdueList() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const counsellors = useCounsellors({ enabled: isAdmin });
  const [counsellor, setCounsellor] = useState('');
  const chosen = isAdmin ? counsellor : '';
  const [page, setPage] = usePage(chosen);
  const overdue = useOverdue({ counsellor: chosen, page });

  const columns: DataColumn<OverdueRow>[] = [
    { accessorKey: 'studentId', header: 'Student ID', meta: { priority: 2, noWrap: true } },
    { accessorKey: 'studentName', header: 'Student Name', meta: { priority: 1 } },
    {
      id: 'studentNo',
      header: 'Student Number',
      cell: ({ row }) => <Phone number={row.original.studentNo} who={row.original.studentName} />,
      meta: { priority: 1, noWrap: true },
    },
    {
      id: 'parentsNo',
      header: 'Parent Number',
      cell: ({ row }) => <Phone number={row.original.parentsNo} who={`the parent of ${row.original.studentName}`} />,
      meta: { priority: 2, noWrap: true },
    },
    ...(isAdmin
      ? [{ accessorKey: 'counsellor', header: 'Counsellor', meta: { priority: 3 } } satisfies DataColumn<OverdueRow>]
      : []),
    {
      id: 'remaining',
      header: 'Remaining',
      cell: ({ row }) => formatCurrency(row.original.amountRemaining),
      meta: { priority: 1, isNumeric: true, noWrap: true },
    },
    {
      id: 'dueDate',
      header: 'Due Date',
      cell: ({ row }) => formatDate(row.original.dueDate),
      meta: { priority: 2, noWrap: true },
    },
    { accessorKey: 'daysOverdue', header: 'Days overdue', meta: { priority: 3, isNumeric: true } },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm text-slate-600">Due date passed and fees remaining. Tap a number to call.</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {isAdmin && (
            <div className="sm:w-64">
              <CounsellorCombobox
                counsellors={counsellors.data ?? []}
                value={counsellor}
                onChange={setCounsellor}
                isLoading={counsellors.isPending}
              />
            </div>
          )}
          {isAdmin && overdue.data?.data.length ? (
            // Send Messages starts on this list and the overdue reminder (issue 26).
            <Link
              to={paths.dashboard.section.getHref('messages')}
              className={buttonClasses({ variant: 'secondary', size: 'md' })}
            >
              Send a reminder
            </Link>
          ) : null}
          <DownloadButton
            fileName="Overdue_Students.xlsx"
            disabled={!overdue.data?.data.length}
            download={() => downloadOverdue(chosen)}
          />
        </div>
      </div>
      <DataTable
        label="Overdue students"
        columns={columns}
        data={overdue.data?.data}
        getRowId={(row) => row.studentId}
        isPending={overdue.isPending}
        isError={overdue.isError}
        onRetry={() => overdue.refetch()}
        emptyText={NO_OVERDUE}
        errorText={messages.failedToLoadData}
        isFetching={overdue.isFetching}
        card={card}
        actions={(row) => <TicketHold row={row} canAllow={isAdmin} />}
        paging={{
          page,
          totalPages: overdue.data?.totalPages ?? 1,
          totalCount: overdue.data?.totalCount ?? 0,
          onPageChange: setPage,
          noun: ['student', 'students'],
          isStale: overdue.isPlaceholderData,
        }}
      />
    </div>
  );
}
