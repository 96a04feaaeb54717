import type { PublicCourse } from '@app/domain/courses.schemas';
import { indianToday } from '@app/domain/dates.rules';
import type { FunnelEnquiry } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { toRupees } from '@app/domain/money.rules';
import { type RegisterStudentInput, registerStudentRequest } from '@app/domain/registrations.schemas';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { PrivacyNoticeLine } from '@/components/privacy-notice-line';
import { ReceiptNextSteps, type ReceiptSummary } from '@/components/receipt-next-steps';
import { ContactFields } from '@/components/student-fields/contact-fields';
import { EducationalFields } from '@/components/student-fields/educational-fields';
import { ExamCentreField } from '@/components/student-fields/exam-centre-field';
import { FormSection } from '@/components/student-fields/form-section';
import { PersonalFields } from '@/components/student-fields/personal-fields';
import { emptyStudentValues, type StudentFormValues } from '@/components/student-fields/student-values';
import { Button, buttonClasses } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { draftKeys, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver, withScreenChecks } from '@/lib/form-schema';
import { formatDate } from '@/lib/format';
import { useOpenCourses } from '../api/get-open-courses';
import { useOpenExamSession } from '../api/get-open-exam-session';
import { useRegisterStudent } from '../api/register-student';
import { courseOf, PaymentDetails, paymentOf } from './registration-payment';

/** What the inputs hold: all text, as the browser gives it; the photos are the saved imageUrls ('' if none). */
export type RegistrationFormValues = StudentFormValues &
  FormText<
    typeof registerStudentRequest,
    | 'examCentre'
    | 'paymentStandard'
    | 'courseId'
    | 'amountPaid'
    | 'receiptNo'
    | 'modeOfPayment'
    | 'dueDate'
    | 'studentPhoto'
    | 'receiptPhoto'
    | 'concessionAmount'
    | 'concessionReason'
  >;

const defaultValues: RegistrationFormValues = {
  ...emptyStudentValues,
  examCentre: '',
  paymentStandard: '',
  courseId: '',
  amountPaid: '',
  receiptNo: '',
  modeOfPayment: '',
  dueDate: '',
  studentPhoto: '',
  receiptPhoto: '',
  concessionAmount: '',
  concessionReason: '',
};

const PAYMENT_HINT = 'Amount paid is more than the total amount: correct it in Payment Details';
const EXAM_CENTRE_HINT = 'Please select an exam centre';

/** The enquiry's answers as the form's starting values (the payment and photos are still to do). */
export function valuesFromEnquiry(enquiry: VisitingRecord | FunnelEnquiry): RegistrationFormValues {
  // A website enquiry (issue 26) holds the name, the standard and the parent's number only.
  if (!('gender' in enquiry)) {
    return {
      ...defaultValues,
      studentName: enquiry.studentName,
      standard: enquiry.standard,
      parentsNo: enquiry.phone,
      notificationNo: enquiry.phone,
      paymentStandard: enquiry.standard,
    };
  }
  return {
    ...defaultValues,
    studentName: enquiry.studentName,
    gender: enquiry.gender,
    dob: enquiry.dob,
    // An enquiry without a mother's name stores the legacy placeholder.
    motherName: enquiry.motherName === 'not require' ? '' : enquiry.motherName,
    address: enquiry.address,
    pincode: enquiry.pincode,
    standard: enquiry.standard,
    branch: enquiry.branch,
    schoolCollege: enquiry.schoolCollege,
    preYearPercent: String(enquiry.previousYearPercent),
    email: enquiry.email,
    studentNo: enquiry.studentNo,
    parentsNo: enquiry.parentsNo,
    notificationNo: enquiry.notificationNo,
    paymentStandard: enquiry.standard,
  };
}

function isFormField(path: string): path is keyof RegistrationFormValues {
  return path in defaultValues;
}

/**
 * The server's request schema, after what only the screen knows: required amounts, the total (of the
 * course the fee is charged for), and a due date while money remains and no instalment plan sets it.
 */
function registrationFormSchema(courses: readonly PublicCourse[] | undefined) {
  return withScreenChecks(
    registerStudentRequest,
    ['preYearPercent', 'amountPaid', 'paymentStandard', 'courseId', 'dueDate'],
    (values, add) => {
      const payment = paymentOf(values, courseOf(courses, values));
      if (values.preYearPercent.trim() === '') add('preYearPercent', messages.percentRequired);
      if (values.amountPaid.trim() === '') add('amountPaid', messages.amountPaidRequired);
      if (payment.isTooHigh) add('amountPaid', messages.amountPaidTooHigh);
      if (!payment.isSettled && !payment.planDueDate) {
        if (values.dueDate === '') add('dueDate', messages.dueDateRequired);
        else if (values.dueDate < indianToday()) add('dueDate', messages.dueDatePast);
      }
    },
  );
}

/**
 * SPEC §2 Student Registration Form (counsellor): six sections, fees from the standard, a local
 * draft, and a Register Student button only once both photos are saved, a centre is chosen and
 * the payment adds up.
 */
