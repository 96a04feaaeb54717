import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { type FunnelEnquiry, type followUpKinds, followUpOutcomes, followUpRequest } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { enquiryStages } from '@app/domain/visiting.schemas';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { asOptions, choose } from '@/components/student-fields/field-binding';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { useRecordFollowUp } from '../api/record-follow-up';

type FollowUpValues = FormText<
  typeof followUpRequest,
  'kind' | 'doneOn' | 'outcome' | 'note' | 'nextFollowUpOn' | 'stage'
>;
const resolver = formResolver<FollowUpValues, typeof followUpRequest>(followUpRequest);
const kindOptions = [
  { value: 'call', label: 'Call' },
  { value: 'visit', label: 'Visit' },
] satisfies { value: (typeof followUpKinds)[number]; label: string }[];
const outcomeOptions = [choose('Select outcome'), ...asOptions(followUpOutcomes)];
const stageOptions = [
  choose('Keep as it is'),
  ...enquiryStages.filter((stage) => stage !== 'new').map((stage) => ({ value: stage, label: `Mark ${stage}` })),
];

function isFormField(path: string): path is keyof FollowUpValues {
  return ['kind', 'doneOn', 'outcome', 'note', 'nextFollowUpOn', 'stage'].includes(path);
}

type FollowUpFormProps = { enquiry: FunnelEnquiry; onSaved: () => void; onCancel: () => void };

/** One call or visit about an enquiry: when, how it went, a note, and when to follow up next. */
export function FollowUpForm({ enquiry, onSaved, onCancel }: FollowUpFormProps) {
  const toast = useToast();
  const record = useRecordFollowUp();
  const today = indianToday();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FollowUpValues, unknown, z.output<typeof followUpRequest>>({
    resolver,
    defaultValues: {
      kind: 'call',
      doneOn: today,
      outcome: '',
      note: '',
      nextFollowUpOn: shiftDate(today, { days: 3 }),
      stage: '',
    },
  });
  const bind = fieldBinder(register, errors);

  const onSubmit = handleSubmit((body) =>
    record.mutate(
      { id: enquiry.id, body },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onSaved();
        },
        onError: (error) =>
          showFormError(error, {
            setError,
            isField: isFormField,
            toastError: toast.error,
            fallback: messages.somethingWentWrong,
          }),
      },
    ),
  );

  return (
    <FormCard
      id={`follow-up-${enquiry.id}`}
      title={`Follow up ${enquiry.studentName}`}
      onSubmit={onSubmit}
      submitLabel="Save follow-up"
      isSubmitting={record.isPending}
      onCancel={onCancel}
    >
      <Select label="Call or visit" options={kindOptions} required {...bind('kind')} />
      <Input label="Done on" type="date" max={today} required {...bind('doneOn')} />
      <Select label="Outcome" options={outcomeOptions} required {...bind('outcome')} />
      <Select label="Stage" options={stageOptions} {...bind('stage')} />
      <Textarea label="Note (optional)" {...bind('note')} />
      <Input label="Next follow-up (empty: none)" type="date" min={today} {...bind('nextFollowUpOn')} />
    </FormCard>
  );
}
