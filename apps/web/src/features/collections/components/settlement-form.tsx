import {
  type CollectionPayment,
  OTHER_ACCOUNT,
  OTHER_PREFIX,
  type SettleRequest,
  settleRequest,
} from '@app/domain/collections.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { draftKeys, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { type FormText, formResolver, withScreenChecks } from '@/lib/form-schema';
import { useEditSettlement } from '../api/edit-settlement';
import { useSettlementAccounts } from '../api/get-settlement-accounts';
import { useSettle } from '../api/settle';

const settlementFields = settleRequest
  .pick({ amountPaid: true, paymentDate: true, proofUrl: true })
  .extend({ account: z.string(), otherAccount: z.string() });

/** What the inputs hold, as the browser gives it; the proof is the saved imageUrl ('' if none). */
export type SettlementFormValues = FormText<typeof settlementFields, keyof z.input<typeof settlementFields>>;

const defaultValues: SettlementFormValues = {
  amountPaid: '',
  paymentDate: '',
  account: '',
  otherAccount: '',
  proofUrl: '',
};

/** A pending settlement's values in the form: 'Other: {text}' is the Other account with its details. */
function valuesOf(payment: CollectionPayment): SettlementFormValues {
  const isOther = payment.remark.startsWith(OTHER_PREFIX);
  return {
    amountPaid: String(payment.amountPaid),
    paymentDate: payment.paymentDate,
    account: isOther ? OTHER_ACCOUNT : payment.remark,
    otherAccount: isOther ? payment.remark.slice(OTHER_PREFIX.length).trim() : '',
    proofUrl: payment.proofUrl,
  };
}

/** SPEC §5 Settlement: a custom account is stored as 'Other: {text}'. */
function remarkOf(values: Pick<SettlementFormValues, 'account' | 'otherAccount'>): string {
  if (values.account !== OTHER_ACCOUNT) return values.account;
  const text = values.otherAccount.trim();
  return text ? `${OTHER_PREFIX} ${text}` : '';
}

/**
 * The server's request schema on the text the inputs hold; where the money went (the request's remark)
 * is the account chosen, or 'Other: ' and the details typed, and its message lands on the field typed.
 */
const settlementFormSchema = withScreenChecks(settlementFields, ['account', 'otherAccount'], (values, add) => {
  const isOther = values.account === OTHER_ACCOUNT;
  if (isOther && values.otherAccount.trim() === '') add('otherAccount', messages.settlementOtherRequired);
  const remark = settleRequest.shape.remark.safeParse(remarkOf(values));
  const issue = remark.error?.issues[0];
  if (issue) add(isOther ? 'otherAccount' : 'account', issue.message);
});
const resolver = formResolver<SettlementFormValues, typeof settlementFormSchema>(settlementFormSchema);

/** The request's fields the form shows as they are (the remark is shown as the account). */
const isField = (path: string): path is 'amountPaid' | 'paymentDate' | 'proofUrl' =>
  path === 'amountPaid' || path === 'paymentDate' || path === 'proofUrl';

type Counsellor = { uuid: string; name: string };

function toBody(counsellor: Counsellor, valid: z.output<typeof settlementFormSchema>): SettleRequest {
  return {
    counsellorId: counsellor.uuid,
    counsellorName: counsellor.name,
    amountPaid: valid.amountPaid,
    remark: remarkOf(valid),
    proofUrl: valid.proofUrl,
    paymentDate: valid.paymentDate,
  };
}

type SettlementFormProps = {
  counsellor: Counsellor;
  /** A pending settlement to correct (in a dialog), instead of a new one. */
  editing?: CollectionPayment;
  /** Called once a correction is saved. */
  onSaved?: () => void;
};

/**
 * SPEC §2 My Collection: 'Send Collection to' the company. Submit Collection shows only once the
 * payment proof is saved. With `editing`, the same form corrects a pending settlement.
 */
