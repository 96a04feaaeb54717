import { messages } from '@app/domain/messages';
import type { Payment, PaymentSummary } from '@app/domain/payments.schemas';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Table, TableMessage } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { formatCurrency, formatDate, formatTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { paymentReceiptError, usePaymentReceipt } from '../api/get-payment-receipt';
import { usePayments } from '../api/get-payments';
import { ReceiptImageModal } from './receipt-image-modal';

const NO_PAYMENTS_FOUND = 'No payment records found.';
/** The receipt PDF viewer's title, before ' - {student}' (SPEC §2: a second modal titled for receipts). */
export const RECEIPT_PREVIEW_TITLE = 'Receipt Preview';

const columns = ['Sr. No.', 'Student ID', 'Student Name', 'Amount Paid', 'Amount Remaining', 'Due Date', 'Actions'];
const paymentColumns = ['Payment ID', 'Receipt No.', 'Amount', 'Date', 'Mode', 'Receipt View'];

/** Search matches the name, student ID, a payment ID or a receipt number, ignoring case. */
function matches(student: PaymentSummary, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    student.studentName.toLowerCase().includes(needle) ||
    student.studentId.toLowerCase().includes(needle) ||
    student.payments.some(
      (payment) =>
        String(payment.paymentId).includes(needle) ||
        payment.receiptNumber.toLowerCase().includes(needle) ||
        (payment.receiptNo ?? '').toLowerCase().includes(needle),
    )
  );
}

function PaymentsOf({ student, onView }: { student: PaymentSummary; onView: (payment: Payment) => void }) {
  if (student.payments.length === 0) return <span className="text-slate-500">No payments</span>;
  return (
    <table className="w-full border-collapse rounded-lg border border-slate-200 text-xs sm:text-sm">
      <caption className="sr-only">Payments of {student.studentName}</caption>
      <thead>
        <tr>
          {paymentColumns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {student.payments.map((payment) => (
          <tr key={payment.paymentId}>
            <td className="tabular-nums">{payment.paymentId}</td>
            <td className="tabular-nums">
              <span className="block whitespace-nowrap">{payment.receiptNumber}</span>
              {payment.receiptNo && (
                <span className="block whitespace-nowrap text-slate-500">Book no. {payment.receiptNo}</span>
              )}
            </td>
            <td className="text-right tabular-nums">{formatCurrency(payment.amountPaid)}</td>
            <td className="tabular-nums">
              <span className="block whitespace-nowrap">{formatDate(payment.createdAt)}</span>
              <span className="block whitespace-nowrap text-slate-500">{formatTime(payment.createdAt)}</span>
            </td>
            <td>{payment.paymentMode}</td>
            <td>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`View receipt image of payment ${payment.paymentId}`}
                onClick={() => onView(payment)}
              >
                View
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * SPEC §2 Payments list (Payment Records): each student's balance with their payments, newest
 * payment first, a receipt PDF per student and each payment's receipt photo.
 */
export function PaymentsTable() {
  const session = useSession();
  const toast = useToast();
  const payments = usePayments({ uuid: session?.uuid ?? '', role: session?.role ?? 'counsellor' });
  const receipt = usePaymentReceipt();
  const [search, setSearch] = useState('');
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [loadingReceiptFor, setLoadingReceiptFor] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Payment | null>(null);
  const deferredSearch = useDeferredValue(search);

  const rows = useMemo(
    () => (payments.data ?? []).filter((student) => matches(student, deferredSearch)),
    [payments.data, deferredSearch],
  );

  const openReceipt = (student: PaymentSummary) => {
    setLoadingReceiptFor(student.studentId);
    receipt.mutate(student.studentId, {
      onSuccess: (blob) =>
        setPdf({
          blob,
          fileName: `Receipt_${student.studentId}.pdf`,
          studentName: student.studentName,
          studentId: student.studentId,
        }),
      onError: (error) => toast.error(paymentReceiptError(error)),
      onSettled: () => setLoadingReceiptFor(null),
    });
  };

  const body = () => {
    const message = (content: ReactNode) => (
      <tbody aria-busy={payments.isFetching || undefined}>
        <TableMessage colSpan={columns.length}>{content}</TableMessage>
      </tbody>
    );
    if (payments.isPending) return message('Loading...');
    if (payments.isError) {
      return message(<LoadError message={messages.failedToLoadData} onRetry={() => payments.refetch()} />);
    }
    if (rows.length === 0) return message(NO_PAYMENTS_FOUND);
    // One group per student: the balance row, then the student's payments under it.
    return rows.map((student, index) => (
      <tbody key={student.studentId} className="border-t-2 border-slate-200 first-of-type:border-t-0">
        <tr>
          <td className="tabular-nums">{index + 1}</td>
          <td className="tabular-nums">{student.studentId}</td>
          <td className="font-medium">{student.studentName}</td>
          <td className="text-right tabular-nums">{formatCurrency(student.amountPaid)}</td>
          <td className="text-right tabular-nums">{formatCurrency(student.amountRemaining)}</td>
          <td className="whitespace-nowrap tabular-nums">{formatDate(student.dueDate)}</td>
          <td>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Receipt of ${student.studentName} (${student.studentId})`}
              isLoading={loadingReceiptFor === student.studentId}
              disabled={loadingReceiptFor !== null && loadingReceiptFor !== student.studentId}
              onClick={() => openReceipt(student)}
            >
              Receipt
            </Button>
          </td>
        </tr>
        <tr>
          <td colSpan={columns.length} className="pb-3">
            <PaymentsOf student={student} onView={setViewing} />
          </td>
        </tr>
      </tbody>
    ));
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <Input
          label="Search"
          type="search"
          placeholder="Search by name, student ID, payment ID, or receipt no..."
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fieldClassName="sm:max-w-md"
        />
      </div>
      <Table label="Payment records">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {body()}
      </Table>
      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} title={RECEIPT_PREVIEW_TITLE} />
      <ReceiptImageModal payment={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
