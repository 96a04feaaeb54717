import { messages } from '@app/domain/messages';
import {
  type StudentDetail,
  type UpdateStudentDetailsInput,
  updateStudentDetailsRequest,
} from '@app/domain/students.schemas';
import { useCallback } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { ContactFields } from '@/components/student-fields/contact-fields';
import { ExamCentreField } from '@/components/student-fields/exam-centre-field';
import { FormSection } from '@/components/student-fields/form-section';
import { PersonalFields } from '@/components/student-fields/personal-fields';
import { emptyStudentValues, type StudentFormValues } from '@/components/student-fields/student-values';
import { Button } from '@/components/ui/button';
import { Input, percentInput, ReadOnlyInput } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { draftKeys, draftValues, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { useUpdateStudentDetails } from '../api/update-student';
import { EditPanelHeading, type StudentEditPanelProps } from './edit-panel-heading';

/** What the inputs hold: the student's details as text, and the exam centre. */
type Values = Omit<StudentFormValues, 'standard' | 'branch'> &
  FormText<typeof updateStudentDetailsRequest, 'examCentre'>;

const valuesOf = (student: StudentDetail): Values => ({
  studentName: student.studentName,
  gender: student.gender,
  dob: student.dob,
  motherName: student.motherName,
  address: student.address,
  pincode: student.pincode,
  schoolCollege: student.schoolCollege,
  preYearPercent: String(student.preYearPercent),
  email: student.email,
  studentNo: student.studentNo,
  parentsNo: student.parentsNo,
  appNo: student.appNo,
  notificationNo: student.notificationNo,
  examCentre: student.examCentre,
});

/** The fields this form shows: the student's details but the read-only standard and branch, and the centre. */
const isField = (path: string): path is keyof Values =>
  (path in emptyStudentValues && path !== 'standard' && path !== 'branch') || path === 'examCentre';

/** The server's own rules (SPEC §5 Student edit details), run on the text the inputs hold. */
const resolver = formResolver<Values, typeof updateStudentDetailsRequest>(updateStudentDetailsRequest);

/**
 * SPEC §2 Edit Student Registration, details mode: Personal, Educational (standard and branch
 * read-only), Contact and Exam centre (searchable; exam year read-only). Update Details shows only
 * while an exam centre is chosen.
 */
export function StudentDetailsForm({ student, onClose, onUpdated }: StudentEditPanelProps) {
  const toast = useToast();
  const updateDetails = useUpdateStudentDetails();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, UpdateStudentDetailsInput>({
    resolver,
    mode: 'onChange',
    defaultValues: valuesOf(student),
  });
  // One draft per student: the edits typed so far survive an ended session.
  const draft = useFormDraft({ key: draftKeys.studentEdit(student.studentId), watch });
  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    reset(draftValues(found, valuesOf(student)), { keepDefaultValues: true });
    toast.success(DRAFT_LOADED);
  };
  const { studentNo, parentsNo, appNo, notificationNo, examCentre } = useWatch({ control });
  const bind = fieldBinder(register, errors);
  const setField = useCallback(
    (name: keyof Values, value: string) => setValue(name, value, { shouldValidate: true }),
    [setValue],
  );

  const onSubmit = handleSubmit((valid) =>
    updateDetails.mutate(
      {
        studentId: student.studentId,
        body: {
          ...valid,
          studentId: student.studentId,
          standard: student.standard,
          branch: student.branch,
          examYear: student.examYear,
        },
      },
      {
        onSuccess: () => {
          toast.success(messages.studentDetailsUpdated);
          draft.finish();
          onUpdated();
        },
        // SPEC §8: a refusal (400, or a full centre) shows the server's message; anything else the fallback.
        onError: (error) =>
          showFormError(error, {
            setError,
            isField,
            toastError: toast.error,
            fallback: messages.studentDetailsUpdateError,
            serverMessageFor: [400, 409],
          }),
      },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="details-mode"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <EditPanelHeading id="details-mode" title="Edit Other Details" onClose={onClose} />
      {draft.offer && <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />}
      <PersonalFields bind={bind} isMotherNameRequired />
      <FormSection title="Educational Details">
        <ReadOnlyInput label="Standard" value={student.standard} />
        <ReadOnlyInput label="Medium or Group" value={student.branch} />
        <Input label="Previous Year Percentage" {...percentInput} required {...bind('preYearPercent')} />
        <Input label="School / College" autoComplete="off" required {...bind('schoolCollege')} />
      </FormSection>
      <ContactFields
        bind={bind}
        studentNo={studentNo ?? ''}
        parentsNo={parentsNo ?? ''}
        choices={[
          { field: 'appNo', label: 'App Number', value: appNo ?? '' },
          { field: 'notificationNo', label: 'Notification Number', value: notificationNo ?? '' },
        ]}
        onChange={setField}
      />
      <FormSection title="Exam Centre Details">
        <ExamCentreField control={control} isClearable />
        <ReadOnlyInput label="Exam Year" value={String(student.examYear)} />
      </FormSection>
      {examCentre ? (
        <Button type="submit" className="w-full sm:w-auto sm:self-start" isLoading={updateDetails.isPending}>
          Update Details
        </Button>
      ) : (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {messages.selectExamCentreToUpdate}
        </p>
      )}
    </form>
  );
}
