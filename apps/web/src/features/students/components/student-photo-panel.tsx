import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useUpdateStudentPhoto } from '../api/update-student';
import { EditPanelHeading, type StudentEditPanelProps } from './edit-panel-heading';

/** The student's photo as stored: 'No Photo Available' without one, 'Image not available' when it fails. */
function CurrentPhoto({ url, alt }: { url: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!url)
    return (
      <p className="flex aspect-[3/4] w-32 items-center justify-center rounded-lg bg-slate-100 p-2 text-center text-sm text-slate-500">
        No Photo Available
      </p>
    );
  if (failed)
    return (
      <p className="flex aspect-[3/4] w-32 items-center justify-center rounded-lg bg-slate-100 p-2 text-center text-sm text-slate-500">
        Image not available
      </p>
    );
  return (
    <img
      src={url}
      alt={alt}
      onError={() => setFailed(true)}
      className="aspect-[3/4] w-32 rounded-lg border border-slate-200 object-cover"
    />
  );
}

/**
 * SPEC §2 Edit Student Registration, photo mode: the current photo, 'Select New Student Photo', and once
 * a new picture exists 'Photo Comparison & Update'; Update Photo only after the new picture is saved.
 */
export function StudentPhotoPanel({ student, onClose, onUpdated }: StudentEditPanelProps) {
  const toast = useToast();
  const updatePhoto = useUpdateStudentPhoto();
  const [newPhoto, setNewPhoto] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const shownNew = newPhoto ?? preview;

  const update = () => {
    if (!newPhoto) return toast.warning(messages.newPhotoFirst);
    updatePhoto.mutate(
      {
        studentId: student.studentId,
        body: { studentId: student.studentId, studentPhoto: newPhoto, prevPhotoUrl: student.studentPhoto },
      },
      {
        onSuccess: () => {
          toast.success(messages.studentPhotoUpdated);
          onUpdated();
        },
        onError: () => toast.error(messages.studentPhotoUpdateError),
      },
    );
  };

  return (
    <section
      aria-labelledby="photo-mode"
      className="relative flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <EditPanelHeading id="photo-mode" title="Edit Student Photo" onClose={onClose} />
      <div className="flex items-center gap-4">
        <CurrentPhoto url={student.studentPhoto} alt={student.studentName} />
        <div>
          <p className="font-semibold text-slate-900">{student.studentName}</p>
          <p className="text-sm text-slate-600">ID: {student.studentId}</p>
        </div>
      </div>
      <div className="rounded-lg border border-slate-200 p-3">
        <PhotoUploader
          label="Select New Student Photo"
          mode="passport"
          value={newPhoto}
          onChange={setNewPhoto}
          onPreviewChange={setPreview}
        />
        <Button variant="secondary" className="mt-3" onClick={onClose}>
          Cancel
        </Button>
      </div>
      {shownNew && (
        <section aria-labelledby="photo-compare" className="rounded-lg border border-brand-200 bg-brand-50/40 p-3">
          <h3 id="photo-compare" className="font-semibold text-slate-900">
            Photo Comparison &amp; Update
          </h3>
          <div className="mt-3 flex flex-wrap gap-6">
            <figure>
              <CurrentPhoto url={student.studentPhoto} alt={`Current, ${student.studentName}`} />
              <figcaption className="mt-1 text-sm text-slate-600">Current</figcaption>
            </figure>
            <figure>
              <img
                src={shownNew}
                alt={`New, ${student.studentName}`}
                className="aspect-[3/4] w-32 rounded-lg border border-slate-200 object-cover"
              />
              <figcaption className="mt-1 text-sm text-slate-600">New</figcaption>
            </figure>
          </div>
          {newPhoto ? (
            <Button className="mt-3" isLoading={updatePhoto.isPending} onClick={update}>
              {updatePhoto.isPending ? 'Updating Photo...' : 'Update Photo'}
            </Button>
          ) : (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
              {messages.newPhotoFirst}
            </p>
          )}
        </section>
      )}
    </section>
  );
}
