import type { ChallanView } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useReceiveChallan } from '../api/receive-challan';

type ConfirmChallanReceiptModalProps = {
  /** The challan being confirmed; null keeps the dialog closed. */
  challan: ChallanView | null;
  onClose: () => void;
};

/** Confirm Receipt: the receiver's signed copy of the challan, photographed, then confirmed. */
export function ConfirmChallanReceiptModal({ challan, onClose }: ConfirmChallanReceiptModalProps) {
  return (
    <Modal isOpen={challan !== null} onClose={onClose} title="Confirm Challan Receipt">
      {challan && <ReceiptForm key={challan.id} challan={challan} onClose={onClose} />}
    </Modal>
  );
}

function ReceiptForm({ challan, onClose }: { challan: ChallanView; onClose: () => void }) {
  const toast = useToast();
  const receive = useReceiveChallan();
  const [signedCopyUrl, setSignedCopyUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!signedCopyUrl) {
      setError(messages.challanSignedCopyRequired);
      return;
    }
    setError(null);
    receive.mutate(
      { id: challan.id, signedCopyUrl },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, messages.somethingWentWrong)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Challan No. <span className="font-semibold">{challan.chalanNo}</span> of {formatDate(challan.date)}:{' '}
        {challan.books} books, {challan.pamphlets} pamphlets, {challan.receiptBooks} receipt books. Take a photo of the
        copy the receiver signed; confirming moves these books into your stock in hand.
      </p>
      <PhotoUploader label="Signed Copy" mode="document" value={signedCopyUrl} onChange={setSignedCopyUrl} />
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <FormActions onCancel={onClose}>
        <Button onClick={confirm} isLoading={receive.isPending}>
          Confirm Receipt
        </Button>
      </FormActions>
    </div>
  );
}
