import { createHash } from 'node:crypto';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import sharp from 'sharp';
import { type FileStore, SHA256_HEX } from '../../lib/file-store';

/** A phone photo is plenty at this size for a passport photo, a receipt or a bank slip. */
export const MAX_PHOTO_EDGE = 1600;
export const PHOTO_URL_PREFIX = '/api/files/';

const isJpeg = (bytes: Uint8Array) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * Stores an uploaded photo: JPEG only, judged by its bytes; turned upright by its EXIF orientation;
 * stripped of every piece of metadata (a phone photo carries the GPS position of where it was taken);
 * long edge capped; re-encoded. Answers the URL the app shows it at.
 */
export async function storePhoto(files: FileStore, upload: Buffer): Promise<{ imageUrl: string }> {
  if (!isJpeg(upload)) throw new DomainError('BAD_REQUEST', messages.onlyJpeg);
  let normalised: Buffer;
  try {
    normalised = await sharp(upload, { failOn: 'error' })
      .rotate()
      .resize({ width: MAX_PHOTO_EDGE, height: MAX_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    // A file that starts like a JPEG but is not one.
    throw new DomainError('BAD_REQUEST', messages.onlyJpeg);
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
