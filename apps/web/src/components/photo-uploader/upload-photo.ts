import { ApiError, api } from '@/lib/api-client';

/**
 * POST /api/upload-photo as multipart (field `file`) through the one API client (bearer token, 401,
 * a 503 retried after its Retry-After). Answers the stored image's same-origin URL; throws `ApiError`
 * (status 0 when offline) so `errorMessage` picks the server's message.
 */
export async function uploadPhoto(file: Blob, signal?: AbortSignal): Promise<{ imageUrl: string }> {
  const form = new FormData();
  // The server judges the bytes, not the name; the name only helps its multipart parser.
  form.append('file', file, file instanceof File && file.name ? file.name : 'photo.jpg');
  const data = await api.postForm('/upload-photo', 'uploadedPhoto', form, signal ? { signal } : {});
  const imageUrl = data?.imageUrl;
  if (typeof imageUrl !== 'string' || imageUrl === '') {
    // SPEC §8 Upload: an answer without a valid address is logged; the caller shows the generic failure.
    console.error('upload-photo answered without an imageUrl', data);
    throw new ApiError(200);
  }
  return { imageUrl };
}
