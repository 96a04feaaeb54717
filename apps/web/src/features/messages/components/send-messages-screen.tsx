import {
  type MessageKind,
  type MessageLanguage,
  messageKindLabels,
  messageKinds,
  messageLanguageLabels,
  messageLanguages,
  messageStatusLabels,
} from '@app/domain/family-messages.rules';
import type { MessageAudience, MessageJobRequest, MessagePreview } from '@app/domain/family-messages.schemas';
import { standards } from '@app/domain/standards.rules';
import { useState } from 'react';
import { useCentres } from '@/api/get-centres';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatTime } from '@/lib/format';
import { useJob } from '../api/get-job';
import { useJobs } from '../api/get-jobs';
import { usePreviewJob } from '../api/preview-job';
import { useRetryJob } from '../api/retry-job';
import { useStartJob } from '../api/start-job';
import { MessageList } from './message-list';

type AudienceType = MessageAudience['type'];
const audienceLabels: Record<AudienceType, string> = {
  overdue: 'The overdue list',
  due_soon: 'Instalments due soon',
  centre: "A centre's students",
  standard: "A standard's students",
};
const sendableKinds = messageKinds.filter((kind) => kind !== 'consent_code');

/**
 * Send Messages (dashboard/messages, admin; issue 26): choose a list and a message, look at who receives
 * what, send, watch the progress, read the report and retry what failed.
 */
export function SendMessagesScreen() {
  const toast = useToast();
  const centres = useCentres();
  const [kind, setKind] = useState<MessageKind>('instalment_overdue');
  const [audienceType, setAudienceType] = useState<AudienceType>('overdue');
  const [days, setDays] = useState('7');
  const [centreId, setCentreId] = useState('');
  const [standard, setStandard] = useState<string>(standards[1]);
  const [language, setLanguage] = useState<MessageLanguage>('both');
  const [preview, setPreview] = useState<MessagePreview | undefined>();
  const [jobId, setJobId] = useState<number | undefined>();
  const previewJob = usePreviewJob();
  const startJob = useStartJob();

  const audience = (): MessageAudience =>
    audienceType === 'due_soon'
      ? { type: 'due_soon', days: Number(days) }
      : audienceType === 'centre'
        ? { type: 'centre', centreId: Number(centreId) }
        : audienceType === 'standard'
          ? { type: 'standard', standard: standard as (typeof standards)[number] }
          : { type: 'overdue' };
  const request = (): MessageJobRequest => ({ kind, audience: audience(), language });
  const changed = () => setPreview(undefined);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Choose who and what, look at the preview, then send.</p>
      <section aria-label="Who and what" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Select
            label="Message"
            value={kind}
            options={sendableKinds.map((value) => ({ value, label: messageKindLabels[value] }))}
            onChange={(event) => {
              setKind(event.target.value as MessageKind);
              changed();
            }}
          />
          <Select
            label="To"
            value={audienceType}
            options={(Object.keys(audienceLabels) as AudienceType[]).map((value) => ({
              value,
              label: audienceLabels[value],
            }))}
            onChange={(event) => {
              setAudienceType(event.target.value as AudienceType);
              changed();
            }}
          />
          {audienceType === 'due_soon' ? (
            <Input
              label="Due within (days)"
              inputMode="numeric"
              value={days}
              onChange={(event) => {
                setDays(event.target.value);
                changed();
              }}
            />
          ) : null}
          {audienceType === 'centre' ? (
            <Select
              label="Exam centre"
              value={centreId}
              options={[
                { value: '', label: 'Choose a centre' },
                ...(centres.data ?? []).map((centre) => ({ value: String(centre.centerId), label: centre.centerName })),
              ]}
              onChange={(event) => {
                setCentreId(event.target.value);
                changed();
              }}
            />
          ) : null}
          {audienceType === 'standard' ? (
            <Select
              label="Standard"
              value={standard}
              options={standards.map((value) => ({ value, label: value }))}
              onChange={(event) => {
                setStandard(event.target.value);
                changed();
              }}
            />
          ) : null}
          <Select
            label="Language"
            value={language}
            options={messageLanguages.map((value) => ({ value, label: messageLanguageLabels[value] }))}
            onChange={(event) => {
              setLanguage(event.target.value as MessageLanguage);
              changed();
            }}
          />
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            isLoading={previewJob.isPending}
            onClick={() =>
              previewJob.mutate(request(), {
                onSuccess: (answer) => {
                  setPreview(answer);
                  setJobId(undefined);
                },
              })
            }
          >
            Preview
          </Button>
          <Button
            disabled={!preview || preview.willSend === 0}
            isLoading={startJob.isPending}
            onClick={() =>
              startJob.mutate(request(), {
                onSuccess: (answer) => {
                  toast.success(answer.message);
                  setJobId(answer.data.id);
                  setPreview(undefined);
                },
              })
            }
          >
            {preview ? `Send to ${preview.willSend.toLocaleString('en-IN')}` : 'Send'}
          </Button>
        </div>
      </section>
      {preview ? <PreviewList preview={preview} /> : null}
      {jobId !== undefined ? <JobReport id={jobId} /> : null}
      <RecentJobs onOpen={setJobId} />
    </div>
  );
}

