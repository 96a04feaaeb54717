import { privacyMessages } from '@app/domain/privacy.schemas';
import { useState } from 'react';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useRecordPaperConsent } from '../api/record-consent';

/** Where no code can be sent: a photo of the consent form the parent signed. */
export function PaperConsentForm({ studentId }: { studentId: string }) {
  const toast = useToast();
  const record = useRecordPaperConsent();
  const [photo, setPhoto] = useState<string | null>(null);
  const [allowMessages, setAllowMessages] = useState(true);
  const save = () => {
    if (!photo) {
      toast.error(privacyMessages.consentPaperPhotoRequired);
      return;
    }
    record.mutate(
      { studentId, body: { photo, messages: allowMessages } },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setPhoto(null);
        },
        onError: (error) => toast.error(errorMessage(error, privacyMessages.consentPaperPhotoRequired)),
      },
    );
  };
  return (
    <section aria-labelledby="consent-paper-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="consent-paper-title" className="text-lg font-semibold text-slate-900">
        Signed paper form
      </h2>
      <p className="mt-1 text-sm text-slate-600">When no code can be sent: a photo of the form the parent signed.</p>
      <div className="mt-3 flex flex-col gap-3">
        <PhotoUploader label="Signed consent form" mode="document" value={photo} onChange={setPhoto} />
        <Checkbox checked={allowMessages} onChange={setAllowMessages}>
          The parent agrees to messages (receipts, reminders, results)
        </Checkbox>
        {photo ? (
          <div>
            <Button onClick={save} isLoading={record.isPending} className="w-full sm:w-auto">
              Save paper consent
            </Button>
          </div>
        ) : (
          <p className="text-sm font-medium text-amber-800">{privacyMessages.consentPaperPhotoRequired}</p>
        )}
      </div>
    </section>
  );
}
