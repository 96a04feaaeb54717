import { indianToday } from '@app/domain/dates.rules';
import { RECEIPT_BOOK_NUMBER_LABEL } from '@app/domain/field-labels';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import { balanceAfter, isValidInstalment, typedPaise } from '@app/domain/payments.rules';
import { type MakePaymentRequest, makePaymentRequest } from '@app/domain/payments.schemas';
import { paymentModes, type RegistrationRow } from '@app/domain/registrations.schemas';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { ReceiptNextSteps, type ReceiptSummary } from '@/components/receipt-next-steps';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Input, ReadOnlyInput, rupeesInput } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { draftKeys, draftValues, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { type FormText, formResolver, withScreenChecks } from '@/lib/form-schema';
import { formatCurrency } from '@/lib/format';
import { useMakePayment } from '../api/make-payment';

/** The student being paid for: what the registration row tells the form. */
export type PaymentStudent = Pick<RegistrationRow, 'studentId' | 'studentName' | 'amountRemaining' | 'parentsNo'>;

const paymentFields = makePaymentRequest.omit({ studentId: true, newRemainingAmount: true });

/** What the inputs hold: all text, as the browser gives it; the receipt photo is the saved imageUrl ('' if none). */
export type PaymentFormValues = FormText<typeof paymentFields, keyof z.input<typeof paymentFields>>;

const defaultValues: PaymentFormValues = {
  receiptNo: '',
  amountPaid: '',
  newDueDate: '',
  paymentMode: '',
  receiptPhoto: '',
};

const paymentModeOptions = [
  { value: '', label: 'Select payment mode' },
  ...paymentModes.map((mode) => ({ value: mode, label: mode })),
];

export const PAYMENT_MODAL_TITLE = 'Make Payment';

export type PaymentAmounts = {
  remainingPaise: number;
  /** remaining − amount; the remaining itself while no amount is entered. */
  newRemainingPaise: number;
  /** SPEC §4: the error flag, the amount is more than what remains. */
  isAbovePending: boolean;
  /** Above 0 and at most the remaining (SPEC §5). */
  isValidAmount: boolean;
  /** Nothing would remain: the due date is cleared and disabled. */
  isSettled: boolean;
};

/** SPEC §4 Payment form: new remaining = remaining − entered amount, worked out in paise. */
export function paymentAmountsOf(remainingRupees: number, amountText: string): PaymentAmounts {
  const remainingPaise = toPaise(remainingRupees);
  const amountPaise = typedPaise(amountText);
  const after = balanceAfter(remainingPaise, amountPaise ?? 0);
  return {
    remainingPaise,
    newRemainingPaise: after.remainingPaise,
    isAbovePending: after.isOverpaid,
    isValidAmount: amountPaise !== null && isValidInstalment(amountPaise, remainingPaise),
    isSettled: after.isSettled,
  };
}

/**
 * The server's request schema for this student's balance, after what only the screen knows: an amount
 * within what remains, and a due date while something would remain.
 */
function paymentFormSchema(remainingRupees: number) {
  return withScreenChecks(paymentFields, ['amountPaid', 'newDueDate'], (values, add) => {
    const amounts = paymentAmountsOf(remainingRupees, values.amountPaid);
    if (!amounts.isValidAmount) add('amountPaid', messages.paymentAmountInvalid);
    if (!amounts.isSettled) {
      if (values.newDueDate === '') add('newDueDate', messages.dueDateRequired);
      else if (values.newDueDate < indianToday()) add('newDueDate', messages.dueDatePast);
    }
  });
}
type PaymentFormOutput = z.output<ReturnType<typeof paymentFormSchema>>;

/** The request body: the parsed fields, and the new remaining the server compares with its own. */
function toBody(student: PaymentStudent, valid: PaymentFormOutput): MakePaymentRequest {
  const after = balanceAfter(toPaise(student.amountRemaining), toPaise(valid.amountPaid));
  return {
    studentId: student.studentId,
    ...(valid.receiptNo ? { receiptNo: valid.receiptNo } : {}),
    amountPaid: valid.amountPaid,
    paymentMode: valid.paymentMode,
    newRemainingAmount: toRupees(after.remainingPaise),
    ...(after.isSettled || !valid.newDueDate ? {} : { newDueDate: valid.newDueDate }),
    receiptPhoto: valid.receiptPhoto,
  };
}

/** A fresh key for a submission (crypto.randomUUID needs a secure context, so there is a fallback). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type PaymentFormProps = {
  student: PaymentStudent;
  onClose: () => void;
  /** A 409: the balance moved, so the caller reloads the student's row. */
  onBalanceChanged?: () => void;
};

/**
 * SPEC §2 Payment form (counsellor): the amount, the new remaining worked out as it is typed, a due
 * date while something remains, the payment mode and the receipt photo. Submit Payment shows only
 * without an amount error and with the receipt photo saved.
 */
