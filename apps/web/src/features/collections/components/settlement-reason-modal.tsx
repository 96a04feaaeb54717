import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { Textarea } from '@/components/ui/textarea';

type SettlementReasonModalProps = {
  /** The settlement being decided; null keeps the dialog closed. */
  paymentId: number | null;
  /** 'Reject Settlement' or 'Reverse Settlement'. */
  title: string;
  /** The submit button's text: 'Reject', 'Reverse'. */
  actionLabel: string;
  /** What the box says when it is left empty (the reason is required). */
  requiredMessage: string;
  /** A sentence above the box: what the action does. */
  description?: string;
  isPending: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/** Asks the admin why a settlement is rejected or reversed (the reason is required). */
export function SettlementReasonModal({ paymentId, title, onClose, ...form }: SettlementReasonModalProps) {
  return (
    <Modal isOpen={paymentId !== null} onClose={onClose} title={title}>
      {paymentId !== null && <ReasonForm key={paymentId} title={title} onClose={onClose} {...form} />}
    </Modal>
  );
}

function ReasonForm({
  title,
  actionLabel,
  requiredMessage,
  description,
  isPending,
  onSubmit,
  onClose,
}: Omit<SettlementReasonModalProps, 'paymentId'>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(requiredMessage);
      return;
    }
    onSubmit(text);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={title}>
      {description && <p className="text-sm text-slate-700">{description}</p>}
      <Textarea
        label="Reason"
        required
        maxLength={300}
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <FormActions onCancel={onClose}>
        <Button type="submit" variant="danger" isLoading={isPending}>
          {actionLabel}
        </Button>
      </FormActions>
    </form>
  );
}
