import { branchesOf, branchKindOf, isStandard, previousYearOf, standards } from '@app/domain/standards.rules';
import { demoAnswers, genders, OTHER_REASON, visitingReasons, visitingRequest } from '@app/domain/visiting.schemas';
import { type ReactNode, useEffect, useId } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { type CreateVisitingBody, useCreateVisiting } from '../api/create-visiting';

type VisitingRequestOutput = z.output<typeof visitingRequest>;

/** What the inputs hold: all text, as the browser gives it. */
type VisitingFormValues = {
  studentName: string;
  gender: string;
  dob: string;
  motherName: string;
  address: string;
  pincode: string;
  standard: string;
  branch: string;
  schoolCollege: string;
  previousYearPercent: string;
  email: string;
  studentNo: string;
  parentsNo: string;
  notificationNo: string;
  demoGiven: string;
  reason: string;
  otherReason: string;
};

const defaultValues: VisitingFormValues = {
  studentName: '',
  gender: '',
  dob: '',
  motherName: '',
  address: '',
  pincode: '',
  standard: '',
  branch: '',
  schoolCollege: '',
  previousYearPercent: '',
  email: '',
  studentNo: '',
  parentsNo: '',
  notificationNo: '',
  demoGiven: '',
  reason: '',
  otherReason: '',
};

const choose = (label: string) => ({ value: '', label });
const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const genderOptions = [choose('Select gender'), ...asOptions(genders)];
const standardOptions = [choose('Select standard'), ...asOptions(standards)];
const demoOptions = [choose('Select'), ...asOptions(demoAnswers)];
const reasonOptions = [choose('Select reason'), ...asOptions(visitingReasons), { value: OTHER_REASON, label: 'Other' }];

function isFormField(path: string): path is keyof VisitingFormValues {
  return path in defaultValues;
}

