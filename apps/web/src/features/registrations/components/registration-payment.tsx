import { type FeePlan, planDueDate } from '@app/domain/courses.rules';
import type { PublicCourse } from '@app/domain/courses.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { RECEIPT_BOOK_NUMBER_LABEL } from '@app/domain/field-labels';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import { balanceAfter, typedPaise } from '@app/domain/payments.rules';
import { paymentModes } from '@app/domain/registrations.schemas';
import { feeOf, isStandard } from '@app/domain/standards.rules';
import { standardOptions } from '@/components/student-fields/educational-fields';
import { asOptions, type BindField, choose } from '@/components/student-fields/field-binding';
import { FormSection } from '@/components/student-fields/form-section';
import { Input, ReadOnlyInput, rupeesInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatCurrency, formatDate } from '@/lib/format';

type Payment = {
  /** Null until a payment standard is chosen. */
  totalPaise: number | null;
  remainingPaise: number | null;
  /** SPEC §5: more paid than the total. */
  isTooHigh: boolean;
  /** Nothing remains: the due date is not required (SPEC §2). */
  isSettled: boolean;
  /** The course's instalment plan decides the due date (issue 25): the next instalment not yet covered. */
  planDueDate: string | null;
};

/**
 * The course the fee is charged for: the one chosen, else the open session's first of the payment
 * standard (as the server picks it for SPEC's payload); undefined while the list is not there.
 */
export function courseOf(
  courses: readonly PublicCourse[] | undefined,
  { paymentStandard, courseId }: { paymentStandard: string; courseId: string },
): PublicCourse | undefined {
  const ofStandard = courses?.filter((course) => course.standard === paymentStandard) ?? [];
  return ofStandard.find((course) => String(course.id) === courseId) ?? ofStandard[0];
}

/** The plan as the student will carry it: rupees and percentages as paise and basis points. */
const planOf = (course: PublicCourse): FeePlan => ({
  kind: course.planKind,
  instalments: course.instalments.map((one) => ({ dueDate: one.dueDate, value: Math.round(one.value * 100) })),
});

/**
 * The money side of the form: total from the course of the payment standard (SPEC §9's fee while the
 * course list is not there; the server decides either way), remaining = total − paid.
 */
export function paymentOf(
  { paymentStandard, amountPaid }: { paymentStandard: string; amountPaid: string },
  course?: PublicCourse | undefined,
): Payment {
  if (!isStandard(paymentStandard))
    return { totalPaise: null, remainingPaise: null, isTooHigh: false, isSettled: false, planDueDate: null };
  const typed = typedPaise(amountPaid);
  const totalPaise = course ? toPaise(course.fee) : feeOf(paymentStandard);
  const paidPaise = typed !== null && typed >= 0 ? typed : 0;
  const balance = balanceAfter(totalPaise, paidPaise);
  const plan = course && course.instalments.length > 0 ? planOf(course) : null;
  return {
    totalPaise,
    remainingPaise: balance.remainingPaise,
    isTooHigh: balance.isOverpaid,
    isSettled: balance.isSettled,
    planDueDate:
      plan && !balance.isSettled && !balance.isOverpaid ? planDueDate(plan, { paidPaise, totalPaise }) : null,
  };
}

const paymentModeOptions = [choose('Select payment mode'), ...asOptions(paymentModes)];
const rupees = (paise: number | null) => (paise === null ? '' : formatCurrency(toRupees(paise)));

/** SPEC §2 Registration, Payment Details: the fee of the payment standard, what is paid and what remains. */
export function PaymentDetails({
  bind,
  payment,
  courses,
}: {
  bind: BindField<
    | 'paymentStandard'
    | 'courseId'
    | 'amountPaid'
    | 'receiptNo'
    | 'modeOfPayment'
    | 'dueDate'
    | 'concessionAmount'
    | 'concessionReason'
  >;
  payment: Payment;
  /** The open session's courses of the payment standard: a choice only when there are several. */
  courses: readonly PublicCourse[];
}) {
  const amountPaid = bind('amountPaid');
  const dueDate = bind('dueDate');
  return (
    <FormSection title="Payment Details">
      <Select label="Payment Standard" options={standardOptions} required {...bind('paymentStandard')} />
      {courses.length > 1 && (
        <Select
          label="Course"
          options={courses.map((course) => ({
            value: String(course.id),
            label: `${course.name} (${formatCurrency(course.fee)})`,
          }))}
          {...bind('courseId')}
        />
      )}
      <ReadOnlyInput
        label="Total Amount"
        isComputed
        value={rupees(payment.totalPaise)}
        placeholder="From the payment standard"
      />
      <Input
        label="Amount Paid"
        {...rupeesInput}
        required
        {...amountPaid}
        error={payment.isTooHigh ? messages.amountPaidTooHigh : amountPaid.error}
      />
      <ReadOnlyInput label="Amount Remaining" isComputed value={rupees(payment.remainingPaise)} />
      <Input
        label={RECEIPT_BOOK_NUMBER_LABEL}
        inputMode="numeric"
        maxLength={12}
        autoComplete="off"
        required
        {...bind('receiptNo')}
      />
      <Select label="Payment Mode" options={paymentModeOptions} required {...bind('modeOfPayment')} />
      {payment.planDueDate ? (
        <ReadOnlyInput label="Due Date (from the instalment plan)" isComputed value={formatDate(payment.planDueDate)} />
      ) : (
        <Input
          label={payment.isSettled ? messages.dueDateNotRequired : 'Due Date'}
          type="date"
          min={indianToday()}
          disabled={payment.isSettled}
          required={!payment.isSettled}
          {...dueDate}
          error={payment.isSettled ? undefined : dueDate.error}
        />
      )}
      <Input
        label="Concession asked for (₹)"
        hint="Optional: it applies once an admin approves it"
        {...rupeesInput}
        {...bind('concessionAmount')}
      />
      <Input label="Reason for the concession" autoComplete="off" {...bind('concessionReason')} />
    </FormSection>
  );
}
