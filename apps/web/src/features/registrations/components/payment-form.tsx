import { indianToday } from '@app/domain/dates.rules';
import { RECEIPT_BOOK_NUMBER_LABEL } from '@app/domain/field-labels';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import { type MakePaymentRequest, makePaymentRequest } from '@app/domain/payments.schemas';
import { type PaymentMode, paymentModes, type RegistrationRow } from '@app/domain/registrations.schemas';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { ReceiptNextSteps, type ReceiptSummary } from '@/components/receipt-next-steps';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { draftKeys, draftValues, useFormDraft } from '@/lib/form-draft';
import { formatCurrency } from '@/lib/format';
import { useMakePayment } from '../api/make-payment';

/** The student being paid for: what the registration row tells the form. */
export type PaymentStudent = Pick<RegistrationRow, 'studentId' | 'studentName' | 'amountRemaining' | 'parentsNo'>;

/** What the inputs hold: all text, as the browser gives it; the receipt photo is the saved imageUrl ('' if none). */
export type PaymentFormValues = {
  receiptNo: string;
  amountPaid: string;
  newDueDate: string;
  paymentMode: string;
  receiptPhoto: string;
};

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

function isFormField(path: string): path is keyof PaymentFormValues {
  return path in defaultValues;
}

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
  const text = amountText.trim();
  const amount = Number(text);
  const isNumber = text !== '' && Number.isFinite(amount);
  const amountPaise = isNumber ? toPaise(amount) : 0;
  const newRemainingPaise = remainingPaise - amountPaise;
  return {
    remainingPaise,
    newRemainingPaise,
    isAbovePending: isNumber && amountPaise > remainingPaise,
    isValidAmount: isNumber && amountPaise > 0 && amountPaise <= remainingPaise,
    isSettled: newRemainingPaise === 0,
  };
}

function toBody(student: PaymentStudent, values: PaymentFormValues): MakePaymentRequest {
  const { newRemainingPaise, isSettled } = paymentAmountsOf(student.amountRemaining, values.amountPaid);
  const receiptNo = values.receiptNo.trim();
  return {
    studentId: student.studentId,
    ...(receiptNo ? { receiptNo } : {}),
    amountPaid: Number(values.amountPaid.trim()),
    paymentMode: values.paymentMode as PaymentMode,
    newRemainingAmount: toRupees(newRemainingPaise),
    ...(isSettled || !values.newDueDate ? {} : { newDueDate: values.newDueDate }),
    receiptPhoto: values.receiptPhoto,
  };
}

type ResolverContext = { student: PaymentStudent };

/** The server's request schema plus what only the screen knows: the remaining amount and the due date. */
const resolver: Resolver<PaymentFormValues, ResolverContext> = async (values, context) => {
  const errors: FieldErrors<PaymentFormValues> = {};
  const add = (field: keyof PaymentFormValues, message: string) => {
    if (!errors[field]) errors[field] = { type: 'custom', message };
  };
  if (!context) {
    add('amountPaid', messages.noStudentSelected);
    return { values: {}, errors };
  }
  const amounts = paymentAmountsOf(context.student.amountRemaining, values.amountPaid);

  if (!amounts.isValidAmount) add('amountPaid', messages.paymentAmountInvalid);
  if (!amounts.isSettled) {
    if (values.newDueDate === '') add('newDueDate', messages.dueDateRequired);
    else if (values.newDueDate < indianToday()) add('newDueDate', messages.dueDatePast);
  }

  const result = makePaymentRequest.safeParse(toBody(context.student, values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (isFormField(field)) add(field, issue.message);
    }
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** A fresh key for a submission (crypto.randomUUID needs a secure context, so there is a fallback). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SPEC §8 Payment: 400 and 409 carry a message meant for the counsellor; anything else the fixed text. */
function paymentErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.serverMessage) {
    return error.serverMessage;
  }
  return messages.paymentFailed;
}

const readOnlyClasses = 'bg-slate-50';

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
  } = useForm<PaymentFormValues, ResolverContext>({ resolver, context: { student }, defaultValues });
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
            amountPaid: Number(valid.amountPaid.trim()),
            amountRemaining: response.amountRemaining,
            dueDate: response.dueDate ?? null,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            for (const issue of error.issues) {
              if (isFormField(issue.path)) setError(issue.path, { message: issue.message });
            }
          }
          if (error instanceof ApiError && error.status === 409) onBalanceChanged?.();
          setServerError(paymentErrorText(error));
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
      <Input label="Student Name" readOnly value={student.studentName} className={readOnlyClasses} />
      <Input
        label={RECEIPT_BOOK_NUMBER_LABEL}
        inputMode="numeric"
        maxLength={12}
        autoComplete="off"
        error={errors.receiptNo?.message}
        {...register('receiptNo')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Remaining Amount"
          readOnly
          tabIndex={-1}
          value={formatCurrency(toRupees(amounts.remainingPaise))}
          className={readOnlyClasses}
        />
        <Input
          label="Amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          error={amountError}
          {...register('amountPaid')}
        />
        <Input
          label="New Remaining Amount"
          readOnly
          tabIndex={-1}
          value={formatCurrency(toRupees(amounts.newRemainingPaise))}
          className={readOnlyClasses}
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

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
        {canSubmit && (
          <Button type="submit" isLoading={makePayment.isPending}>
            Submit Payment
          </Button>
        )}
      </div>
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
