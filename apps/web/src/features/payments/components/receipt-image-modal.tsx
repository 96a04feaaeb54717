import type { Payment } from '@app/domain/payments.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export const NO_RECEIPT_IMAGE = 'No receipt image available.';

type ReceiptImageModalProps = {
  /** The payment whose receipt photo to show; null keeps the dialog closed. */
  payment: Payment | null;
  onClose: () => void;
};

/** SPEC §2 Payments list: the 'Receipt Image' dialog of a payment's View button. */
export function ReceiptImageModal({ payment, onClose }: ReceiptImageModalProps) {
  return (
    <Modal isOpen={payment !== null} onClose={onClose} title="Receipt Image">
      {payment && <ReceiptImage key={payment.paymentId} payment={payment} onClose={onClose} />}
    </Modal>
  );
}

function ReceiptImage({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  // An image that does not load counts as none.
  const [isBroken, setIsBroken] = useState(false);
  const hasImage = payment.receiptPhoto.trim() !== '' && !isBroken;
  return (
    <div className="flex flex-col gap-4">
      {hasImage ? (
        <img
          src={payment.receiptPhoto}
          alt={`Receipt of payment ${payment.paymentId}`}
          onError={() => setIsBroken(true)}
          className="max-h-[65dvh] w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
      ) : (
        <p className="py-6 text-center text-slate-600">{NO_RECEIPT_IMAGE}</p>
      )}
      <Button variant="secondary" className="self-end" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
