import type { FunnelEnquiry } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { useReopenEnquiry } from '@/api/reopen-enquiry';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatTime } from '@/lib/format';
import { useEnquiryHistory } from '../api/get-enquiry';

function fieldsOf(enquiry: FunnelEnquiry): [string, string][] {
  return [
    ['Stage', enquiry.closedReason ? `Lost: ${enquiry.closedReason}` : enquiry.status],
    ['Standard', enquiry.standard],
    ['Parent Number', enquiry.phone],
    ['City', enquiry.city ?? ''],
    ['Source', enquiry.source],
    ['Message', enquiry.message ?? ''],
    ['Counsellor', enquiry.assignedName ?? 'Not assigned'],
    ['Next follow-up', enquiry.nextFollowUpOn ? formatDate(enquiry.nextFollowUpOn) : ''],
    ['Registered', enquiry.convertedStudentId ? `Yes, Student ID ${enquiry.convertedStudentId}` : 'Not yet'],
    ['Received', `${formatDate(enquiry.createdAt)} ${formatTime(enquiry.createdAt)}`],
  ];
}

/**
 * One enquiry of the funnel (issue 26): its fields, every follow-up recorded (newest first, with who and
 * the next date set), and Reopen for one closed as lost (it goes back to its stage and its queue).
 */
export function EnquiryDetails({ id, onReopened }: { id: number; onReopened?: () => void }) {
  const toast = useToast();
  const history = useEnquiryHistory(id);
  const reopen = useReopenEnquiry();
  if (history.isError) return <LoadError message={messages.failedToLoadData} onRetry={() => void history.refetch()} />;
  if (!history.data) return <p className="text-sm text-slate-500">Loading...</p>;
  const { data: enquiry, followUps } = history.data;
  return (
    <div className="flex flex-col gap-4">
      {enquiry.closedReason && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-100 p-3">
          <p className="text-sm text-slate-700">Closed as lost: {enquiry.closedReason}.</p>
          <Button
            size="sm"
            variant="secondary"
            isLoading={reopen.isPending}
            onClick={() =>
              reopen.mutate(enquiry.id, {
                onSuccess: (response) => {
                  toast.success(response.message);
                  onReopened?.();
                },
              })
            }
          >
            Reopen
          </Button>
        </div>
      )}
      <dl className="divide-y divide-slate-100 text-sm">
        {fieldsOf(enquiry).map(([label, value]) => (
          <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value || '-'}</dd>
          </div>
        ))}
      </dl>
      <section aria-label="Follow-up history">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Follow-ups ({followUps.length})</h3>
        {followUps.length === 0 ? (
          <p className="text-sm text-slate-500">No follow-up recorded yet.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {followUps.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-200 p-2 text-sm">
                <p className="font-medium text-slate-900">
                  {formatDate(item.doneOn)} · {item.kind === 'visit' ? 'Visit' : 'Call'} · {item.outcome}
                </p>
                {item.note && <p className="text-slate-700">{item.note}</p>}
                {/* `by` is the user's id (the API names no one here): the time it was recorded instead. */}
                <p className="text-xs text-slate-500">
                  Recorded {formatDate(item.createdAt)} {formatTime(item.createdAt)}
                  {item.nextFollowUpOn ? ` · next ${formatDate(item.nextFollowUpOn)}` : ''}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
