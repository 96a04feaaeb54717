import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import { paymentModes, type RegisterStudentInput, registerStudentRequest } from '@app/domain/registrations.schemas';
import { feeOf, isStandard } from '@app/domain/standards.rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useCentres } from '@/api/get-centres';
import { ExamCentreCombobox } from '@/components/exam-centre-combobox';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { ContactFields } from '@/components/student-fields/contact-fields';
import { EducationalFields, standardOptions } from '@/components/student-fields/educational-fields';
import { asOptions, choose } from '@/components/student-fields/field-binding';
import { FormSection } from '@/components/student-fields/form-section';
import { PersonalFields } from '@/components/student-fields/personal-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { showFormError } from '@/lib/form-errors';
import { formatCurrency } from '@/lib/format';
import { useRegisterStudent } from '../api/register-student';
import { clearDraft, DRAFT_SAVE_DELAY_MS, type RegistrationDraft, readDraft, saveDraft } from '../registration-draft';

/** What the inputs hold: all text, as the browser gives it; the photos are the saved imageUrls ('' if none). */
export type RegistrationFormValues = {
  studentName: string;
  gender: string;
  dob: string;
  motherName: string;
  address: string;
  pincode: string;
  standard: string;
  branch: string;
  schoolCollege: string;
  preYearPercent: string;
  email: string;
  studentNo: string;
  parentsNo: string;
  appNo: string;
  notificationNo: string;
  examCentre: string;
  paymentStandard: string;
  amountPaid: string;
  receiptNo: string;
  modeOfPayment: string;
  dueDate: string;
  studentPhoto: string;
  receiptPhoto: string;
};

const defaultValues: RegistrationFormValues = {
  studentName: '',
  gender: '',
  dob: '',
  motherName: '',
  address: '',
  pincode: '',
  standard: '',
  branch: '',
  schoolCollege: '',
  preYearPercent: '',
  email: '',
  studentNo: '',
  parentsNo: '',
  appNo: '',
  notificationNo: '',
  examCentre: '',
  paymentStandard: '',
  amountPaid: '',
  receiptNo: '',
  modeOfPayment: '',
  dueDate: '',
  studentPhoto: '',
  receiptPhoto: '',
};

const DRAFT_LOADED = 'Draft data loaded successfully!';
const PAYMENT_HINT = 'Amount paid is more than the total amount: correct it in Payment Details';
const EXAM_CENTRE_HINT = 'Please select an exam centre';

const paymentModeOptions = [choose('Select payment mode'), ...asOptions(paymentModes)];

function isFormField(path: string): path is keyof RegistrationFormValues {
  return path in defaultValues;
}

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
export function paymentOf({
  paymentStandard,
  amountPaid,
}: Pick<RegistrationFormValues, 'paymentStandard' | 'amountPaid'>): Payment {
  const totalPaise = isStandard(paymentStandard) ? feeOf(paymentStandard) : null;
  const paid = Number(amountPaid.trim());
  const paidPaise = amountPaid.trim() !== '' && Number.isFinite(paid) && paid >= 0 ? toPaise(paid) : 0;
  const remainingPaise = totalPaise === null ? null : totalPaise - paidPaise;
  const isTooHigh = remainingPaise !== null && remainingPaise < 0;
  return { totalPaise, remainingPaise, isTooHigh, isSettled: remainingPaise === 0 };
}

/**
 * Validates the text values with the server's request schema, plus what only the screen knows:
 * required amounts, the total, and a due date while money remains.
 */
const resolver: Resolver<RegistrationFormValues, unknown, RegisterStudentInput> = async (values) => {
  const payment = paymentOf(values);
  const errors: FieldErrors<RegistrationFormValues> = {};
  const add = (field: keyof RegistrationFormValues, message: string, type = 'custom') => {
    if (!errors[field]) errors[field] = { type, message };
  };

  if (values.preYearPercent.trim() === '') add('preYearPercent', 'Previous year percentage is required');
  if (values.amountPaid.trim() === '') add('amountPaid', 'Amount paid is required');
  if (payment.isTooHigh) add('amountPaid', messages.amountPaidTooHigh);
  if (!payment.isSettled) {
    if (values.dueDate === '') add('dueDate', messages.dueDateRequired);
    else if (values.dueDate < indianToday()) add('dueDate', messages.dueDatePast);
  }

  const result = registerStudentRequest.safeParse({
    ...values,
    paymentStandard: values.paymentStandard || values.standard,
    dueDate: payment.isSettled ? undefined : values.dueDate,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (isFormField(field)) add(field, issue.message, issue.code);
    }
  }
  if (!result.success || Object.keys(errors).length) return { values: {}, errors };
  return { values: result.data, errors: {} };
};

const readOnlyClasses = 'bg-slate-50';

/**
 * SPEC §2 Student Registration Form (counsellor): six sections, fees from the standard, a local
 * draft, and a Register Student button only once both photos are saved, a centre is chosen and
 * the payment adds up.
 */
