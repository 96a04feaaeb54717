import { ApiError } from '@/lib/api-client';
import { endSession, getSession } from '@/lib/session';

/**
 * POST /api/upload-photo as multipart (field `file`), with the session's bearer token like
 * `api` in lib/api-client (which sends JSON only). Answers the stored image's same-origin URL;
 * throws `ApiError` (status 0 when offline) so `errorMessage` picks the server's message.
 */
export async function uploadPhoto(file: Blob, signal?: AbortSignal): Promise<{ imageUrl: string }> {
  const token = getSession()?.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;

  const body = new FormData();
  // The server judges the bytes, not the name; the name only helps its multipart parser.
  body.append('file', file, file instanceof File && file.name ? file.name : 'photo.jpg');

  let response: Response;
  try {
    response = await fetch('/api/upload-photo', { method: 'POST', headers, body, signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }

  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown = isJson ? await response.json().catch(() => undefined) : undefined;

  if (!response.ok) {
    // Same as api-client: a signed-in call answering 401 ends the session (the guards then send the user to login).
    if (response.status === 401 && token) endSession();
    throw new ApiError(response.status, (data ?? {}) as ConstructorParameters<typeof ApiError>[1]);
  }

  const imageUrl = (data as { imageUrl?: unknown } | undefined)?.imageUrl;
  if (typeof imageUrl !== 'string' || imageUrl === '') {
    // SPEC §8 Upload: an answer without a valid address is logged; the caller shows the generic failure.
    console.error('upload-photo answered without an imageUrl', data);
    throw new ApiError(response.status);
  }
  return { imageUrl };
}
