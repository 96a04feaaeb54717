import { GST_SAC } from '@app/domain/corrections.rules';
import { type GstSettings, gstSettingsRequest } from '@app/domain/corrections.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { saveFile } from '@/lib/save-file';
import { getGstSummary, useGstSettings, useSaveGstSettings } from '../api/corrections';

const fieldNames = ['gstin', 'legalName', 'address', 'bankName', 'bankAccount', 'ifsc'] as const;
type Values = FormText<typeof gstSettingsRequest, (typeof fieldNames)[number]>;
const resolver = formResolver<Values, typeof gstSettingsRequest>(gstSettingsRequest);
const isField = (path: string): path is keyof Values => (fieldNames as readonly string[]).includes(path);

function SettingsForm({ saved }: { saved: GstSettings }) {
  const toast = useToast();
  const save = useSaveGstSettings();
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, z.output<typeof gstSettingsRequest>>(
    {
      resolver,
      defaultValues: {
        gstin: saved.gstin,
        legalName: saved.legalName,
        address: saved.address,
        bankName: saved.bankName,
        bankAccount: saved.bankAccount,
        ifsc: saved.ifsc,
      },
    },
  );
  const bind = fieldBinder(register, formState.errors);
  const onSubmit = handleSubmit((valid) =>
    save.mutate(valid, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) =>
        showFormError(error, { setError, isField, toastError: toast.error, fallback: messages.internalError }),
    }),
  );
  return (
    <FormCard
      id="gst-settings"
      title="Institute's GST Details"
      onSubmit={onSubmit}
      submitLabel="Save"
      isSubmitting={save.isPending}
      notice={
        <p className="text-sm text-slate-700">
          {saved.enabled ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">GST on</span>
          ) : (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">GST off</span>
          )}{' '}
          With a GSTIN, new receipts are tax receipts (SAC {GST_SAC}, fees include CGST 9% and SGST 9%) numbered in a
          series of their own each financial year. Leave the GSTIN blank to turn them off; receipts already issued keep
          their number and tax.
        </p>
      }
      columnsClassName=""
    >
      <Input label="GSTIN" autoComplete="off" maxLength={15} placeholder="27ABCDE1234F1Z5" {...bind('gstin')} />
      <Input label="Legal name" required maxLength={200} {...bind('legalName')} />
      <Textarea label="Address" required maxLength={500} fieldClassName="sm:col-span-2" {...bind('address')} />
      <Input label="Bank" maxLength={200} {...bind('bankName')} />
      <Input label="Account number" maxLength={40} inputMode="numeric" {...bind('bankAccount')} />
      <Input label="IFSC" maxLength={20} {...bind('ifsc')} />
    </FormCard>
  );
}

/** The accountant's month: tax receipts (cancelled ones marked, not counted) and refunds as credits. */
function SummaryDownload() {
  const toast = useToast();
  const [month, setMonth] = useState(indianToday().slice(0, 7));
  const [isLoading, setIsLoading] = useState(false);
  const download = () => {
    setIsLoading(true);
    getGstSummary(month)
      .then((file) => saveFile(file.blob, file.fileName ?? `GST_Summary_${month}.xlsx`))
      .catch((error: unknown) => toast.error(errorMessage(error, messages.internalError)))
      .finally(() => setIsLoading(false));
  };
  return (
    <section aria-labelledby="gst-summary" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="gst-summary" className="mb-3 text-lg font-semibold text-slate-900">
        GST Summary
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Input label="Month" type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
        <Button onClick={download} isLoading={isLoading}>
          Download Excel
        </Button>
      </div>
    </section>
  );
}

/** GST Settings (admin, issue 25): the institute's GSTIN, legal name, address, bank; and the monthly summary. */
export function GstSettingsScreen() {
  const settings = useGstSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError)
    return <LoadError message={messages.failedToLoadData} onRetry={() => void settings.refetch()} />;
  return (
    <div className="flex flex-col gap-4">
      <SettingsForm key={settings.dataUpdatedAt} saved={settings.data} />
      <SummaryDownload />
    </div>
  );
}
