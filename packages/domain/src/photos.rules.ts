/**
 * Photo uploads: what the server accepts and how often.
 *
 * A decoded image costs memory in proportion to its pixels, not to its file size: a 2 MB progressive
 * JPEG of 16000 × 16000 needs about 750 MB to decode. The limit is read from the JPEG header before
 * anything is decoded. 52 megapixels lets the full resolution of today's 50 MP phone cameras through
 * (8160 × 6120 = 49.9 MP, 8192 × 6144 = 50.3 MP) with a little room, and refuses anything larger.
 */
/** The largest photo file accepted (the server's multipart limit; the browser checks it first to fail fast). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_MEGAPIXELS = 52;
export const MAX_PHOTO_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000;

/** True when an image of these dimensions may be uploaded. */
export function isWithinPhotoPixelLimit(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * height <= MAX_PHOTO_PIXELS;
}

/**
 * Uploads per user and window, shared by every instance (Redis when configured). A counsellor takes
 * two photos per registration and retakes a few: 60 in 10 minutes (one every 10 s, sustained) is far
 * above what a person does and far below what a script would.
 */
export const PHOTO_UPLOADS_PER_WINDOW = 60;
export const PHOTO_UPLOAD_WINDOW_MS = 10 * 60 * 1000;