export function RegistrationForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const centres = useCentres();
  const registerStudent = useRegisterStudent();
  const [draftOffer, setDraftOffer] = useState<RegistrationDraft | null>(readDraft);
  const isSubmitted = useRef(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    watch,
    formState: { errors },
  } = useForm<RegistrationFormValues, unknown, RegisterStudentInput>({
    resolver,
    mode: 'onChange',
    defaultValues,
  });

  const values = useWatch({ control }) as RegistrationFormValues;
  const { standard, studentNo, parentsNo, appNo, notificationNo, examCentre, studentPhoto, receiptPhoto } = values;

  const bind = (name: keyof RegistrationFormValues) => ({ ...register(name), error: errors[name]?.message });
  const setField = useCallback(
    (name: keyof RegistrationFormValues, value: string) => setValue(name, value, { shouldValidate: true }),
    [setValue],
  );

  const payment = paymentOf(values);
  useEffect(() => {
    if (payment.isSettled && getValues('dueDate') !== '') setValue('dueDate', '', { shouldValidate: true });
  }, [payment.isSettled, getValues, setValue]);

  // SPEC §4 Registration draft: saved 1 s after the last edit; paused while a found draft awaits a choice.
  useEffect(() => {
    if (draftOffer) return;
    let timer: number | undefined;
    let pending: Record<string, unknown> | null = null;
    const subscription = watch((next) => {
      pending = next;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        pending = null;
        if (!isSubmitted.current) saveDraft(next);
      }, DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(timer);
      // Leaving the screen within the second still keeps the last edit.
      if (pending && !isSubmitted.current) saveDraft(pending);
    };
  }, [watch, draftOffer]);

  const loadDraft = () => {
    if (!draftOffer) return;
    const restored = Object.fromEntries(Object.entries(draftOffer).filter(([key]) => isFormField(key)));
    reset({
      ...defaultValues,
      ...restored,
      studentPhoto: getValues('studentPhoto'),
      receiptPhoto: getValues('receiptPhoto'),
    });
    setDraftOffer(null);
    toast.success(DRAFT_LOADED);
  };

  const dismissDraft = () => {
    clearDraft();
    setDraftOffer(null);
  };

  const today = indianToday();

  // The parsed request (the schema's output) is what is sent: the server parses it again the same way.
  const onSubmit = handleSubmit((valid) =>
    registerStudent.mutate(valid, {
      onSuccess: async (response) => {
        isSubmitted.current = true;
        clearDraft();
        toast.success(response.message);
        await navigate(paths.dashboard.section.getHref('registertable'));
      },
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: isFormField,
          toastError: toast.error,
          fallback: messages.registrationError,
        }),
    }),
  );

  const missing = [
    ...(studentPhoto ? [] : [messages.studentPhotoRequired]),
    ...(receiptPhoto ? [] : [messages.receiptPhotoRequired]),
    ...(examCentre ? [] : [EXAM_CENTRE_HINT]),
    ...(payment.isTooHigh ? [PAYMENT_HINT] : []),
  ];
  const canSubmit = missing.length === 0;

  const rupees = (paise: number | null) => (paise === null ? '' : formatCurrency(toRupees(paise)));

  return (
    <div className="flex flex-col gap-4">
      {draftOffer && (
        <section
          aria-label="Saved draft"
          className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm font-medium">
            A saved draft of this form was found. Load it to continue where you left off.
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={loadDraft}>
              Load Draft
            </Button>
            <Button size="sm" variant="secondary" onClick={dismissDraft}>
              Dismiss
            </Button>
          </div>
        </section>
      )}

      <form onSubmit={onSubmit} noValidate aria-label="Registration Form" className="flex flex-col gap-4">
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <PersonalFields bind={bind} isMotherNameRequired />
          <EducationalFields
            bind={bind}
            percentField="preYearPercent"
            standard={standard}
            showExamYear
            // SPEC §4 Standard selection: the branch starts over and the fee follows the standard.
            onStandardChange={(chosen) => {
              setValue('branch', '');
              setValue('paymentStandard', chosen, { shouldValidate: true });
            }}
          />
          <ContactFields
            bind={bind}
            studentNo={studentNo}
            parentsNo={parentsNo}
            choices={[
              { field: 'appNo', label: 'App Number', value: appNo },
              { field: 'notificationNo', label: 'Notification Number', value: notificationNo },
            ]}
            onChange={setField}
          />

          <FormSection title="Exam Centre and Form Details">
            <div className="sm:col-span-2">
              <Controller
                control={control}
                name="examCentre"
                render={({ field, fieldState }) => (
                  <ExamCentreCombobox
                    name={field.name}
                    centres={centres.data ?? []}
                    isLoading={centres.isPending}
                    isError={centres.isError}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>
          </FormSection>

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
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              required
              error={payment.isTooHigh ? messages.amountPaidTooHigh : errors.amountPaid?.message}
              {...register('amountPaid')}
            />
            <Input
              label="Amount Remaining"
              readOnly
              tabIndex={-1}
              value={rupees(payment.remainingPaise)}
              className={readOnlyClasses}
            />
            <Input
              label="Receipt Number"
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
              min={today}
              disabled={payment.isSettled}
              required={!payment.isSettled}
              error={payment.isSettled ? undefined : errors.dueDate?.message}
              {...register('dueDate')}
            />
          </FormSection>

          <FormSection title="Documents">
            <PhotoUploader
              label="Student Photo"
              mode="passport"
              value={studentPhoto || null}
              onChange={(imageUrl) => setValue('studentPhoto', imageUrl ?? '', { shouldValidate: true })}
            />
            <PhotoUploader
              label="Receipt Photo"
              mode="document"
              value={receiptPhoto || null}
              onChange={(imageUrl) => setValue('receiptPhoto', imageUrl ?? '', { shouldValidate: true })}
            />
          </FormSection>
        </div>

        {canSubmit ? (
          <div className="flex sm:justify-end">
            <Button type="submit" className="w-full sm:w-auto sm:min-w-48" isLoading={registerStudent.isPending}>
              Register Student
            </Button>
          </div>
        ) : (
          <ul
            aria-label="Before you can register"
            className="flex flex-col gap-1 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm font-medium text-amber-800"
          >
            {missing.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        )}
      </form>
    </div>
  );
}
