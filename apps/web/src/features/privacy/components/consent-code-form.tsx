import { type MessageLanguage, messageLanguages } from '@app/domain/privacy.rules';
import {
  type ConfirmConsentCodeRequest,
  confirmConsentCodeRequest,
  privacyMessages,
  type SendConsentCodeResponse,
} from '@app/domain/privacy.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder, formResolver } from '@/lib/form-schema';
import { formatTime } from '@/lib/format';
import { useConfirmConsentCode, useSendConsentCode } from '../api/record-consent';

type Values = { code: string; messages: boolean };
const resolver = formResolver<Values, typeof confirmConsentCodeRequest>(confirmConsentCodeRequest);
const isField = (path: string): path is keyof Values => path === 'code' || path === 'messages';
const languageOptions = messageLanguages.map((value) => ({ value, label: value === 'mr' ? 'Marathi' : 'English' }));

/**
 * Consent by a one-time code: the counsellor sends it to the parent's phone, the parent reads it out,
 * the counsellor types it here. Without a messaging provider the prepared text opens in WhatsApp.
 */
export function ConsentCodeForm({
  studentId,
  parentsNoEnding,
  codeExpiresAt,
}: {
  studentId: string;
  parentsNoEnding: string;
  codeExpiresAt: string | null;
}) {
  const toast = useToast();
  const send = useSendConsentCode();
  const confirm = useConfirmConsentCode();
  const [language, setLanguage] = useState<MessageLanguage>('mr');
  const [sent, setSent] = useState<SendConsentCodeResponse | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, ConfirmConsentCodeRequest>({ resolver, defaultValues: { code: '', messages: true } });
  const bind = fieldBinder(register, errors);
  const allowMessages = watch('messages');
  const expiresAt = sent?.expiresAt ?? codeExpiresAt;

  const sendCode = () =>
    send.mutate(
      { studentId, body: { language } },
      {
        onSuccess: (answer) => {
          setSent(answer);
          if (answer.sent) toast.success(`Code sent to ${parentsNoEnding}`);
        },
        onError: (error) =>
          showFormError(error, {
            setError,
            isField,
            toastError: toast.error,
            fallback: privacyMessages.consentCodeMissing,
          }),
      },
    );

  const onSubmit = handleSubmit((valid) =>
    confirm.mutate(
      { studentId, body: valid },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setSent(null);
          reset();
        },
        onError: (error) =>
          showFormError(error, {
            setError,
            isField,
            toastError: toast.error,
            fallback: privacyMessages.consentCodeInvalid,
          }),
      },
    ),
  );

  return (
    <section aria-labelledby="consent-code-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="consent-code-title" className="text-lg font-semibold text-slate-900">
        Code to the parent's phone
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A 6-digit code goes to the parent's number ending {parentsNoEnding.slice(-4)}. Ask the parent to read it out;
        sent by the messaging provider, it also carries a link where the parent reads the notice and answers alone.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label="Language of the message"
          options={languageOptions}
          value={language}
          onChange={(event) => setLanguage(event.target.value === 'en' ? 'en' : 'mr')}
          fieldClassName="sm:w-56"
        />
        <Button variant="secondary" onClick={sendCode} isLoading={send.isPending}>
          {expiresAt ? 'Send a new code' : 'Send code'}
        </Button>
      </div>
      {sent?.waLink && (
        <p className="mt-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          No messaging provider is set up: send the prepared message from the institute's WhatsApp.{' '}
          <a href={sent.waLink} target="_blank" rel="noreferrer" className={buttonClasses({ size: 'sm' })}>
            Open WhatsApp
          </a>
        </p>
      )}
      {expiresAt && (
        <form noValidate onSubmit={onSubmit} aria-label="Confirm consent code" className="mt-4 flex flex-col gap-3">
          <p className="text-sm text-slate-600">The code is valid until {formatTime(expiresAt)}.</p>
          <Input
            label="Code the parent read out"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            fieldClassName="sm:w-56"
            {...bind('code')}
          />
          <Checkbox checked={allowMessages} onChange={(checked) => setValue('messages', checked)}>
            The parent agrees to messages (receipts, reminders, results)
          </Checkbox>
          <div>
            <Button type="submit" isLoading={confirm.isPending} className="w-full sm:w-auto">
              Confirm consent
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