function PreviewList({ preview }: { preview: MessagePreview }) {
  return (
    <section aria-label="Preview" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Preview</h2>
      <p className="mb-3 text-sm text-slate-600">
        {preview.total.toLocaleString('en-IN')} students: {preview.willSend.toLocaleString('en-IN')} will receive a
        message, {preview.skipped.toLocaleString('en-IN')} will not.{' '}
        {preview.channel === 'none'
          ? 'No provider is configured: messages are prepared, and each has a WhatsApp link to send it by hand.'
          : `Sent by ${preview.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}.`}
        {preview.recipients.length < preview.total ? ` The first ${preview.recipients.length} are shown.` : ''}
      </p>
      <ul className="divide-y divide-slate-100">
        {preview.recipients.map((recipient) => (
          <li key={recipient.studentId} className="py-2">
            <p className="text-sm font-medium text-slate-900">
              {recipient.studentName} <span className="font-normal text-slate-500">· {recipient.phone}</span>
              {recipient.skipReason ? (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
                  {recipient.skipReason}
                </span>
              ) : null}
            </p>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700" lang="mr">
              {recipient.text}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function JobReport({ id }: { id: number }) {
  const job = useJob(id);
  const retry = useRetryJob();
  const toast = useToast();
  if (!job.data) return null;
  const { counts, total } = job.data;
  const done =
    (counts.sent ?? 0) +
    (counts.delivered ?? 0) +
    (counts.failed ?? 0) +
    (counts.prepared ?? 0) +
    (counts.skipped ?? 0);
  const percent = total > 0 ? Math.round((done / total) * 100) : 100;
  return (
    <section aria-label="Sending" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">{job.data.label}</h2>
      <div
        className="mt-2 h-2 overflow-hidden rounded bg-slate-100"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Progress"
      >
        <div className="h-full bg-emerald-500" style={{ width: `${percent}%` }} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(['queued', 'sending', 'sent', 'delivered', 'failed', 'prepared', 'skipped'] as const).map((status) => (
          <div key={status} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{messageStatusLabels[status]}</dt>
            <dd className="font-semibold text-slate-900">{(counts[status] ?? 0).toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      {(counts.failed ?? 0) > 0 ? (
        <div className="mt-3 flex justify-end">
          <Button
            variant="secondary"
            isLoading={retry.isPending}
            onClick={() => retry.mutate(id, { onSuccess: (answer) => toast.success(answer.message) })}
          >
            Retry the failed
          </Button>
        </div>
      ) : null}
      <MessageList entries={job.data.messages} showStudent />
    </section>
  );
}

function RecentJobs({ onOpen }: { onOpen: (id: number) => void }) {
  const jobs = useJobs();
  if (!jobs.data || jobs.data.data.length === 0) return null;
  return (
    <section aria-label="Recent jobs" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-2 text-base font-semibold text-slate-900">Recent jobs</h2>
      <ul className="divide-y divide-slate-100">
        {jobs.data.data.map((job) => (
          <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium text-slate-900">{job.label}</span>
              <span className="block text-xs text-slate-500">
                {formatDate(job.createdAt)} {formatTime(job.createdAt)} · {job.total.toLocaleString('en-IN')} students ·{' '}
                {((job.counts.sent ?? 0) + (job.counts.delivered ?? 0)).toLocaleString('en-IN')} sent ·{' '}
                {(job.counts.failed ?? 0).toLocaleString('en-IN')} failed
              </span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => onOpen(job.id)}>
              Report
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