export function RegistrationForm({
  enquiry,
}: {
  /** Opened from the Visiting Table or the follow-ups: pre-filled, and converts it. */ enquiry?:
    | VisitingRecord
    | FunnelEnquiry
    | undefined;
} = {}) {
  const toast = useToast();
  const navigate = useNavigate();
  const registerStudent = useRegisterStudent();
  const examSession = useOpenExamSession();
  const openCourses = useOpenCourses();
  const courses = openCourses.data?.data;
  const resolver = useMemo(
    () =>
      formResolver<RegistrationFormValues, ReturnType<typeof registrationFormSchema>>(registrationFormSchema(courses)),
    [courses],
  );
  /** The student just registered: the form gives way to the ID, the receipt and the next steps. */
  const [done, setDone] = useState<ReceiptSummary | null>(null);
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
    defaultValues: enquiry ? valuesFromEnquiry(enquiry) : defaultValues,
  });

  // SPEC §4 Registration draft: photos are uploaded again, the remaining is computed.
  const draft = useFormDraft({
    key: draftKeys.registration,
    watch,
    excluded: ['studentPhoto', 'receiptPhoto', 'amountRemaining'],
    // From an enquiry the form starts from its answers, not from another student's draft.
    isOffered: !enquiry,
  });

  const values = useWatch({ control }) as RegistrationFormValues;
  const { standard, studentNo, parentsNo, appNo, notificationNo, examCentre, studentPhoto, receiptPhoto } = values;

  const bind = fieldBinder(register, errors);
  const setField = useCallback(
    (name: keyof RegistrationFormValues, value: string) => setValue(name, value, { shouldValidate: true }),
    [setValue],
  );

  const course = courseOf(courses, values);
  const payment = paymentOf(values, course);
  // A plan sets the due date (the server works it out); the form's own is dropped, as once nothing remains.
  const isDueDateFixed = payment.isSettled || payment.planDueDate !== null;
  useEffect(() => {
    if (isDueDateFixed && getValues('dueDate') !== '') setValue('dueDate', '', { shouldValidate: true });
  }, [isDueDateFixed, getValues, setValue]);

  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    const restored = Object.fromEntries(Object.entries(found).filter(([key]) => isFormField(key)));
    reset({
      ...defaultValues,
      ...restored,
      studentPhoto: getValues('studentPhoto'),
      receiptPhoto: getValues('receiptPhoto'),
    });
    toast.success(DRAFT_LOADED);
  };

  // The parsed request (the schema's output) is what is sent: the server parses it again the same way.
  // The course the fee is shown for is the one registered on (issue 25).
  const onSubmit = handleSubmit((parsed) => {
    const valid = course ? { ...parsed, courseId: course.id } : parsed;
    registerStudent.mutate(enquiry ? { ...valid, enquiryId: enquiry.id } : valid, {
      onSuccess: (response) => {
        draft.finish();
        toast.success(response.message);
        const paid = paymentOf(getValues(), course);
        setDone({
          studentId: response.studentId,
          studentName: valid.studentName,
          parentsNo: valid.parentsNo,
          paymentId: response.paymentId,
          receiptNumber: response.receiptNumber,
          amountPaid: valid.amountPaid,
          amountRemaining: toRupees(paid.remainingPaise ?? 0),
          dueDate: paid.planDueDate ?? valid.dueDate ?? null,
        });
        window.scrollTo({ top: 0 });
      },
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: isFormField,
          toastError: toast.error,
          fallback: messages.registrationError,
        }),
    });
  });

  const missing = [
    ...(studentPhoto ? [] : [messages.studentPhotoRequired]),
    ...(receiptPhoto ? [] : [messages.receiptPhotoRequired]),
    ...(examCentre ? [] : [EXAM_CENTRE_HINT]),
    ...(payment.isTooHigh ? [PAYMENT_HINT] : []),
  ];

  const startOver = () => {
    // A form opened from an enquiry starts over without it (the enquiry has converted).
    if (enquiry) {
      void navigate(paths.dashboard.section.getHref('register'), { replace: true, state: null });
      return;
    }
    reset(defaultValues);
    draft.resume();
    setDone(null);
  };

  if (done) {
    return (
      <ReceiptNextSteps summary={done} heading={`${messages.studentRegistered}: Student ID ${done.studentId}`}>
        <Link to={paths.dashboard.consent.getHref({ studentId: done.studentId })} className={buttonClasses()}>
          Record parent's consent
        </Link>
        <Link to={paths.dashboard.section.getHref('registertable')} className={buttonClasses({ variant: 'secondary' })}>
          Go to Register Table
        </Link>
        <Button variant="secondary" onClick={startOver}>
          Register another student
        </Button>
      </ReceiptNextSteps>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {draft.offer && <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />}
      {enquiry && (
        <p className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm font-medium text-sky-900">
          Pre-filled from the enquiry of {enquiry.studentName} ({formatDate(enquiry.createdAt)}). Check the details,
          then add the exam centre, payment and photos.
        </p>
      )}

      <form onSubmit={onSubmit} noValidate aria-label="Registration Form" className="flex flex-col gap-4">
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <PersonalFields bind={bind} isMotherNameRequired />
          <EducationalFields
            bind={bind}
            percentField="preYearPercent"
            standard={standard}
            showExamYear
            examYears={examSession.data}
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
              <ExamCentreField control={control} />
            </div>
          </FormSection>

          <PaymentDetails
            bind={bind}
            payment={payment}
            courses={courses?.filter((one) => one.standard === values.paymentStandard) ?? []}
          />

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

        <PrivacyNoticeLine />
        <SubmitOrHints missing={missing} isPending={registerStudent.isPending} />
      </form>
    </div>
  );
}

/** Register Student once nothing is missing; until then, amber hints of what is (SPEC §2). */
function SubmitOrHints({ missing, isPending }: { missing: string[]; isPending: boolean }) {
  if (missing.length > 0) {
    return (
      <ul
        aria-label="Before you can register"
        className="flex flex-col gap-1 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm font-medium text-amber-800"
      >
        {missing.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
    );
  }
  return (
    <div className="flex sm:justify-end">
      <Button type="submit" className="w-full sm:w-auto sm:min-w-48" isLoading={isPending}>
        Register Student
      </Button>
    </div>
  );
}
