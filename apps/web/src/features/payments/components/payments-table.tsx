import { RECEIPT_BOOK_NUMBER_LABEL, RECEIPT_NUMBER_LABEL } from '@app/domain/field-labels';
import { messages } from '@app/domain/messages';
import type { Payment, PaymentSummary } from '@app/domain/payments.schemas';
import { useState } from 'react';
import { paymentReceiptError, usePaymentReceipt } from '@/api/get-payment-receipt';
import { DownloadButton } from '@/components/download-button';
import { ListFilters, useListFilters } from '@/components/list-filters';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast';
import { formatCurrency, formatDate, formatTime } from '@/lib/format';
import { downloadPayments, PAYMENTS_PAGE_SIZE, usePayments } from '../api/get-payments';
import { ReceiptImageModal } from './receipt-image-modal';

const NO_PAYMENTS_FOUND = 'No payment records found.';
/** The receipt PDF viewer's title, before ' - {student}' (SPEC §2: a second modal titled for receipts). */
export const RECEIPT_PREVIEW_TITLE = 'Receipt Preview';
const paymentColumns = ['Payment ID', RECEIPT_NUMBER_LABEL, 'Amount', 'Date', 'Mode', 'Receipt View'];

type PaymentActions = { onView: (payment: Payment) => void; onReceipt: (payment: Payment) => void };

/** SPEC §2: the nested payments table (Payment ID, Receipt No., Amount, Date, Mode, Receipt View). */
function PaymentsOf({ student, onView, onReceipt }: { student: PaymentSummary } & PaymentActions) {
  if (student.payments.length === 0) return <span className="text-slate-600">No payments</span>;
  return (
    <table className="w-full border-collapse rounded-lg border border-slate-200 text-left text-xs sm:text-sm [&_td]:border-t [&_td]:border-slate-100 [&_td]:px-2 [&_td]:py-1.5 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1.5 [&_th]:font-semibold [&_th]:text-slate-700">
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
                <span className="block whitespace-nowrap text-slate-600">
                  {RECEIPT_BOOK_NUMBER_LABEL} {payment.receiptNo}
                </span>
              )}
            </td>
            <td className="text-right tabular-nums">{formatCurrency(payment.amountPaid)}</td>
            <td className="tabular-nums">
              <span className="block whitespace-nowrap">{formatDate(payment.createdAt)}</span>
              <span className="block whitespace-nowrap text-slate-600">{formatTime(payment.createdAt)}</span>
            </td>
            <td>{payment.paymentMode}</td>
            <td>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`View receipt image of payment ${payment.paymentId}`}
                  onClick={() => onView(payment)}
                >
                  View
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Receipt PDF of payment ${payment.paymentId}`}
                  onClick={() => onReceipt(payment)}
                >
                  PDF
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** On a phone: each payment as two short lines instead of a nested table. */
function PaymentList({ student, onView, onReceipt }: { student: PaymentSummary } & PaymentActions) {
  if (student.payments.length === 0) return <p className="text-sm text-slate-600">No payments</p>;
  return (
    <ul aria-label={`Payments of ${student.studentName}`} className="flex flex-col gap-2">
      {student.payments.map((payment) => (
        <li
          key={payment.paymentId}
          className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm"
        >
          <div className="min-w-0">
            <p className="font-medium tabular-nums">
              {formatCurrency(payment.amountPaid)} · {payment.paymentMode}
            </p>
            <p className="text-slate-600 tabular-nums">
              {formatDate(payment.createdAt)} · {payment.receiptNumber}
              {payment.receiptNo && ` · ${RECEIPT_BOOK_NUMBER_LABEL} ${payment.receiptNo}`} · ID {payment.paymentId}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-1">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`View receipt image of payment ${payment.paymentId}`}
              onClick={() => onView(payment)}
            >
              View
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Receipt PDF of payment ${payment.paymentId}`}
              onClick={() => onReceipt(payment)}
            >
              PDF
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

