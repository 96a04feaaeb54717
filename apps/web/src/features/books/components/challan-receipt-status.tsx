import type { ChallanView } from '@app/domain/books.schemas';
import { formatDate } from '@/lib/format';

/** Whether the counsellor confirmed a challan with the receiver's signed copy, and when. */
export function ChallanReceiptStatus({ challan }: { challan: Pick<ChallanView, 'receivedAt' | 'signedCopyUrl'> }) {
  if (!challan.receivedAt || !challan.signedCopyUrl) {
    return (
      <span className="inline-flex w-fit rounded-full border border-amber-200 bg-amber-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800">
        Awaiting signed copy
      </span>
    );
  }
  return (
    <span className="flex flex-col gap-0.5">
      <a
        href={challan.signedCopyUrl}
        target="_blank"
        rel="noreferrer"
        className="inline-flex w-fit rounded-full border border-green-200 bg-green-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-800 underline-offset-2 hover:underline"
      >
        Signed copy attached
      </a>
      <span className="text-xs whitespace-nowrap text-slate-600">Received {formatDate(challan.receivedAt)}</span>
    </span>
  );
}
