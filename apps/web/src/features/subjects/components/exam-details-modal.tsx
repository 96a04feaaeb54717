import { messages } from '@app/domain/messages';
import { clockParts, parseExamTime } from '@app/domain/subjects.rules';
import { addDatesRequest, type Subject } from '@app/domain/subjects.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useUpdateExamDetails } from '../api/update-exam-details';

const hourOptions = Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
const minuteOptions = Array.from({ length: 60 }, (_, index) => {
  const minute = String(index).padStart(2, '0');
  return { value: minute, label: minute };
});
const periodOptions = [
  { value: 'AM', label: 'AM' },
  { value: 'PM', label: 'PM' },
];

const required = z.string().trim().min(1, { error: messages.allFieldsRequired });

/** SPEC §5 Exam details: every part of the date and both times is required. */
const examDetailsForm = z.object({
  examDate: required,
  fromHour: required,
  fromMinute: required,
  fromPeriod: required,
  toHour: required,
  toMinute: required,
  toPeriod: required,
});
type ExamDetailsValues = z.infer<typeof examDetailsForm>;

/** The stored date and time, or 1:00 AM for both ends when the time is missing or unreadable (SPEC §2). */
function initialValues(subject: Subject): ExamDetailsValues {
  const parsed = subject.examTime ? parseExamTime(subject.examTime) : null;
  const from = clockParts(parsed?.start ?? 60);
  const to = clockParts(parsed?.end ?? 60);
  return {
    examDate: subject.examDate ?? '',
    fromHour: from.hour,
    fromMinute: from.minute,
    fromPeriod: from.period,
    toHour: to.hour,
    toMinute: to.minute,
    toPeriod: to.period,
  };
}

type ExamDetailsModalProps = {
  /** The subject whose exam is scheduled; the modal is open while set. */
  subject: Subject | null;
  onClose: () => void;
};

export function ExamDetailsModal({ subject, onClose }: ExamDetailsModalProps) {
  const title = subject?.examDate ? 'Update Exam Details' : 'Add Exam Details';
  return (
    <Modal isOpen={subject !== null} onClose={onClose} title={title}>
      {subject && <ExamDetailsFields subject={subject} onClose={onClose} />}
    </Modal>
  );
}

/** Mounted afresh each time the modal opens, so it starts from the subject's stored values. */
function ExamDetailsFields({ subject, onClose }: { subject: Subject; onClose: () => void }) {
  const toast = useToast();
  const updateExam = useUpdateExamDetails();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(examDetailsForm), defaultValues: initialValues(subject) });

  const onSubmit = handleSubmit((values) => {
    const examTime = `${values.fromHour}:${values.fromMinute} ${values.fromPeriod}-${values.toHour}:${values.toMinute} ${values.toPeriod}`;
    const parsed = addDatesRequest.safeParse({ examDate: values.examDate, examTime });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? messages.validationFailed);
      return;
    }
    setFormError(null);
    updateExam.mutate(
      { subjectCode: subject.subjectCode, body: parsed.data },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  });

  const firstError = Object.values(errors)[0]?.message ?? formError;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-900">{subject.subjectName}</span> ({subject.subjectCode},{' '}
        {subject.standard})
      </p>
      <Input label="Exam Date" type="date" required {...register('examDate')} />
      <fieldset className="grid grid-cols-3 gap-2">
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">From</legend>
        <Select label="From Hour" options={hourOptions} required {...register('fromHour')} />
        <Select label="From Minute" options={minuteOptions} required {...register('fromMinute')} />
        <Select label="From Period" options={periodOptions} required {...register('fromPeriod')} />
      </fieldset>
      <fieldset className="grid grid-cols-3 gap-2">
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">To</legend>
        <Select label="To Hour" options={hourOptions} required {...register('toHour')} />
        <Select label="To Minute" options={minuteOptions} required {...register('toMinute')} />
        <Select label="To Period" options={periodOptions} required {...register('toPeriod')} />
      </fieldset>
      {firstError && (
        <p role="alert" className="text-sm text-red-600">
          {firstError}
        </p>
      )}
      <FormActions onCancel={onClose} className="mt-2">
        <Button type="submit" isLoading={updateExam.isPending}>
          Save
        </Button>
      </FormActions>
    </form>
  );
}
