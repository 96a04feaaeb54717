import { indianToday } from '@app/domain/dates.rules';
import { RECEIPT_BOOK_NUMBER_LABEL } from '@app/domain/field-labels';
import { messages } from '@app/domain/messages';
import { toRupees } from '@app/domain/money.rules';
import { balanceAfter, typedPaise } from '@app/domain/payments.rules';
import { paymentModes } from '@app/domain/registrations.schemas';
import { feeOf, isStandard } from '@app/domain/standards.rules';
import { standardOptions } from '@/components/student-fields/educational-fields';
import { asOptions, type BindField, choose } from '@/components/student-fields/field-binding';
import { FormSection } from '@/components/student-fields/form-section';
import { Input, rupeesInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatCurrency } from '@/lib/format';

type Payment = {
  /** Null until a payment standard is chosen. */
  totalPaise: number | null;
  remainingPaise: number | null;
  /** SPEC §5: more paid than the total. */
  isTooHigh: boolean;
  /** Nothing remains: the due date is not required (SPEC §2). */
  isSettled: boolean;
};

/** The money side of the form (SPEC §9 fees): total from the payment standard, remaining = total − paid. */
export function paymentOf({ paymentStandard, amountPaid }: { paymentStandard: string; amountPaid: string }): Payment {
  if (!isStandard(paymentStandard))
    return { totalPaise: null, remainingPaise: null, isTooHigh: false, isSettled: false };
  const typed = typedPaise(amountPaid);
  const totalPaise = feeOf(paymentStandard);
  const balance = balanceAfter(totalPaise, typed !== null && typed >= 0 ? typed : 0);
  return {
    totalPaise,
    remainingPaise: balance.remainingPaise,
    isTooHigh: balance.isOverpaid,
    isSettled: balance.isSettled,
  };
}

const paymentModeOptions = [choose('Select payment mode'), ...asOptions(paymentModes)];
const readOnlyClasses = 'bg-slate-50';
const rupees = (paise: number | null) => (paise === null ? '' : formatCurrency(toRupees(paise)));

/** SPEC §2 Registration, Payment Details: the fee of the payment standard, what is paid and what remains. */
export function PaymentDetails({
  bind,
  payment,
}: {
  bind: BindField<'paymentStandard' | 'amountPaid' | 'receiptNo' | 'modeOfPayment' | 'dueDate'>;
  payment: Payment;
}) {
  const amountPaid = bind('amountPaid');
  const dueDate = bind('dueDate');
  return (
    <FormSection title="Payment Details">
      <Select label="Payment Standard" options={standardOptions} required {...bind('paymentStandard')} />
      <Input
        label="Total Amount"
        readOnly
        tabIndex={-1}
        value={rupees(payment.totalPaise)}
        placeholder="From the payment standard"
        className={readOnlyClasses}
      />
      <Input
        label="Amount Paid"
        {...rupeesInput}
        required
        {...amountPaid}
        error={payment.isTooHigh ? messages.amountPaidTooHigh : amountPaid.error}
      />
      <Input
        label="Amount Remaining"
        readOnly
        tabIndex={-1}
        value={rupees(payment.remainingPaise)}
        className={readOnlyClasses}
      />
      <Input
        label={RECEIPT_BOOK_NUMBER_LABEL}
        inputMode="numeric"
        maxLength={12}
        autoComplete="off"
        required
        {...bind('receiptNo')}
      />
      <Select label="Payment Mode" options={paymentModeOptions} required {...bind('modeOfPayment')} />
      <Input
        label={payment.isSettled ? messages.dueDateNotRequired : 'Due Date'}
        type="date"
        min={indianToday()}
        disabled={payment.isSettled}
        required={!payment.isSettled}
        {...dueDate}
        error={payment.isSettled ? undefined : dueDate.error}
      />
    </FormSection>
  );
}
