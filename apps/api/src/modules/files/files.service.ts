import { createHash } from 'node:crypto';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import {
  isWithinPhotoPixelLimit,
  MAX_PHOTO_PIXELS,
  PHOTO_UPLOAD_WINDOW_MS,
  PHOTO_UPLOADS_PER_WINDOW,
} from '@app/domain/photos.rules';
import sharp, { type Metadata } from 'sharp';
import type { Deps } from '../../deps';
import { type FileStore, SHA256_HEX } from '../../lib/file-store';
import { createWorkQueue, QueueBusyError } from '../../lib/work-queue';
import type { Actor } from '../../plugins/auth';

/** A phone photo is plenty at this size for a passport photo, a receipt or a bank slip. */
export const MAX_PHOTO_EDGE = 1600;
export const PHOTO_URL_PREFIX = '/api/files/';

// Memory stays bounded and is given back: no cache of decoded images or open files between requests,
// and one libvips thread per image (sharp's own default on glibc, where more threads fragment memory).
sharp.cache(false);
sharp.concurrency(1);

const MiB = 1024 * 1024;
/** What decoding a baseline JPEG costs at most: shrink-on-load decodes it at 1/2 to 1/8 scale. */
const BASELINE_DECODE_BYTES = 32 * MiB;

/**
 * Decode memory one photo may need, and all the photos being decoded at once together. A progressive
 * JPEG at the pixel limit with the usual 4:2:0 chroma needs ~190 MB and fits; one that needs more
 * (4:4:4 chroma above ~33 MP, CMYK above ~25 MP) is refused: phones and scanners do not make those.
 */
export const PHOTO_DECODE_BUDGET_BYTES = 224 * MiB;

/** Planes per pixel: luma 1, each chroma plane by its subsampling (J:a:b), a fourth channel 1. */
function planesPerPixel(meta: Pick<Metadata, 'channels' | 'chromaSubsampling'>): number {
  const ratio = /^4:([124]):([0124])(:4)?$/.exec(meta.chromaSubsampling ?? '');
  if (!ratio) return meta.channels ?? 4;
  const chroma = (Number(ratio[1]) / 4) * (ratio[2] === '0' ? 0.5 : 1);
  return 1 + 2 * chroma + (ratio[3] ? 1 : 0);
}

/**
 * Estimated memory to decode and shrink a photo. A progressive JPEG cannot be shrunk on load: libjpeg
 * keeps the DCT coefficients of the whole image (2 bytes per sample) until the last scan.
 */
export function decodeCost(
  meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'chromaSubsampling' | 'isProgressive'>,
): number {
  const coefficients = meta.isProgressive ? meta.width * meta.height * planesPerPixel(meta) * 2 : 0;
  return BASELINE_DECODE_BYTES + coefficients;
}

/**
 * At most two photos are decoded at once, within PHOTO_DECODE_BUDGET_BYTES of estimated memory (a large
 * progressive JPEG runs alone); up to 16 more wait their turn, for at most 60 s (a 52 MP progressive
 * JPEG takes 1.5 to 2.5 s on 2 cores, so ten of them clear in about 20 s). Process-local on purpose:
 * it bounds this process's memory, and any instance can take any upload.
 */
export const PHOTO_QUEUE_RETRY_AFTER_SECONDS = 5;
export const photoQueue = createWorkQueue({
  maxRunning: 2,
  budget: PHOTO_DECODE_BUDGET_BYTES,
  maxWaiting: 16,
  maxWaitMs: 60_000,
});

const busy = () =>
  new DomainError('SERVICE_UNAVAILABLE', messages.uploadsBusy, { retryAfterSeconds: PHOTO_QUEUE_RETRY_AFTER_SECONDS });

/**
 * Before the body is read: counts the upload against the user's limit (shared by every instance through
 * the attempt store) and refuses at once when the photo queue is full.
 */
export async function admitPhotoUpload(deps: Pick<Deps, 'attempts'>, { by }: { by: Actor }): Promise<void> {
  const key = `photo-upload:${by.uuid}`;
  const count = await deps.attempts.hit(key, PHOTO_UPLOAD_WINDOW_MS);
  if (count > PHOTO_UPLOADS_PER_WINDOW) {
    const retryAfterSeconds = Math.ceil((await deps.attempts.expiresIn(key)) / 1000);
    throw new DomainError('TOO_MANY_REQUESTS', messages.tooManyUploads, { retryAfterSeconds });
  }
  if (photoQueue.isFull()) throw busy();
}

const isJpeg = (bytes: Uint8Array) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Width, height and layout from the JPEG header; nothing is decoded. */
async function readHeader(upload: Buffer) {
  try {
    const meta = await sharp(upload).metadata();
    if (meta.format === 'jpeg') return meta;
  } catch {}
  // A file that starts like a JPEG but is not one.
  throw new DomainError('BAD_REQUEST', messages.onlyJpeg);
}

/** Upright, stripped of metadata, long edge capped, re-encoded; decoded at a fraction of its size. */
async function normalise(upload: Buffer): Promise<Buffer> {
  try {
    return await sharp(upload, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({ width: MAX_PHOTO_EDGE, height: MAX_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    // The header check above refuses large images first; this is the second guard.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new DomainError('BAD_REQUEST', messages.photoTooManyPixels);
    }
    throw new DomainError('BAD_REQUEST', messages.onlyJpeg);
  }
}

/**
 * Stores an uploaded photo: JPEG only, judged by its bytes; at most MAX_PHOTO_PIXELS and within the
 * decode budget, judged by its header before anything is decoded; turned upright by its EXIF orientation; stripped of every piece
 * of metadata (a phone photo carries the GPS position of where it was taken); long edge capped;
 * re-encoded, a few at a time (photoQueue). Answers the URL the deps shows it at.
 */
export async function storePhoto(files: FileStore, upload: Buffer): Promise<{ imageUrl: string }> {
  if (upload.length === 0) throw new DomainError('BAD_REQUEST', messages.photoEmpty);
  if (!isJpeg(upload)) throw new DomainError('BAD_REQUEST', messages.onlyJpeg);
  const meta = await readHeader(upload);
  if (!isWithinPhotoPixelLimit(meta.width, meta.height)) {
    throw new DomainError('BAD_REQUEST', messages.photoTooManyPixels);
  }
  const cost = decodeCost(meta);
  if (cost > PHOTO_DECODE_BUDGET_BYTES) throw new DomainError('BAD_REQUEST', messages.photoTooComplex);
  let normalised: Buffer;
  try {
    normalised = await photoQueue.run(cost, () => normalise(upload));
  } catch (error) {
    if (error instanceof QueueBusyError) throw busy();
    throw error;
  }
  const hash = createHash('sha256').update(normalised).digest('hex');
  await files.put(hash, normalised);
  return { imageUrl: `${PHOTO_URL_PREFIX}${hash}.jpg` };
}

/** The hash behind an imageUrl this server handed out, or undefined for any other text. */
export function hashOfPhotoUrl(url: string): string | undefined {
  if (!url.startsWith(PHOTO_URL_PREFIX) || !url.endsWith('.jpg')) return undefined;
  const hash = url.slice(PHOTO_URL_PREFIX.length, -'.jpg'.length);
  return SHA256_HEX.test(hash) ? hash : undefined;
}

/** The hash of a photo this server stored, from its URL; anything else is refused. */
export async function storedPhotoHash(files: FileStore, url: string): Promise<string> {
  const hash = hashOfPhotoUrl(url);
  if (!hash || !(await files.has(hash))) throw new DomainError('BAD_REQUEST', messages.photoNotStored);
  return hash;
}