export function PaymentForm({ student, onClose, onBalanceChanged }: PaymentFormProps) {
  const toast = useToast();
  const makePayment = useMakePayment();
  const resolver = useMemo(
    () =>
      formResolver<PaymentFormValues, ReturnType<typeof paymentFormSchema>>(paymentFormSchema(student.amountRemaining)),
    [student.amountRemaining],
  );
  const [serverError, setServerError] = useState<string | null>(null);
  /** The payment just taken: the form gives way to its receipt and the next steps. */
  const [done, setDone] = useState<ReceiptSummary | null>(null);
  /** The amount as it was when Submit was last pressed: until it changes, the submit message stays. */
  const [submittedAmount, setSubmittedAmount] = useState<string | null>(null);
  /** The last submission and its key: sending the same body again reuses the key. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<PaymentFormValues, unknown, PaymentFormOutput>({ resolver, defaultValues });
  // One draft per student; the receipt photo is uploaded again.
  const draft = useFormDraft({ key: draftKeys.payment(student.studentId), watch, excluded: ['receiptPhoto'] });
  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    reset(draftValues(found, defaultValues));
    toast.success(DRAFT_LOADED);
  };

  const values = useWatch({ control }) as PaymentFormValues;
  const amounts = paymentAmountsOf(student.amountRemaining, values.amountPaid);

  useEffect(() => {
    if (amounts.isSettled && getValues('newDueDate') !== '') setValue('newDueDate', '');
  }, [amounts.isSettled, getValues, setValue]);

  const send = handleSubmit((valid) => {
    if (makePayment.isPending) return;
    const body = toBody(student, valid);
    const bodyText = JSON.stringify(body);
    if (attempt.current?.body !== bodyText) attempt.current = { key: newIdempotencyKey(), body: bodyText };
    setServerError(null);
    makePayment.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (response) => {
          toast.success(messages.paymentSuccessful);
          draft.finish();
          setDone({
            studentId: student.studentId,
            studentName: student.studentName,
            parentsNo: student.parentsNo,
            paymentId: response.paymentId,
            receiptNumber: response.receiptNumber,
            amountPaid: valid.amountPaid,
            amountRemaining: response.amountRemaining,
            dueDate: response.dueDate ?? null,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onBalanceChanged?.();
          showFormError(error, {
            setError,
            isField: (path): path is keyof PaymentFormValues => path in defaultValues,
            toastError: setServerError,
            fallback: messages.paymentFailed,
            serverMessageFor: [400, 409],
          });
        },
      },
    );
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmittedAmount(getValues('amountPaid'));
    return send(event);
  };

  const amountError =
    amounts.isAbovePending && values.amountPaid !== submittedAmount
      ? messages.amountAbovePending
      : errors.amountPaid?.message;
  const canSubmit = !amounts.isAbovePending && values.receiptPhoto !== '';
  const today = indianToday();

  if (done) {
    return (
      <ReceiptNextSteps summary={done} heading={messages.paymentSuccessful}>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </ReceiptNextSteps>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Payment">
      {draft.offer && <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />}
      <ReadOnlyInput label="Student Name" value={student.studentName} />
      <Input
        label={RECEIPT_BOOK_NUMBER_LABEL}
        inputMode="numeric"
        maxLength={12}
        autoComplete="off"
        error={errors.receiptNo?.message}
        {...register('receiptNo')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ReadOnlyInput label="Remaining Amount" isComputed value={formatCurrency(toRupees(amounts.remainingPaise))} />
        <Input label="Amount" {...rupeesInput} required error={amountError} {...register('amountPaid')} />
        <ReadOnlyInput
          label="New Remaining Amount"
          isComputed
          value={formatCurrency(toRupees(amounts.newRemainingPaise))}
        />
        <Input
          label={amounts.isSettled ? messages.dueDateNotRequired : 'Due Date'}
          type="date"
          min={today}
          disabled={amounts.isSettled}
          required={!amounts.isSettled}
          error={amounts.isSettled ? undefined : errors.newDueDate?.message}
          {...register('newDueDate')}
        />
      </div>
      <Select
        label="Payment Mode"
        options={paymentModeOptions}
        required
        error={errors.paymentMode?.message}
        {...register('paymentMode')}
      />
      <PhotoUploader
        label="Receipt Photo"
        mode="document"
        value={values.receiptPhoto || null}
        onChange={(imageUrl) => setValue('receiptPhoto', imageUrl ?? '', { shouldValidate: imageUrl !== null })}
      />

      {serverError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700">
          {serverError}
        </p>
      )}

      {!canSubmit && values.receiptPhoto === '' && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-800">
          {messages.receiptPhotoFirst}
        </p>
      )}

      <FormActions onCancel={onClose} cancelLabel="Back">
        {canSubmit && (
          <Button type="submit" isLoading={makePayment.isPending}>
            Submit Payment
          </Button>
        )}
      </FormActions>
    </form>
  );
}

type PaymentModalProps = {
  isOpen: boolean;
  /** The student to pay for; null shows that nobody is selected. */
  student: PaymentStudent | null;
  onClose: () => void;
  onBalanceChanged?: () => void;
};

/** The payment form in a dialog, opened from the Registration Table's Make Payment. */
export function PaymentModal({ isOpen, student, onClose, onBalanceChanged }: PaymentModalProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={PAYMENT_MODAL_TITLE}>
      {student ? (
        <PaymentForm
          key={student.studentId}
          student={student}
          onClose={onClose}
          {...(onBalanceChanged ? { onBalanceChanged } : {})}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">{messages.noStudentSelected}</p>
          <Button variant="secondary" className="self-end" onClick={onClose}>
            Back
          </Button>
        </div>
      )}
    </Modal>
  );
}
