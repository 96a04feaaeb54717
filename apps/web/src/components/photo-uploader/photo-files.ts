/** SPEC §9 Passport photo capture: 300 × 400 (3:4), JPEG quality 0.8. */
export const PASSPORT_WIDTH = 300;
export const PASSPORT_HEIGHT = 400;
export const JPEG_QUALITY = 0.8;

export const JPEG_ACCEPT = 'image/jpeg,.jpg,.jpeg';

const JPEG_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg']);

function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** JPEG by its declared type (or, when the browser gives none, its .jpg/.jpeg name) and by its first bytes FF D8 FF. */
export async function isJpeg(file: Blob): Promise<boolean> {
  const declared =
    JPEG_TYPES.has(file.type.toLowerCase()) ||
    (file.type === '' && file instanceof File && /\.jpe?g$/i.test(file.name));
  if (!declared || file.size < 3) return false;
  try {
    const head = await readBytes(file.slice(0, 3));
    return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  } catch {
    return false;
  }
}

/**
 * The current video frame as a JPEG. Passport mode crops the centre to 3:4 and draws it at
 * 300 × 400; document mode keeps the camera's own size. Null if the frame cannot be read.
 */
export function captureFrame(video: HTMLVideoElement, mode: 'passport' | 'document'): Promise<Blob | null> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return Promise.resolve(null);

  let sx = 0;
  let sy = 0;
  let sw = width;
  let sh = height;
  let outWidth = width;
  let outHeight = height;
  if (mode === 'passport') {
    const target = PASSPORT_WIDTH / PASSPORT_HEIGHT;
    if (width / height > target) {
      sw = Math.round(height * target);
      sx = Math.round((width - sw) / 2);
    } else {
      sh = Math.round(width / target);
      sy = Math.round((height - sh) / 2);
    }
    outWidth = PASSPORT_WIDTH;
    outHeight = PASSPORT_HEIGHT;
  }

  const canvas = document.createElement('canvas');
  canvas.width = outWidth;
  canvas.height = outHeight;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, sx, sy, sw, sh, 0, 0, outWidth, outHeight);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}
