import { messages } from '@app/domain/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** GET /api/pdf/registration-form: a student's registration form as a PDF. */
export function getRegistrationPdf(studentId: string): Promise<Blob> {
  return api.getBlob(`/pdf/registration-form?${new URLSearchParams({ studentId })}`);
}

/** SPEC §8 Registration PDF: 403 'Student not found!', 404 'PDF generation failed!', other 'Error generating PDF.'. */
export function registrationPdfError(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return messages.studentNotFoundPdf;
  if (error instanceof ApiError && error.status === 404) return messages.pdfGenerationFailed;
  return messages.pdfError;
}

/** Fetched on demand (a button), so a mutation: each press asks for a fresh document. */
export function useRegistrationPdf() {
  return useMutation({ mutationFn: getRegistrationPdf });
}
