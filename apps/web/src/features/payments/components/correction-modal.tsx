import { cancelPaymentRequest, refundRequest, requestCancellationRequest } from '@app/domain/corrections.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import type { Payment } from '@app/domain/payments.schemas';
import { paymentModes } from '@app/domain/registrations.schemas';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { asOptions, choose } from '@/components/student-fields/field-binding';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { formatCurrency } from '@/lib/format';
import { useCancelPayment, useRefund, useRequestCancellation } from '../api/corrections';

/** What is being done to a receipt: an admin cancels or refunds it, a counsellor asks for a cancellation. */
export type Correction = { kind: 'cancel' | 'request' | 'refund'; payment: Payment; studentName: string };

const titles = { cancel: 'Cancel Receipt', request: 'Request Cancellation', refund: 'Refund' } as const;

type CancelValues = FormText<typeof cancelPaymentRequest, 'reason' | 'dueDate'>;
type RequestValues = FormText<typeof requestCancellationRequest, 'reason'>;
const refundForm = refundRequest.omit({ paymentId: true });
type RefundValues = FormText<typeof refundForm, 'amount' | 'refundMode' | 'refundedOn' | 'reason' | 'dueDate'>;

const cancelResolver = formResolver<CancelValues, typeof cancelPaymentRequest>(cancelPaymentRequest);
const requestResolver = formResolver<RequestValues, typeof requestCancellationRequest>(requestCancellationRequest);
const refundResolver = formResolver<RefundValues, typeof refundForm>(refundForm);
// No mode is chosen for the admin: money leaving the company is recorded as it left (issue 25).
const modeOptions = [choose('Select mode'), ...asOptions(paymentModes)];

const fieldsOf =
  <T extends FieldValues>(names: readonly string[]) =>
  (path: string): path is Path<T> =>
    names.includes(path);

/** A refusal of the server on its field, or as a toast. */
const onRefused =
  <T extends FieldValues>(setError: UseFormSetError<T>, names: readonly string[], toastError: (m: string) => void) =>
  (error: unknown) =>
    showFormError(error, { setError, isField: fieldsOf<T>(names), toastError, fallback: messages.internalError });

function Buttons({ label, isPending, onClose }: { label: string; isPending: boolean; onClose: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
      <Button type="submit" variant="danger" isLoading={isPending}>
        {label}
      </Button>
    </div>
  );
}

const dueDateHint = 'Only needed when the student had paid everything: the balance comes back and needs a due date.';

function CancelForm({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const toast = useToast();
  const cancel = useCancelPayment();
  const { register, handleSubmit, setError, formState } = useForm<
    CancelValues,
    unknown,
    z.output<typeof cancelPaymentRequest>
  >({ resolver: cancelResolver, defaultValues: { reason: '', dueDate: '' } });
  const bind = fieldBinder(register, formState.errors);
  const onSubmit = handleSubmit((valid) =>
    cancel.mutate(
      { paymentId: payment.paymentId, body: valid },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          if (answer.warning) toast.error(answer.warning);
          onClose();
        },
        onError: onRefused(setError, ['reason', 'dueDate'], toast.error),
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Cancel receipt" className="flex flex-col gap-4">
      <Textarea label="Reason" required maxLength={300} {...bind('reason')} />
      <Input label="New due date" type="date" min={indianToday()} hint={dueDateHint} {...bind('dueDate')} />
      <Buttons label="Cancel Receipt" isPending={cancel.isPending} onClose={onClose} />
    </form>
  );
}

function RequestForm({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const toast = useToast();
  const ask = useRequestCancellation();
  const { register, handleSubmit, setError, formState } = useForm<RequestValues, unknown, { reason: string }>({
    resolver: requestResolver,
    defaultValues: { reason: '' },
  });
  const bind = fieldBinder(register, formState.errors);
  const onSubmit = handleSubmit((valid) =>
    ask.mutate(
      { paymentId: payment.paymentId, reason: valid.reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: onRefused(setError, ['reason'], toast.error),
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Request cancellation" className="flex flex-col gap-4">
      <Textarea label="Reason" required maxLength={300} {...bind('reason')} />
      <Buttons label="Send Request" isPending={ask.isPending} onClose={onClose} />
    </form>
  );
}

function RefundForm({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const toast = useToast();
  const refund = useRefund();
  const { register, handleSubmit, setError, formState } = useForm<RefundValues, unknown, z.output<typeof refundForm>>({
    resolver: refundResolver,
    defaultValues: { amount: '', refundMode: '', refundedOn: indianToday(), reason: '', dueDate: '' },
  });
  const bind = fieldBinder(register, formState.errors);
  const onSubmit = handleSubmit((valid) =>
    refund.mutate(
      { paymentId: payment.paymentId, ...valid },
      {
        onSuccess: (answer) => {
          toast.success(`${answer.message}: ${answer.voucherNumber ?? ''}`);
          onClose();
        },
        onError: onRefused(setError, ['amount', 'refundMode', 'refundedOn', 'reason', 'dueDate'], toast.error),
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Refund" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Amount (₹)" inputMode="decimal" required autoComplete="off" {...bind('amount')} />
        <Select label="Mode" options={modeOptions} required {...bind('refundMode')} />
        <Input label="Refunded on" type="date" max={indianToday()} required {...bind('refundedOn')} />
        <Input label="New due date" type="date" min={indianToday()} hint={dueDateHint} {...bind('dueDate')} />
      </div>
      <Textarea label="Reason" required maxLength={300} {...bind('reason')} />
      <Buttons label="Record Refund" isPending={refund.isPending} onClose={onClose} />
    </form>
  );
}

/** Cancel a receipt, ask for its cancellation, or refund against it: the reason is always asked. */
export function CorrectionModal({ correction, onClose }: { correction: Correction | null; onClose: () => void }) {
  return (
    <Modal isOpen={correction !== null} onClose={onClose} title={correction ? titles[correction.kind] : ''}>
      {correction && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            Receipt <span className="font-semibold tabular-nums">{correction.payment.receiptNumber}</span> of{' '}
            {correction.studentName}, {formatCurrency(correction.payment.amountPaid)} by{' '}
            {correction.payment.paymentMode}
          </p>
          {correction.kind === 'cancel' && <CancelForm payment={correction.payment} onClose={onClose} />}
          {correction.kind === 'request' && <RequestForm payment={correction.payment} onClose={onClose} />}
          {correction.kind === 'refund' && <RefundForm payment={correction.payment} onClose={onClose} />}
        </div>
      )}
    </Modal>
  );
}
