import { indianToday } from '@app/domain/dates.rules';
import { type BreachSendReport, createBreachRequest } from '@app/domain/privacy.schemas';
import { standards } from '@app/domain/standards.rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder, formResolver } from '@/lib/form-schema';
import { formatDate } from '@/lib/format';
import { useBreaches, useBreachNotices, useRecordBreach, useSendBreachNotices } from '../api/breaches';

/** The form's text: the request's fields, with the scope's filter flat (blank = not filtered). */
const breachForm = z
  .object({
    title: z.string(),
    description: z.string(),
    discoveredOn: z.string(),
    measures: z.string(),
    centerId: z.string(),
    standard: z.string(),
    from: z.string(),
    to: z.string(),
  })
  .transform(
    ({ centerId, standard, from, to, ...rest }): z.input<typeof createBreachRequest> => ({
      ...rest,
      scope: {
        ...(centerId ? { centerId: Number(centerId) } : {}),
        ...(standard ? { standard: standard as (typeof standards)[number] } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      },
    }),
  )
  // The scope's filter goes to the request nested, as the API takes it.
  .pipe(createBreachRequest);
type Values = z.input<typeof breachForm>;
const resolver = formResolver<Values, typeof breachForm>(breachForm);
const defaults = (): Values => ({
  title: '',
  description: '',
  discoveredOn: indianToday(),
  measures: '',
  centerId: '',
  standard: '',
  from: '',
  to: '',
});
const isField = (path: string): path is keyof Values => path in defaults();
const standardOptions = [
  { value: '', label: 'Every standard' },
  ...standards.map((value) => ({ value, label: value })),
];

function BreachForm() {
  const toast = useToast();
  const record = useRecordBreach();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof breachForm>>({ resolver, defaultValues: defaults() });
  const bind = fieldBinder(register, errors);
  const onSubmit = handleSubmit((body) =>
    record.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        reset(defaults());
      },
      onError: (error) =>
        showFormError(error, { setError, isField, toastError: toast.error, fallback: 'Could not record the breach' }),
    }),
  );
  return (
    <FormCard
      id="breach"
      title="Record a data breach"
      onSubmit={onSubmit}
      submitLabel="Record breach"
      isSubmitting={record.isPending}
    >
      <Input label="What happened" required autoComplete="off" {...bind('title')} />
      <Input label="Discovered on" type="date" max={indianToday()} required {...bind('discoveredOn')} />
      <Textarea label="Details" required fieldClassName="sm:col-span-2" {...bind('description')} />
      <Textarea label="Measures taken" required fieldClassName="sm:col-span-2" {...bind('measures')} />
      <Input label="Affected centre ID (blank: all)" inputMode="numeric" autoComplete="off" {...bind('centerId')} />
      <Select label="Affected standard" options={standardOptions} {...bind('standard')} />
      <Input label="Registered from" type="date" {...bind('from')} />
      <Input label="Registered to" type="date" {...bind('to')} />
    </FormCard>
  );
}

/** Sends the families' notices through the outbox and says what became of them. */
function SendNotices({ id }: { id: number }) {
  const toast = useToast();
  const send = useSendBreachNotices();
  const [report, setReport] = useState<BreachSendReport | null>(null);
  const onSend = () =>
    send.mutate(id, {
      onSuccess: (answer) => {
        setReport(answer);
        toast.success(answer.message);
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not send the notices')),
    });
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm text-slate-600">
        Each family's notice goes to the parent's phone in Marathi and English, once; parents without consent are
        skipped.
      </p>
      <Button size="sm" className="self-start" onClick={onSend} isLoading={send.isPending}>
        Send notices to the families
      </Button>
      {report && (
        <div role="status" className="text-sm">
          <p className="font-medium">
            {report.queued} queued · {report.skipped.length} not sent · {report.alreadySent} sent before
          </p>
          {report.skipped.length > 0 && (
            <ul aria-label="Not sent" className="mt-1 list-disc pl-5 text-slate-700">
              {report.skipped.map((family) => (
                <li key={family.studentId}>
                  {family.studentName} ({family.studentId}): {family.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function Notices({ id }: { id: number }) {
  const notices = useBreachNotices(id);
  if (!notices.data) return <p className="text-sm text-slate-500">Loading...</p>;
  return (
    <div className="mt-3 flex flex-col gap-3">
      <p className="text-sm font-medium">{notices.data.affected} families affected</p>
      <SendNotices id={id} />
      <details className="rounded-lg border border-slate-200 p-3">
        <summary className="cursor-pointer font-medium">Notice to the Data Protection Board</summary>
        <pre className="mt-2 text-xs whitespace-pre-wrap">{notices.data.board}</pre>
      </details>
      <ul aria-label="Families affected" className="flex flex-col divide-y divide-slate-100">
        {notices.data.families.map((family) => (
          <li
            key={family.studentId}
            className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="text-sm">
              {family.studentName} ({family.studentId}) · parent {family.parentsNo}
            </span>
            <a
              href={family.waLink}
              target="_blank"
              rel="noreferrer"
              className="text-sm font-medium text-brand-700 underline"
            >
              Send notice on WhatsApp
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The breach register: incidents, the families in the affected data, the notices to them and to the Board. */
export function BreachRegister() {
  const breaches = useBreaches();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="breaches-title" className="flex flex-col gap-4">
      <h2 id="breaches-title" className="text-lg font-semibold text-slate-900">
        Breach register
      </h2>
      <BreachForm />
      {breaches.data?.length === 0 && <p className="text-sm text-slate-600">No breach recorded.</p>}
      <ul className="flex flex-col gap-3">
        {breaches.data?.map((breach) => (
          <li key={breach.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="font-semibold text-slate-900">{breach.title}</p>
            <p className="text-sm text-slate-600">
              Discovered {formatDate(breach.discoveredOn)} · {breach.scopeText}
            </p>
            <Button
              size="sm"
              variant="secondary"
              className="mt-2"
              onClick={() => setOpen(open === breach.id ? null : breach.id)}
            >
              {open === breach.id ? 'Hide notices' : 'Families and notices'}
            </Button>
            {open === breach.id && <Notices id={breach.id} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
