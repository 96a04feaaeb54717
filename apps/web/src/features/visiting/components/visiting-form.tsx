import { messages } from '@app/domain/messages';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { PrivacyNoticeLine } from '@/components/privacy-notice-line';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { draftKeys, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { useCreateVisiting } from '../api/create-visiting';
import {
  emptyVisitingValues,
  isVisitingField,
  type VisitingFormValues,
  type VisitingRequestOutput,
  visitingBodyOf,
  visitingResolver,
} from './visiting-form-values';
import { VisitingSections } from './visiting-sections';

/**
 * SPEC §2 Student Visiting Form: personal, educational, contact and additional details, validated
 * live and on submit with the shared `visitingRequest` schema.
 */
export function VisitingForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const createVisiting = useCreateVisiting();
  const form = useForm<VisitingFormValues, unknown, VisitingRequestOutput>({
    resolver: visitingResolver,
    mode: 'onChange',
    defaultValues: emptyVisitingValues,
  });
  const { handleSubmit, setError, getValues, reset, watch } = form;
  const draft = useFormDraft({ key: draftKeys.visiting, watch });

  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    reset({
      ...emptyVisitingValues,
      ...Object.fromEntries(Object.entries(found).filter(([key]) => isVisitingField(key))),
    });
    toast.success(DRAFT_LOADED);
  };

  const onSubmit = handleSubmit((valid) =>
    createVisiting.mutate(visitingBodyOf(getValues(), valid), {
      onSuccess: async (response) => {
        draft.finish();
        toast.success(response.message);
        await navigate(paths.dashboard.section.getHref('visitingtable'));
      },
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: isVisitingField,
          toastError: toast.error,
          fallback: messages.visitingSubmitError,
        }),
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      {draft.offer && <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />}
      <form onSubmit={onSubmit} noValidate aria-label="Visiting Form" className="flex flex-col gap-4">
        <VisitingSections form={form} />
        <PrivacyNoticeLine />
        <div className="flex sm:justify-end">
          <Button type="submit" className="w-full sm:w-auto sm:min-w-40" isLoading={createVisiting.isPending}>
            Submit
          </Button>
        </div>
      </form>
    </div>
  );
}
