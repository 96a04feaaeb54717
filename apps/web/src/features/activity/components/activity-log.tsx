import type { AuditEntry } from '@app/domain/audit.schemas';
import { messages } from '@app/domain/messages';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { formatDate, formatTime } from '@/lib/format';
import { type ActivityListFilter, useActivity } from '../api/get-activity';
import { ActivityEntry, ActivityWhen } from './activity-entry';

export const NO_ACTIVITY = 'No activity found for these filters.';

type ActivityLogProps = {
  filter: ActivityListFilter;
  /** uuid → name, to name the users a change refers to. */
  userNames: ReadonlyMap<string, string>;
  /** Opens one student's history (the Activity screen sets its Student ID filter). */
  onStudent?: ((studentId: string) => void) | undefined;
  /** False while the filters do not make sense yet (nothing is asked of the server). */
  enabled?: boolean;
};

/**
 * The audit trail, newest first, 50 entries at a time from the server; Load more asks for the next
 * page after the last entry shown. Also the history under a student's record (filter by student ID).
 */
export function ActivityLog({ filter, userNames, onStudent, enabled = true }: ActivityLogProps) {
  const activity = useActivity(filter, { enabled });
  const entries = activity.data?.pages.flatMap((page) => page.data) ?? [];

  // Within one student's history, every entry is theirs already.
  const entryOf = (entry: AuditEntry) => (
    <ActivityEntry entry={entry} userNames={userNames} onStudent={filter.studentId ? undefined : onStudent} />
  );
  const columns: DataColumn<AuditEntry>[] = [
    {
      id: 'when',
      header: 'When',
      cell: ({ row }) => <ActivityWhen at={row.original.at} />,
      meta: { noWrap: true, className: 'align-top tabular-nums' },
    },
    { id: 'what', header: 'What happened', cell: ({ row }) => entryOf(row.original), meta: { className: 'align-top' } },
  ];

  return (
    <div className="flex flex-col gap-3">
      <DataTable
        label="Activity"
        columns={columns}
        data={enabled ? entries : []}
        getRowId={(entry) => String(entry.id)}
        isPending={enabled && activity.isPending}
        isError={enabled && activity.isError}
        onRetry={() => activity.refetch()}
        emptyText={enabled ? NO_ACTIVITY : 'Correct the filters to see the activity.'}
        errorText={messages.failedToLoadData}
        isFetching={activity.isFetching}
        card={{ title: (entry) => `${formatDate(entry.at)}, ${formatTime(entry.at)}` }}
        details={(entry, layout) => (layout === 'card' ? entryOf(entry) : null)}
      />
      {entries.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
            Showing {entries.length} {entries.length === 1 ? 'entry' : 'entries'}, newest first
            {!activity.hasNextPage && ' (all of them)'}
          </p>
          {activity.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              isLoading={activity.isFetchingNextPage}
              onClick={() => activity.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
