import { messages } from '@app/domain/messages';
import { MAX_PHOTO_BYTES } from '@app/domain/photos.rules';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useObjectUrl } from '@/lib/use-object-url';
import { CameraModal } from './camera-modal';
import { isJpeg, JPEG_ACCEPT } from './photo-files';
import { uploadPhoto } from './upload-photo';

export type PhotoUploaderMode = 'passport' | 'document';

export type PhotoUploaderProps = {
  /** Names the group and the camera dialog, e.g. 'Student Photo'. */
  label: string;
  /** passport: camera frames are cropped to 3:4 at 300 × 400; document: original size. */
  mode: PhotoUploaderMode;
  /** The saved imageUrl ('/api/files/<sha256>.jpg'), or null while nothing is saved. */
  value: string | null;
  /** The new imageUrl after Save, or null after Change. */
  onChange: (imageUrl: string | null) => void;
  /** The chosen, not yet saved picture (an object URL), or null: for a side-by-side comparison. */
  onPreviewChange?: (previewUrl: string | null) => void;
};

/**
 * A JPEG photo field (SPEC §4 Photo upload): no file → file chosen (preview, Save, Remove) →
 * saved (the stored image, a 'Saved' badge and Change). A photo comes from Choose File or Use
 * Camera. Controlled: the saved state is `value`, so the parent must pass back what `onChange` gives.
 */
export function PhotoUploader({ label, mode, value, onChange, onPreviewChange }: PhotoUploaderProps) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [isCameraOpen, setIsCameraOpen] = useState(false);
  const previewUrl = useObjectUrl(photo);
  useEffect(() => onPreviewChange?.(previewUrl), [previewUrl, onPreviewChange]);

  // An upload still running when the field goes away is dropped.
  useEffect(() => () => uploadRef.current?.abort(), []);

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const takePhoto = async (candidate: Blob) => {
    setError(null);
    if (!(await isJpeg(candidate))) {
      setPhoto(null);
      setError(messages.onlyJpeg);
      clearInput();
      return;
    }
    if (candidate.size > MAX_PHOTO_BYTES) {
      setPhoto(null);
      setError(messages.photoTooLarge);
      clearInput();
      return;
    }
    setPhoto(candidate);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void takePhoto(file);
  };

  const remove = () => {
    setPhoto(null);
    setError(null);
    clearInput();
  };

  const save = async () => {
    if (!photo || isSaving) return;
    const controller = new AbortController();
    uploadRef.current = controller;
    setIsSaving(true);
    setError(null);
    try {
      const { imageUrl } = await uploadPhoto(photo, controller.signal);
      setPhoto(null);
      clearInput();
      onChange(imageUrl);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(errorMessage(caught, messages.uploadFailed));
    } finally {
      if (uploadRef.current === controller) uploadRef.current = null;
      if (!controller.signal.aborted) setIsSaving(false);
    }
  };

  const change = () => {
    setPhoto(null);
    setError(null);
    clearInput();
    onChange(null);
  };

  const isSaved = value !== null && value !== '';
  const shownUrl = isSaved ? value : previewUrl;
  const isEmpty = !isSaved && !photo;

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{label}</legend>

      {shownUrl && (
        <div className="relative w-fit max-w-full">
          <img
            src={shownUrl}
            alt={isSaved ? `${label} (saved)` : `${label} preview`}
            className={cn(
              'rounded-lg border border-slate-200 bg-slate-50',
              mode === 'passport' ? 'aspect-[3/4] w-36 object-cover' : 'max-h-72 w-auto max-w-full object-contain',
            )}
          />
          {isSaved && (
            <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-green-800 px-2 py-0.5 text-xs font-semibold text-white shadow">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3" fill="currentColor">
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
              </svg>
              Saved
            </span>
          )}
        </div>
      )}

      {/* Kept mounted so a choice can be cleared; visible only while no photo is chosen. */}
      <div className={cn('flex flex-wrap gap-2', !isEmpty && 'hidden')}>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={JPEG_ACCEPT}
          onChange={onFileChange}
          disabled={!isEmpty}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClasses({ variant: 'secondary' }),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2',
          )}
        >
          Choose File
        </label>
        <Button variant="secondary" onClick={() => setIsCameraOpen(true)}>
          Use Camera
        </Button>
      </div>

      {!isSaved && photo && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={save} isLoading={isSaving}>
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="danger" onClick={remove} disabled={isSaving}>
            Remove
          </Button>
        </div>
      )}

      {isSaved && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={change}>
            Change
          </Button>
        </div>
      )}

      {isEmpty && <p className="text-xs text-slate-500">JPG or JPEG, up to 10 MB.</p>}

      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}

      <CameraModal
        isOpen={isCameraOpen}
        title={`${label}: camera`}
        mode={mode}
        onCapture={(captured) => {
          setIsCameraOpen(false);
          void takePhoto(captured);
        }}
        onError={(message) => {
          setIsCameraOpen(false);
          setError(message);
        }}
        onClose={() => setIsCameraOpen(false)}
      />
    </fieldset>
  );
}
