import { messages } from '@app/domain/messages';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListFilters, useListFilters } from '@/components/list-filters';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useVisiting, VISITING_PAGE_SIZE } from '../api/get-visiting';
import { enquiryStatusOf } from './enquiry-status';
import { VisitingDetailsModal } from './visiting-details-modal';

const visitingCard: CardLayout<VisitingRecord> = {
  title: (record) => record.studentName,
  subtitle: (record) => `${formatDate(record.createdAt)} · ${enquiryStatusOf(record)}`,
  meta: (record) => `${record.standard} · ${record.branch} · Demo ${record.demoGiven}`,
  figures: [
    { label: 'Student No.', value: (record) => record.studentNo },
    { label: 'Parent No.', value: (record) => record.parentsNo },
  ],
  moreDetails: ['counsellor'],
};

/** SPEC §2 Visiting Table: the enquiries, newest first, paged, searched and filtered by the server. */
export function VisitingTable() {
  const session = useSession();
  const navigate = useNavigate();
  const canRegister = session?.role === 'counsellor';
  const [showClosed, setShowClosed] = useState(false);
  const filters = useListFilters([String(showClosed)]);
  const { isAdmin } = filters;
  const query = { ...filters.query, status: showClosed ? ('all' as const) : ('' as const) };
  const [viewing, setViewing] = useState<VisitingRecord | null>(null);
  const visiting = useVisiting(query);

  const first = (query.page - 1) * VISITING_PAGE_SIZE;
  const columns: DataColumn<VisitingRecord>[] = [
    { id: 'srNo', header: 'Sr. No.', cell: ({ row }) => first + row.index + 1, meta: { priority: 3, isNumeric: true } },
    { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.createdAt), meta: { noWrap: true } },
    { id: 'studentName', header: 'Student Name', accessorKey: 'studentName', meta: { className: 'font-medium' } },
    { id: 'standard', header: 'Standard', accessorKey: 'standard' },
    { id: 'branch', header: 'Med/Grp', accessorKey: 'branch', meta: { priority: 2 } },
    { id: 'studentNo', header: 'Student No.', accessorKey: 'studentNo', meta: { priority: 3 } },
    { id: 'parentsNo', header: 'Parent No.', accessorKey: 'parentsNo', meta: { priority: 4 } },
    { id: 'demoGiven', header: 'Demo', accessorKey: 'demoGiven', meta: { priority: 2 } },
    { id: 'status', header: 'Status', cell: ({ row }) => enquiryStatusOf(row.original), meta: { noWrap: true } },
    ...(isAdmin
      ? ([
          { id: 'counsellor', header: 'Counsellor', accessorKey: 'counsellor', meta: { priority: 3 } },
        ] satisfies DataColumn<VisitingRecord>[])
      : []),
  ];

  return (
    <div className="flex flex-col gap-4">
      <ListFilters filters={filters} searchPlaceholder="Name, student or parent number">
        <div className="flex items-end">
          <div className="w-full">
            <Switch label="Show closed" checked={showClosed} onCheckedChange={setShowClosed} />
          </div>
        </div>
      </ListFilters>
      <DataTable
        label="Visiting records"
        columns={columns}
        data={visiting.data?.data}
        getRowId={(record) => String(record.id)}
        isPending={visiting.isPending}
        isError={visiting.isError}
        isFetching={visiting.isFetching}
        onRetry={() => void visiting.refetch()}
        emptyText={messages.noVisitingRecords}
        errorText={messages.failedToLoadData}
        card={visitingCard}
        actions={(record) => (
          <>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`View ${record.studentName}`}
              onClick={() => setViewing(record)}
            >
              View
            </Button>
            {canRegister && !record.convertedStudentId && !record.closedAt && (
              <Button
                size="sm"
                aria-label={`Register this student: ${record.studentName}`}
                // The registration form is pre-filled from the enquiry it is given.
                onClick={() =>
                  void navigate(paths.dashboard.section.getHref('register'), { state: { enquiry: record } })
                }
              >
                Register this student
              </Button>
            )}
          </>
        )}
        paging={{
          page: query.page,
          totalPages: visiting.data?.totalPages ?? 1,
          totalCount: visiting.data?.totalCount ?? 0,
          onPageChange: filters.setPage,
          noun: ['enquiry', 'enquiries'],
          isStale: visiting.isPlaceholderData,
        }}
      />
      <VisitingDetailsModal record={viewing} onClose={() => setViewing(null)} onChange={setViewing} />
    </div>
  );
}
