import { whatsAppLink } from '@app/domain/phone.rules';
import { type ReactNode, useState } from 'react';
import { getPaymentReceipt, paymentReceiptError } from '@/api/get-payment-receipt';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button, buttonClasses } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { formatCurrency, formatDate } from '@/lib/format';

/** What a successful payment or registration tells the person who took the money. */
export type ReceiptSummary = {
  studentId: string;
  studentName: string;
  /** The parent's 10-digit number: the WhatsApp message goes there. */
  parentsNo: string;
  /** Null when nothing was paid (a registration with ₹0): there is no receipt then. */
  paymentId: number | null;
  receiptNumber: string | null;
  amountPaid: number;
  amountRemaining: number;
  dueDate: string | null;
};

export const RECEIPT_TITLE = 'Receipt';

export function receiptFileName(summary: Pick<ReceiptSummary, 'receiptNumber' | 'studentId'>): string {
  return `Receipt_${summary.receiptNumber ? summary.receiptNumber.replace('/', '-') : summary.studentId}.pdf`;
}

/** The short text for the parent: amount, receipt number, balance and due date. */
export function receiptMessage(summary: ReceiptSummary): string {
  const lines = [
    `Payment received for ${summary.studentName} (Student ID ${summary.studentId}): ${formatCurrency(summary.amountPaid)}.`,
    ...(summary.receiptNumber ? [`Receipt number: ${summary.receiptNumber}.`] : []),
    summary.amountRemaining > 0
      ? `Balance: ${formatCurrency(summary.amountRemaining)}${summary.dueDate ? `, due by ${formatDate(summary.dueDate)}` : ''}.`
      : 'Fees fully paid. Thank you!',
  ];
  return lines.join('\n');
}

function download(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The phone's share sheet with the PDF where the browser can share files; otherwise a download. */
async function shareOrDownload(file: File, text: string): Promise<void> {
  const data: ShareData = { files: [file], title: file.name, text };
  if (typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // The user closed the share sheet: nothing more to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  download(file);
}

type ReceiptNextStepsProps = {
  summary: ReceiptSummary;
  /** The headline: what just succeeded. */
  heading: string;
  /** The way on (e.g. Done, Register another student). */
  children?: ReactNode;
};

/**
 * After a payment or a registration: the new student ID and receipt number, then what to do next:
 * view or print the receipt, share it, or send the parent a WhatsApp summary.
 */
export function ReceiptNextSteps({ summary, heading, children }: ReceiptNextStepsProps) {
  const toast = useToast();
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [busy, setBusy] = useState<'view' | 'share' | null>(null);
  const text = receiptMessage(summary);
  const { paymentId } = summary;

  const fetchReceipt = async (action: 'view' | 'share'): Promise<Blob | null> => {
    if (paymentId === null) return null;
    setBusy(action);
    try {
      return await getPaymentReceipt({ studentId: summary.studentId, paymentId });
    } catch (error) {
      toast.error(paymentReceiptError(error));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const view = async () => {
    const blob = await fetchReceipt('view');
    if (blob) {
      setPdf({
        blob,
        fileName: receiptFileName(summary),
        studentName: summary.studentName,
        studentId: summary.studentId,
      });
    }
  };

  const share = async () => {
    const blob = await fetchReceipt('share');
    if (blob) await shareOrDownload(new File([blob], receiptFileName(summary), { type: 'application/pdf' }), text);
  };

  return (
    <section
      aria-label={heading}
      className="flex flex-col gap-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
    >
      <h2 className="text-lg font-semibold">{heading}</h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex flex-wrap gap-1">
          <dt className="font-medium">Student ID:</dt>
          <dd className="font-semibold tabular-nums">{summary.studentId}</dd>
        </div>
        <div className="flex flex-wrap gap-1">
          <dt className="font-medium">Student:</dt>
          <dd>{summary.studentName}</dd>
        </div>
        {summary.receiptNumber && (
          <div className="flex flex-wrap gap-1">
            <dt className="font-medium">Receipt number:</dt>
            <dd className="font-semibold tabular-nums">{summary.receiptNumber}</dd>
          </div>
        )}
        <div className="flex flex-wrap gap-1">
          <dt className="font-medium">Amount paid:</dt>
          <dd className="tabular-nums">{formatCurrency(summary.amountPaid)}</dd>
        </div>
        <div className="flex flex-wrap gap-1">
          <dt className="font-medium">Balance:</dt>
          <dd className="tabular-nums">{formatCurrency(summary.amountRemaining)}</dd>
        </div>
        {summary.dueDate && summary.amountRemaining > 0 && (
          <div className="flex flex-wrap gap-1">
            <dt className="font-medium">Due date:</dt>
            <dd className="tabular-nums">{formatDate(summary.dueDate)}</dd>
          </div>
        )}
      </dl>

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {paymentId !== null && (
          <>
            <Button onClick={() => void view()} isLoading={busy === 'view'}>
              View / Print Receipt
            </Button>
            <Button variant="secondary" onClick={() => void share()} isLoading={busy === 'share'}>
              Share Receipt
            </Button>
          </>
        )}
        <a
          href={whatsAppLink(summary.parentsNo, text)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'secondary' })}
        >
          Send on WhatsApp
        </a>
        {children}
      </div>

      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} title={RECEIPT_TITLE} />
    </section>
  );
}
