import type { LookupValues, ResultResponse } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const query = (input: LookupValues) => new URLSearchParams(input).toString();

/** GET /api/pdf/generate-preview: the hall ticket PDF (SPEC §7). */
export function getHallTicket(input: LookupValues): Promise<Blob> {
  return api.getBlob(`/pdf/generate-preview?${query(input)}`);
}

/** GET /api/result/fetch (SPEC §7). */
export function getResult(input: LookupValues): Promise<ResultResponse> {
  return api.get(`/result/fetch?${query(input)}`, 'result');
}

/** GET /api/result/marksheet: the statement of marks as a PDF. */
export function getMarksheet(input: LookupValues): Promise<Blob> {
  return api.getBlob(`/result/marksheet?${query(input)}`);
}

/**
 * SPEC §8 Hall ticket preview and Result: 403 'Student not found !!', 404 'Mother name does not match !!',
 * otherwise the server's own message (not released, too many attempts) or the page's fallback.
 */
export function lookupError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 403) return messages.lookupStudentNotFound;
  if (error instanceof ApiError && error.status === 404) return messages.lookupMotherMismatch;
  if (error instanceof ApiError && (error.status === 409 || error.status === 429) && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

export const useHallTicket = () => useMutation({ mutationFn: getHallTicket, meta: { isShownByForm: true } });
export const useResult = () => useMutation({ mutationFn: getResult, meta: { isShownByForm: true } });
export const useMarksheet = () => useMutation({ mutationFn: getMarksheet, meta: { isShownByForm: true } });

/** SPEC §2: the downloaded file is named after the student (spaces → underscores), else the ID. */
export function hallTicketFileName({ studentName, studentId }: { studentName: string; studentId: string }): string {
  const name = studentName.trim().replace(/\s/g, '_');
  return `${name || studentId}_HallTicket.pdf`;
}

export function verifyQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...queryKeys.exam, 'verify', code],
    queryFn: () => api.get(`/public/verify/${encodeURIComponent(code)}`, 'verify'),
  });
}
export const useVerifyTicket = (code: string) => useQuery(verifyQueryOptions(code));
