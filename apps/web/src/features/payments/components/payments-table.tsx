import { RECEIPT_BOOK_NUMBER_LABEL, RECEIPT_NUMBER_LABEL } from '@app/domain/field-labels';
import { messages } from '@app/domain/messages';
import type { Payment, PaymentSummary, Refund } from '@app/domain/payments.schemas';
import { useState } from 'react';
import { paymentReceiptError, usePaymentReceipt } from '@/api/get-payment-receipt';
import { DownloadButton } from '@/components/download-button';
import { ListFilters, useListFilters } from '@/components/list-filters';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast';
import { WithdrawnBadge } from '@/components/withdrawn-badge';
import { formatCurrency, formatDate, formatTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { getRefundVoucher } from '../api/corrections';
import { downloadPayments, PAYMENTS_PAGE_SIZE, usePayments } from '../api/get-payments';
import { type Correction, CorrectionModal } from './correction-modal';
import { ReceiptImageModal } from './receipt-image-modal';

const NO_PAYMENTS_FOUND = 'No payment records found.';
/** The receipt PDF viewer's title, before ' - {student}' (SPEC §2: a second modal titled for receipts). */
export const RECEIPT_PREVIEW_TITLE = 'Receipt Preview';
const paymentColumns = ['Payment ID', RECEIPT_NUMBER_LABEL, 'Amount', 'Date', 'Mode', 'Receipt View'];

type PaymentActions = {
  onView: (payment: Payment) => void;
  onReceipt: (payment: Payment) => void;
  /** Issue 25: cancel or refund (admin), ask for a cancellation (counsellor); absent for a cancelled receipt. */
  onCorrect: (kind: Correction['kind'], payment: Payment) => void;
  isAdmin: boolean;
};

/** A cancelled receipt stays listed, marked, with when and why (it no longer counts as paid). */
function CancelledMark({ payment }: { payment: Payment }) {
  if (!payment.cancelledAt) return null;
  return (
    <span className="block text-xs text-red-800">
      <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold">Cancelled</span>{' '}
      {formatDate(payment.cancelledAt)}: {payment.cancelReason}
    </span>
  );
}

/** The correction buttons of a receipt still standing. */
function CorrectionButtons({
  payment,
  onCorrect,
  isAdmin,
}: { payment: Payment } & Pick<PaymentActions, 'onCorrect' | 'isAdmin'>) {
  if (payment.cancelledAt) return null;
  if (!isAdmin) {
    return (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Request cancellation of payment ${payment.paymentId}`}
        onClick={() => onCorrect('request', payment)}
      >
        Request cancellation
      </Button>
    );
  }
  return (
    <>
      <Button
        size="sm"
        variant="danger"
        aria-label={`Cancel receipt of payment ${payment.paymentId}`}
        onClick={() => onCorrect('cancel', payment)}
      >
        Cancel
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Refund against payment ${payment.paymentId}`}
        onClick={() => onCorrect('refund', payment)}
      >
        Refund
      </Button>
    </>
  );
}

/** Money paid back to the family, each with its voucher. */
function RefundsOf({ student, onVoucher }: { student: PaymentSummary; onVoucher: (refund: Refund) => void }) {
  if (!student.refunds?.length) return null;
  return (
    <ul aria-label={`Refunds of ${student.studentName}`} className="mt-2 flex flex-col gap-1 text-xs sm:text-sm">
      {student.refunds.map((refund) => (
        <li key={refund.refundId} className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-1.5">
          <span className="font-semibold">Refund {formatCurrency(refund.amount)}</span>
          <span className="tabular-nums text-slate-700">
            {refund.voucherNumber} · {formatDate(refund.refundedOn)} · {refund.refundMode} · {refund.reason}
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Refund voucher ${refund.voucherNumber}`}
            onClick={() => onVoucher(refund)}
          >
            Voucher
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One payment's buttons: its receipt photo, its receipt PDF and the corrections the person may make. */
function PaymentButtons({ payment, onView, onReceipt, onCorrect, isAdmin }: { payment: Payment } & PaymentActions) {
  return (
    <>
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
      <CorrectionButtons payment={payment} onCorrect={onCorrect} isAdmin={isAdmin} />
    </>
  );
}

/** SPEC §2: the nested payments table (Payment ID, Receipt No., Amount, Date, Mode, Receipt View). */
function PaymentsOf({ student, ...actions }: { student: PaymentSummary } & PaymentActions) {
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
          <tr key={payment.paymentId} className={payment.cancelledAt ? 'bg-red-50/60' : undefined}>
            <td className="tabular-nums">{payment.paymentId}</td>
            <td className="tabular-nums">
              <span className="block whitespace-nowrap">{payment.receiptNumber}</span>
              {payment.receiptNo && (
                <span className="block whitespace-nowrap text-slate-600">
                  {RECEIPT_BOOK_NUMBER_LABEL} {payment.receiptNo}
                </span>
              )}
            </td>
            <td className="text-right tabular-nums">
              <span className={payment.cancelledAt ? 'line-through' : undefined}>
                {formatCurrency(payment.amountPaid)}
              </span>
              <CancelledMark payment={payment} />
            </td>
            <td className="tabular-nums">
              <span className="block whitespace-nowrap">{formatDate(payment.createdAt)}</span>
              <span className="block whitespace-nowrap text-slate-600">{formatTime(payment.createdAt)}</span>
            </td>
            <td>{payment.paymentMode}</td>
            <td>
              <div className="flex gap-2">
                <PaymentButtons payment={payment} {...actions} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** On a phone: each payment as two short lines instead of a nested table. */
function PaymentList({ student, ...actions }: { student: PaymentSummary } & PaymentActions) {
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
              <span className={payment.cancelledAt ? 'line-through' : undefined}>
                {formatCurrency(payment.amountPaid)}
              </span>{' '}
              · {payment.paymentMode}
            </p>
            <CancelledMark payment={payment} />
            <p className="text-slate-600 tabular-nums">
              {formatDate(payment.createdAt)} · {payment.receiptNumber}
              {payment.receiptNo && ` · ${RECEIPT_BOOK_NUMBER_LABEL} ${payment.receiptNo}`} · ID {payment.paymentId}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-1">
            <PaymentButtons payment={payment} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const paymentCard: CardLayout<PaymentSummary> = {
  title: (student) => student.studentName,
  subtitle: (student) => (
    <>
      {student.studentId}
      <WithdrawnBadge status={student.status} />
    </>
  ),
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
  const isAdmin = useSession()?.role === 'admin';
  const [correction, setCorrection] = useState<Correction | null>(null);

  const openVoucher = (student: PaymentSummary, refund: Refund) =>
    getRefundVoucher(refund.refundId).then(
      (blob) =>
        setPdf({
          blob,
          fileName: `Refund_${refund.voucherNumber.replaceAll('/', '-')}.pdf`,
          studentName: student.studentName,
          studentId: student.studentId,
        }),
      (error: unknown) => toast.error(paymentReceiptError(error)),
    );

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
    {
      id: 'studentName',
      header: 'Student Name',
      cell: ({ row }) => (
        <>
          {row.original.studentName}
          <WithdrawnBadge status={row.original.status} />
        </>
      ),
      meta: { className: 'font-medium' },
    },
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
        details={(student, layout) => {
          const actions: PaymentActions = {
            onView: setViewing,
            onReceipt: (payment) => openReceipt(student, payment),
            onCorrect: (kind, payment) => setCorrection({ kind, payment, studentName: student.studentName }),
            isAdmin,
          };
          return (
            <>
              {layout === 'table' ? (
                <PaymentsOf student={student} {...actions} />
              ) : (
                <PaymentList student={student} {...actions} />
              )}
              <RefundsOf student={student} onVoucher={(refund) => void openVoucher(student, refund)} />
            </>
          );
        }}
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
      <CorrectionModal correction={correction} onClose={() => setCorrection(null)} />
    </div>
  );
}
