import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

type ProofImageModalProps = {
  /** The proof to show; null keeps the dialog closed. */
  proof: { id: number; proofUrl: string } | null;
  /** 'Proof Image' (counsellor) or 'Payment Proof' (admin). */
  title: string;
  /** Shown when there is no image, or it does not load. */
  emptyText: string;
  onClose: () => void;
};

/** SPEC §2: a settlement's payment proof in a dialog with Close. */
export function ProofImageModal({ proof, title, emptyText, onClose }: ProofImageModalProps) {
  return (
    <Modal isOpen={proof !== null} onClose={onClose} title={title}>
      {proof && <ProofImage key={proof.id} proof={proof} emptyText={emptyText} onClose={onClose} />}
    </Modal>
  );
}

function ProofImage({
  proof,
  emptyText,
  onClose,
}: {
  proof: { id: number; proofUrl: string };
  emptyText: string;
  onClose: () => void;
}) {
  // An image that does not load counts as none.
  const [isBroken, setIsBroken] = useState(false);
  const hasImage = proof.proofUrl.trim() !== '' && !isBroken;
  return (
    <div className="flex flex-col gap-4">
      {hasImage ? (
        <img
          src={proof.proofUrl}
          alt={`Payment proof of settlement ${proof.id}`}
          onError={() => setIsBroken(true)}
          className="max-h-[65dvh] w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
      ) : (
        <p className="py-6 text-center text-slate-600">{emptyText}</p>
      )}
      <Button variant="secondary" className="self-end" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