/** Validates the text values with the shared request schema; the first message of each field is shown. */
const resolver: Resolver<VisitingFormValues, unknown, VisitingRequestOutput> = async (values) => {
  const result = visitingRequest.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<VisitingFormValues> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isFormField(field) && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** The request body: the inputs as typed (the server derives previousYear and the final reason). */
function toBody({ previousYearPercent, otherReason, motherName, ...values }: VisitingFormValues): CreateVisitingBody {
  return {
    ...values,
    previousYearPercent: Number(previousYearPercent),
    ...(values.reason === OTHER_REASON ? { otherReason } : {}),
    ...(motherName.trim() ? { motherName } : {}),
  };
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="border-b border-slate-100 pb-2 text-lg font-semibold text-brand-800">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/**
 * SPEC §2 Student Visiting Form: personal, educational, contact and additional details, validated
 * live and on submit with the shared `visitingRequest` schema.
 */
export function VisitingForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const createVisiting = useCreateVisiting();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<VisitingFormValues, unknown, VisitingRequestOutput>({
    resolver,
    mode: 'onChange',
    defaultValues,
  });

  const [standard, reason, studentNo, parentsNo, notificationNo] = useWatch({
    control,
    name: ['standard', 'reason', 'studentNo', 'parentsNo', 'notificationNo'],
  });
  const chosenStandard = isStandard(standard) ? standard : null;
  const branchLabel = chosenStandard
    ? branchKindOf(chosenStandard) === 'medium'
      ? 'Medium'
      : 'Group'
    : 'Medium or Group';
  const branchOptions = chosenStandard
    ? [choose(`Select ${branchLabel.toLowerCase()}`), ...asOptions(branchesOf(chosenStandard))]
    : [choose('Select')];

  // SPEC §5: the notification number is one of the two numbers entered above.
  const numbers = [
    { value: studentNo.trim(), label: `${studentNo.trim()} (Student)` },
    { value: parentsNo.trim(), label: `${parentsNo.trim()} (Parent)` },
  ].filter((option, index, all) => option.value && all.findIndex((other) => other.value === option.value) === index);
  const notificationOptions = [choose(numbers.length ? 'Select number' : 'Enter the numbers first'), ...numbers];
  const isNotificationStale = notificationNo !== '' && !numbers.some((option) => option.value === notificationNo);
  useEffect(() => {
    if (isNotificationStale) setValue('notificationNo', '', { shouldValidate: true });
  }, [isNotificationStale, setValue]);

  const today = new Date().toISOString().slice(0, 10);

  const onSubmit = handleSubmit(() =>
    createVisiting.mutate(toBody(getValues()), {
      onSuccess: async (response) => {
        toast.success(response.message);
        await navigate(paths.dashboard.section.getHref('visitingtable'));
      },
      onError: (error) => {
        for (const issue of error instanceof ApiError ? error.issues : []) {
          if (isFormField(issue.path)) setError(issue.path, { message: issue.message });
        }
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Visiting Form" className="flex flex-col gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <FormSection title="Personal Details">
          <Input
            label="Student Name"
            autoComplete="off"
            required
            fieldClassName="sm:col-span-2"
            error={errors.studentName?.message}
            {...register('studentName')}
          />
          <Select
            label="Gender"
            options={genderOptions}
            required
            error={errors.gender?.message}
            {...register('gender')}
          />
          <Input
            label="Date of Birth"
            type="date"
            max={today}
            required
            error={errors.dob?.message}
            {...register('dob')}
          />
          <Input
            label="Mother Name"
            autoComplete="off"
            hint="Optional"
            fieldClassName="sm:col-span-2"
            error={errors.motherName?.message}
            {...register('motherName')}
          />
          <Textarea
            label="Address"
            rows={3}
            required
            fieldClassName="sm:col-span-2"
            className="min-h-20"
            error={errors.address?.message}
            {...register('address')}
          />
          <Input
            label="Pincode"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            required
            error={errors.pincode?.message}
            {...register('pincode')}
          />
        </FormSection>

        <FormSection title="Educational Details">
          <Select
            label="Standard"
            options={standardOptions}
            required
            error={errors.standard?.message}
            {...register('standard', {
              // SPEC §4 Standard selection: a new standard offers other branches, so the choice starts over.
              onChange: () => setValue('branch', ''),
            })}
          />
          <Input
            label="Previous Year"
            readOnly
            tabIndex={-1}
            value={chosenStandard ? previousYearOf(chosenStandard) : ''}
            placeholder="From the standard"
            className="bg-slate-50"
          />
          <Select
            label={branchLabel}
            options={branchOptions}
            disabled={!chosenStandard}
            required
            error={errors.branch?.message}
            {...register('branch')}
          />
          <Input
            label="School / College"
            autoComplete="off"
            required
            error={errors.schoolCollege?.message}
            {...register('schoolCollege')}
          />
          <Input
            label="Previous Year Percentage"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            required
            error={errors.previousYearPercent?.message}
            {...register('previousYearPercent')}
          />
        </FormSection>

        <FormSection title="Contact Details">
          <Input
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            fieldClassName="sm:col-span-2"
            error={errors.email?.message}
            {...register('email')}
          />
          <Input
            label="Student Number"
            type="tel"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            required
            error={errors.studentNo?.message}
            {...register('studentNo')}
          />
          <Input
            label="Parent Number"
            type="tel"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            required
            error={errors.parentsNo?.message}
            {...register('parentsNo')}
          />
          <Select
            label="Notification Number"
            options={notificationOptions}
            required
            fieldClassName="sm:col-span-2"
            error={errors.notificationNo?.message}
            {...register('notificationNo')}
          />
        </FormSection>

        <FormSection title="Additional Details">
          <Select
            label="Demo Given"
            options={demoOptions}
            required
            error={errors.demoGiven?.message}
            {...register('demoGiven')}
          />
          <Select
            label="Reason"
            options={reasonOptions}
            required
            fieldClassName="sm:col-span-2"
            error={errors.reason?.message}
            {...register('reason', {
              // SPEC §4 Visiting reason: any choice but Other drops the written reason.
              onChange: (event) => {
                if (event.target.value !== OTHER_REASON) setValue('otherReason', '');
              },
            })}
          />
          {reason === OTHER_REASON && (
            <Input
              label="Other Reason"
              autoComplete="off"
              required
              fieldClassName="sm:col-span-2"
              error={errors.otherReason?.message}
              {...register('otherReason')}
            />
          )}
        </FormSection>
      </div>

      <div className="flex sm:justify-end">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-40" isLoading={createVisiting.isPending}>
          Submit
        </Button>
      </div>
    </form>
  );
}
