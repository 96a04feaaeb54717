import { NOT_ENTERED } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import { resultLabels } from '@app/domain/results.rules';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useVerifyTicket } from '../api/lookups';

/**
 * The page a hall ticket's or a marksheet's QR code opens: genuine (name, seat, centre, and once results
 * are declared the result summary to compare with the marksheet) or not.
 */
export function VerifyTicketPage({ code }: { code: string }) {
  const check = useVerifyTicket(code);
  if (check.isPending) {
    return (
      <div className="grid min-h-40 place-items-center text-brand-700">
        <Spinner label="Checking" className="size-8" />
      </div>
    );
  }
  // Too many forged codes from this address (429) says so; any other refusal is a code that does not verify.
  const refusedFor =
    check.error instanceof ApiError && check.error.status === 429 ? check.error.serverMessage : undefined;
  const answer = check.data ?? { valid: false, message: refusedFor ?? messages.ticketForged };
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold text-slate-900">Hall Ticket and Marksheet Verification</h1>
      <p
        role="status"
        className={`mt-4 rounded-md px-3 py-2 font-semibold ${answer.valid ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
      >
        {answer.message}
      </p>
      {answer.valid && answer.result && (
        <p className="mt-2 text-sm text-slate-700">{messages.marksheetResultConfirmed}</p>
      )}
      {answer.valid && (
        <dl className="mt-4 grid gap-1 text-left text-sm">
          {[
            ['Name', answer.studentName],
            ['Seat Number', answer.seatNumber],
            ['Centre', answer.centre],
            ['Exam Year', answer.examYear ? String(answer.examYear) : undefined],
            ...(answer.result
              ? [
                  ['Result', resultLabels[answer.result.result]],
                  [
                    'Total',
                    answer.result.totalObtained === null
                      ? NOT_ENTERED
                      : `${answer.result.totalObtained} / ${answer.result.totalMaximum}`,
                  ],
                  ['Percentage', answer.result.percentage === null ? NOT_ENTERED : `${answer.result.percentage}%`],
                  ['Grade', answer.result.grade ?? NOT_ENTERED],
                ]
              : []),
          ].map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt className="font-medium text-slate-700">{label}:</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
