import { messages } from '@app/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { captureFrame } from './photo-files';

/** SPEC §8 Upload: camera denied or missing. */

type CameraModalProps = {
  isOpen: boolean;
  title: string;
  mode: 'passport' | 'document';
  /** The captured JPEG; the modal closes itself through `onClose` afterwards. */
  onCapture: (photo: Blob) => void;
  /** The camera could not be opened or the frame could not be read; the modal should close. */
  onError: (message: string) => void;
  onClose: () => void;
};

/** A modal with the live camera (rear preferred), Capture and Cancel. */
export function CameraModal({ isOpen, title, ...props }: CameraModalProps) {
  return (
    <Modal isOpen={isOpen} onClose={props.onClose} title={title}>
      {/* Mounted only while open, so closing the modal always stops the camera. */}
      <CameraView {...props} />
    </Modal>
  );
}

function CameraView({ mode, onCapture, onError, onClose }: Omit<CameraModalProps, 'isOpen' | 'title'>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [isCapturing, setIsCapturing] = useState(false);
  // The latest callback without restarting the camera when the parent re-renders.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let isActive = true;
    const stop = (media: MediaStream) => {
      for (const track of media.getTracks()) track.stop();
    };

    if (!navigator.mediaDevices?.getUserMedia) {
      // No camera API (old browser, or a page not served over HTTPS).
      onErrorRef.current(messages.cameraDenied);
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then((media) => {
        if (!isActive) {
          stop(media);
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (video) {
          video.srcObject = media;
          // autoPlay covers it too; some browsers reject play() while the element is still loading.
          Promise.resolve()
            .then(() => video.play())
            .catch(() => {});
        }
      })
      .catch(() => {
        if (isActive) onErrorRef.current(messages.cameraDenied);
      });

    return () => {
      isActive = false;
      if (stream) stop(stream);
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, []);

  const capture = async () => {
    const video = videoRef.current;
    if (!video) return;
    setIsCapturing(true);
    const photo = await captureFrame(video, mode);
    setIsCapturing(false);
    if (photo) onCapture(photo);
    else onErrorRef.current(messages.cameraDenied);
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        className={cn(
          'relative mx-auto grid w-full place-items-center overflow-hidden rounded-lg bg-slate-900',
          mode === 'passport' ? 'aspect-[3/4] max-w-xs' : 'aspect-[4/3]',
        )}
      >
        <video
          ref={videoRef}
          autoPlay
          playsInline
          muted
          aria-label="Camera preview"
          onLoadedMetadata={() => setIsReady(true)}
          className={cn('size-full', mode === 'passport' ? 'object-cover' : 'object-contain')}
        />
        {!isReady && (
          <span className="absolute text-white">
            <Spinner label="Starting camera" className="size-6" />
          </span>
        )}
      </div>
      <FormActions onCancel={onClose}>
        <Button onClick={capture} disabled={!isReady} isLoading={isCapturing}>
          Capture
        </Button>
      </FormActions>
    </div>
  );
}
