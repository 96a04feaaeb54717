import {
  type MessageLanguage,
  messageKindLabels,
  messageLanguageLabels,
  messageLanguages,
  renderMessage,
  unknownVariables,
} from '@app/domain/family-messages.rules';
import { type MessageTemplate, updateTemplateRequest } from '@app/domain/family-messages.schemas';
import { messages } from '@app/domain/messages';
import { type Path, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { type FormText, formResolver } from '@/lib/form-schema';
import { useSaveTemplate } from '../api/save-template';

type Values = FormText<typeof updateTemplateRequest, 'bodyEn' | 'bodyMr' | 'whatsappTemplate'> & {
  language: MessageLanguage;
};
const fields = ['bodyEn', 'bodyMr', 'language', 'whatsappTemplate'] as const;
const isField = (name: string): name is Path<Values> => (fields as readonly string[]).includes(name);

/** What a sample parent would read, so an admin sees the variables filled in as they type. */
const sample = {
  studentName: 'Aarav Kulkarni',
  studentId: '2600042',
  amount: '₹1,500',
  dueDate: '15/01/2027',
  days: '7',
  receiptNumber: '2026-27/000123',
  hallTicketLink: 'https://pariksha-exams.in/hallticket',
  resultLink: 'https://pariksha-exams.in/result',
  enquiryName: 'Aarav Kulkarni',
  followUpDate: '20/01/2027',
  code: '482913',
  officePhone: '+91 98765 43210',
};

/** One template: English and Marathi text, what is sent, and a preview with sample values. */
export function TemplateForm({ template, variables }: { template: MessageTemplate; variables: string[] }) {
  const toast = useToast();
  const save = useSaveTemplate();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, z.output<typeof updateTemplateRequest>>({
    resolver: formResolver<Values, typeof updateTemplateRequest>(updateTemplateRequest),
    defaultValues: {
      bodyEn: template.bodyEn,
      bodyMr: template.bodyMr,
      language: template.language,
      whatsappTemplate: template.whatsappTemplate ?? '',
    },
  });
  const [bodyEn = '', bodyMr = '', language = 'both'] = useWatch({ control, name: ['bodyEn', 'bodyMr', 'language'] });
  const unknown = [...new Set([...unknownVariables(bodyEn), ...unknownVariables(bodyMr)])];
  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { kind: template.kind, body },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) =>
          showFormError(error, { setError, isField, toastError: toast.error, fallback: messages.somethingWentWrong }),
      },
    ),
  );
  const title = messageKindLabels[template.kind];
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="mb-3 text-base font-semibold text-slate-900 sm:text-lg">{title}</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Textarea label="English" rows={4} error={errors.bodyEn?.message} {...register('bodyEn')} />
        <Textarea label="Marathi (मराठी)" lang="mr" rows={4} error={errors.bodyMr?.message} {...register('bodyMr')} />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Select
          label="Send"
          options={messageLanguages.map((value) => ({ value, label: messageLanguageLabels[value] }))}
          error={errors.language?.message}
          {...register('language')}
        />
        <Input
          label="Approved WhatsApp template name (optional)"
          autoComplete="off"
          hint="Business-initiated WhatsApp messages need a template approved by Meta; its parameters follow the order of the variables."
          error={errors.whatsappTemplate?.message}
          {...register('whatsappTemplate')}
        />
      </div>
      {unknown.length > 0 ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Unknown variable {unknown.map((name) => `{${name}}`).join(', ')}. Use one of:{' '}
          {variables.map((name) => `{${name}}`).join(' ')}
        </p>
      ) : (
        <p className="mt-3 text-xs text-slate-500">Variables: {variables.map((name) => `{${name}}`).join(' ')}</p>
      )}
      <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm whitespace-pre-line text-slate-800" lang="mr">
        <span className="mb-1 block text-xs font-medium text-emerald-800">A parent reads</span>
        {renderMessage({ bodyEn, bodyMr }, language, sample)}
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" isLoading={save.isPending} disabled={!isDirty}>
          Save template
        </Button>
      </div>
    </form>
  );
}
