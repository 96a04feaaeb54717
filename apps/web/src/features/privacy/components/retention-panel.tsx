import { type PrivacySettings, privacySettingsRequest, type RetentionReport } from '@app/domain/privacy.schemas';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { formatDate, formatTime } from '@/lib/format';
import {
  usePrivacySettings,
  useRetentionPreview,
  useRetentionRuns,
  useRunRetention,
  useSavePrivacySettings,
} from '../api/retention';

type Values = FormText<
  typeof privacySettingsRequest,
  'requestDays' | 'enquiryMonths' | 'photoMonths' | 'financialYears'
>;
const resolver = formResolver<Values, typeof privacySettingsRequest>(privacySettingsRequest);
const isField = (path: string): path is keyof Values =>
  ['requestDays', 'enquiryMonths', 'photoMonths', 'financialYears'].includes(path);
const asText = (settings: PrivacySettings): Values => ({
  requestDays: String(settings.requestDays),
  enquiryMonths: String(settings.enquiryMonths),
  photoMonths: String(settings.photoMonths),
  financialYears: String(settings.financialYears),
});

function SettingsForm({ settings }: { settings: PrivacySettings }) {
  const toast = useToast();
  const save = useSavePrivacySettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, PrivacySettings>({ resolver, defaultValues: asText(settings) });
  const bind = fieldBinder(register, errors);
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast.success('Retention rules saved'),
      onError: (error) =>
        showFormError(error, { setError, isField, toastError: toast.error, fallback: 'Could not save' }),
    }),
  );
  const number = { type: 'number', inputMode: 'numeric', min: 1, required: true } as const;
  return (
    <FormCard
      id="retention-rules"
      title="Retention rules"
      onSubmit={onSubmit}
      submitLabel="Save rules"
      isSubmitting={save.isPending}
    >
      <Input label="Days to answer a family's request" max={90} {...number} {...bind('requestDays')} />
      <Input label="Anonymise enquiries never registered after (months)" {...number} {...bind('enquiryMonths')} />
      <Input label="Delete photos of a closed session after (months)" {...number} {...bind('photoMonths')} />
      <Input label="Keep fee receipts and accounts (years)" {...number} min={8} {...bind('financialYears')} />
    </FormCard>
  );
}

function Report({ report }: { report: RetentionReport }) {
  return (
    <ul className="list-disc pl-5 text-sm text-slate-700">
      <li>{report.enquiriesAnonymised.length} enquiries never registered anonymised</li>
      <li>{report.photosDeleted.length} photos of students of closed sessions deleted</li>
      <li>
        {report.paymentsPastRetention} payments past the accounts' retention period (kept; never removed by the job)
      </li>
    </ul>
  );
}

/** The retention rules an admin sets, what a run now would do, and what the runs did. */
export function RetentionPanel() {
  const settings = usePrivacySettings();
  const preview = useRetentionPreview();
  const runs = useRetentionRuns();
  const run = useRunRetention();
  const toast = useToast();
  const runNow = () => {
    if (!window.confirm('Apply the retention rules now? What the dry run lists is anonymised or deleted.')) return;
    run.mutate(undefined, { onSuccess: () => toast.success('Retention rules applied') });
  };
  return (
    <section aria-labelledby="retention-title" className="flex flex-col gap-4">
      <h2 id="retention-title" className="text-lg font-semibold text-slate-900">
        Retention
      </h2>
      {settings.data && <SettingsForm settings={settings.data} />}
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 className="font-semibold text-slate-900">Dry run: what a run now would do</h3>
        {preview.data ? <Report report={preview.data} /> : <p className="text-sm text-slate-500">Loading...</p>}
        <p className="mt-2 text-sm text-slate-600">The rules are applied every night at 2:00 AM.</p>
        <Button className="mt-3 w-full sm:w-auto" variant="secondary" onClick={runNow} isLoading={run.isPending}>
          Apply now
        </Button>
      </div>
      {runs.data && runs.data.length > 0 && (
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <h3 className="font-semibold text-slate-900">Last runs</h3>
          <ol className="mt-2 flex flex-col gap-3">
            {runs.data.map((report) => (
              <li key={report.ranAt}>
                <p className="text-sm font-medium">
                  {formatDate(report.ranAt)} {formatTime(report.ranAt)}
                </p>
                <Report report={report} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
