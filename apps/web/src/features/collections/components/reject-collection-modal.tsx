import { messages } from '@app/domain/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Textarea } from '@/components/ui/textarea';

type RejectCollectionModalProps = {
  /** The settlement being rejected; null keeps the dialog closed. */
  paymentId: number | null;
  isPending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
};

/** Asks the admin why a settlement is rejected (the reason is required). */
export function RejectCollectionModal({ paymentId, isPending, onReject, onClose }: RejectCollectionModalProps) {
  return (
    <Modal isOpen={paymentId !== null} onClose={onClose} title="Reject Settlement">
      {paymentId !== null && <RejectForm key={paymentId} isPending={isPending} onReject={onReject} onClose={onClose} />}
    </Modal>
  );
}

function RejectForm({ isPending, onReject, onClose }: Omit<RejectCollectionModalProps, 'paymentId'>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(messages.rejectionReasonRequired);
      return;
    }
    onReject(text);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reject settlement">
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" isLoading={isPending}>
          Reject
        </Button>
      </div>
    </form>
  );
}
