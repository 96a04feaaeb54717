import { messages } from '@app/domain/messages';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Table, TableMessage } from '@/components/ui/table';
import { type ActivityListFilter, useActivity } from '../api/get-activity';
import { ActivityEntry } from './activity-entry';

export const NO_ACTIVITY = 'No activity found for these filters.';
const columns = ['When', 'What happened'];

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

  const body = (): ReactNode => {
    const message = (content: ReactNode) => <TableMessage colSpan={columns.length}>{content}</TableMessage>;
    if (!enabled) return message('Correct the filters to see the activity.');
    if (activity.isPending) return message('Loading...');
    if (activity.isError) {
      return message(<LoadError message={messages.failedToLoadData} onRetry={() => activity.refetch()} />);
    }
    if (entries.length === 0) return message(NO_ACTIVITY);
    return entries.map((entry) => (
      <ActivityEntry
        key={entry.id}
        entry={entry}
        userNames={userNames}
        // Within one student's history, every entry is theirs already.
        onStudent={filter.studentId ? undefined : onStudent}
      />
    ));
  };

  return (
    <div className="flex flex-col gap-3">
      <Table label="Activity">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={activity.isFetching || undefined}>{body()}</tbody>
      </Table>
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