export function SettlementForm({ counsellor, editing, onSaved }: SettlementFormProps) {
  const toast = useToast();
  const settle = useSettle();
  const edit = useEditSettlement();
  const saving = editing ? edit : settle;
  const initial = editing ? valuesOf(editing) : defaultValues;
  const accounts = useSettlementAccounts();
  const [serverError, setServerError] = useState<string | null>(null);
  /** Remounts the uploader after a submission so it starts empty. */
  const [uploaderKey, setUploaderKey] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors },
  } = useForm<SettlementFormValues, unknown, z.output<typeof settlementFormSchema>>({
    resolver,
    defaultValues: initial,
  });
  // The proof photo is uploaded again; the rest survives an ended session (a correction keeps its own draft).
  const draft = useFormDraft({
    key: editing ? draftKeys.settlementEdit(editing.id) : draftKeys.settlement,
    watch,
    excluded: ['proofUrl'],
  });
  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    const { amountPaid = '', paymentDate = '', account = '', otherAccount = '' } = found;
    reset({ ...initial, amountPaid, paymentDate, account, otherAccount });
    toast.success(DRAFT_LOADED);
  };
  const values = useWatch({ control }) as SettlementFormValues;

  const accountOptions = [
    { value: '', label: accounts.isPending ? 'Loading accounts...' : 'Select account' },
    ...(accounts.data ?? []).map((account) => ({ value: account, label: account })),
    // A settlement made into an account no longer offered keeps it as a choice.
    ...(initial.account && initial.account !== OTHER_ACCOUNT && !accounts.data?.includes(initial.account)
      ? [{ value: initial.account, label: initial.account }]
      : []),
    { value: OTHER_ACCOUNT, label: OTHER_ACCOUNT },
  ];

  const onSubmit = handleSubmit((valid) => {
    if (saving.isPending) return;
    setServerError(null);
    const body = toBody(counsellor, valid);
    const onError = (error: unknown) =>
      // SPEC §8 Settlement: a 400 says the server's message (e.g. above the balance), else the fixed text;
      // said on the form and in a toast.
      showFormError(error, {
        setError,
        isField,
        toastError: (text) => {
          setServerError(text);
          toast.error(text);
        },
        fallback: messages.settlementFailed,
        serverMessageFor: [400, 409],
      });
    if (editing) {
      const { amountPaid, remark, proofUrl, paymentDate } = body;
      edit.mutate(
        { id: editing.id, amountPaid, remark, proofUrl, paymentDate },
        {
          onSuccess: ({ message }) => {
            toast.success(message);
            draft.finish();
            onSaved?.();
          },
          onError,
        },
      );
      return;
    }
    settle.mutate(body, {
      onSuccess: () => {
        toast.success(messages.settlementSubmitted);
        draft.finish();
        reset(defaultValues);
        draft.resume();
        setUploaderKey((key) => key + 1);
      },
      onError,
    });
  });

  const hasProof = values.proofUrl !== '';

  const form = (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={editing ? 'Edit Settlement' : 'Send Collection'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Amount"
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          required
          error={errors.amountPaid?.message}
          {...register('amountPaid')}
        />
        <Input
          label="Payment Date"
          type="date"
          max={indianToday()}
          required
          error={errors.paymentDate?.message}
          {...register('paymentDate')}
        />
        <Select
          label="Paid Into"
          options={accountOptions}
          required
          error={errors.account?.message}
          hint={accounts.isError ? messages.failedToLoadData : undefined}
          {...register('account')}
        />
        {values.account === OTHER_ACCOUNT && (
          <Input
            label="Account Details"
            required
            maxLength={180}
            autoComplete="off"
            error={errors.otherAccount?.message}
            {...register('otherAccount')}
          />
        )}
      </div>
      <PhotoUploader
        key={uploaderKey}
        label="Payment Proof"
        mode="document"
        value={values.proofUrl || null}
        onChange={(imageUrl) => setValue('proofUrl', imageUrl ?? '', { shouldValidate: imageUrl !== null })}
      />

      {serverError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700">
          {serverError}
        </p>
      )}

      {hasProof ? (
        <Button type="submit" className="self-end" isLoading={saving.isPending}>
          {editing ? 'Save Changes' : 'Submit Collection'}
        </Button>
      ) : (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-800">
          {messages.proofFirst}
        </p>
      )}
    </form>
  );
  const offer = draft.offer && (
    <div className="mb-4">
      <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />
    </div>
  );
  if (editing) {
    return (
      <>
        {offer}
        {form}
      </>
    );
  }

  return (
    <section
      aria-labelledby="send-collection-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="send-collection-title" className="mb-4 text-lg font-semibold text-slate-900">
        Send Collection to
      </h2>
      {offer}
      {form}
    </section>
  );
}
