import { messages } from '@app/domain/messages';
import { Spinner } from '@/components/ui/spinner';
import { useVerifyTicket } from '../api/lookups';

/** The page a hall ticket's QR code opens: genuine (name, seat, centre) or not. */
export function VerifyTicketPage({ code }: { code: string }) {
  const check = useVerifyTicket(code);
  if (check.isPending) {
    return (
      <div className="grid min-h-40 place-items-center text-brand-700">
        <Spinner label="Checking" className="size-8" />
      </div>
    );
  }
  const answer = check.data ?? { valid: false, message: messages.ticketForged };
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold text-slate-900">Hall Ticket Verification</h1>
      <p
        role="status"
        className={`mt-4 rounded-md px-3 py-2 font-semibold ${answer.valid ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
      >
        {answer.message}
      </p>
      {answer.valid && (
        <dl className="mt-4 grid gap-1 text-left text-sm">
          {[
            ['Name', answer.studentName],
            ['Seat Number', answer.seatNumber],
            ['Centre', answer.centre],
            ['Exam Year', answer.examYear ? String(answer.examYear) : undefined],
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