const paymentCard: CardLayout<PaymentSummary> = {
  title: (student) => student.studentName,
  subtitle: (student) => student.studentId,
  figures: [
    { label: 'Amount Paid', value: (student) => formatCurrency(student.amountPaid) },
    { label: 'Amount Remaining', value: (student) => formatCurrency(student.amountRemaining) },
    { label: 'Due Date', value: (student) => formatDate(student.dueDate) },
  ],
};

/**
 * SPEC §2 Payments list (Payment Records): each student's balance with their payments, newest
 * payment first, paged, searched and filtered by the server; a receipt PDF per student and each
 * payment's receipt photo.
 */
export function PaymentsTable() {
  const filters = useListFilters();
  const { query } = filters;
  const toast = useToast();
  const receipt = usePaymentReceipt();
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [loadingReceiptFor, setLoadingReceiptFor] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Payment | null>(null);
  const payments = usePayments(query);

  /** The student's fee statement, or one payment's receipt. */
  const openReceipt = (student: PaymentSummary, payment?: Payment) => {
    setLoadingReceiptFor(student.studentId);
    receipt.mutate(
      { studentId: student.studentId, ...(payment ? { paymentId: payment.paymentId } : {}) },
      {
        onSuccess: (blob) =>
          setPdf({
            blob,
            fileName: `Receipt_${payment ? payment.receiptNumber.replace('/', '-') : student.studentId}.pdf`,
            studentName: student.studentName,
            studentId: student.studentId,
          }),
        onError: (error) => toast.error(paymentReceiptError(error)),
        onSettled: () => setLoadingReceiptFor(null),
      },
    );
  };

  const first = (query.page - 1) * PAYMENTS_PAGE_SIZE;
  const columns: DataColumn<PaymentSummary>[] = [
    { id: 'srNo', header: 'Sr. No.', cell: ({ row }) => first + row.index + 1, meta: { priority: 2, isNumeric: true } },
    { id: 'studentId', header: 'Student ID', accessorKey: 'studentId', meta: { noWrap: true } },
    { id: 'studentName', header: 'Student Name', accessorKey: 'studentName', meta: { className: 'font-medium' } },
    {
      id: 'amountPaid',
      header: 'Amount Paid',
      cell: ({ row }) => formatCurrency(row.original.amountPaid),
      meta: { isNumeric: true, noWrap: true },
    },
    {
      id: 'amountRemaining',
      header: 'Amount Remaining',
      cell: ({ row }) => formatCurrency(row.original.amountRemaining),
      meta: { isNumeric: true, noWrap: true },
    },
    { id: 'dueDate', header: 'Due Date', cell: ({ row }) => formatDate(row.original.dueDate), meta: { noWrap: true } },
  ];

  return (
    <div className="flex flex-col gap-4">
      <ListFilters filters={filters} searchPlaceholder="Search by name, student ID, payment ID, or receipt no..." />
      {Boolean(payments.data?.data.length) && (
        <div className="flex justify-end">
          <DownloadButton download={() => downloadPayments(query)} fileName="Payments.xlsx" />
        </div>
      )}
      <DataTable
        label="Payment records"
        columns={columns}
        data={payments.data?.data}
        getRowId={(student) => student.studentId}
        isPending={payments.isPending}
        isError={payments.isError}
        isFetching={payments.isFetching}
        onRetry={() => void payments.refetch()}
        emptyText={NO_PAYMENTS_FOUND}
        errorText={messages.failedToLoadData}
        card={paymentCard}
        actions={(student) => (
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
        )}
        details={(student, layout) =>
          layout === 'table' ? (
            <PaymentsOf student={student} onView={setViewing} onReceipt={(payment) => openReceipt(student, payment)} />
          ) : (
            <PaymentList student={student} onView={setViewing} onReceipt={(payment) => openReceipt(student, payment)} />
          )
        }
        paging={{
          page: query.page,
          totalPages: payments.data?.totalPages ?? 1,
          totalCount: payments.data?.totalCount ?? 0,
          onPageChange: filters.setPage,
          noun: ['student', 'students'],
          isStale: payments.isPlaceholderData,
        }}
      />
      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} title={RECEIPT_PREVIEW_TITLE} />
      <ReceiptImageModal payment={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
