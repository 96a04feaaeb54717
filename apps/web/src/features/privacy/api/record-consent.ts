import type {
  ConfirmConsentCodeRequest,
  PaperConsentRequest,
  SendConsentCodeRequest,
} from '@app/domain/privacy.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const consentPath = (studentId: string, action: string) =>
  `/counsellor/consent/${encodeURIComponent(studentId)}/${action}`;

/** After a change, the student's consent, the waiting list and the Activity trail are read again. */
function useRefreshConsent() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [queryKeys.consent, queryKeys.activity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

/** Sends the one-time code to the parent's phone (or prepares it as a WhatsApp link). */
export function useSendConsentCode() {
  const refresh = useRefreshConsent();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: ({ studentId, body }: { studentId: string; body: SendConsentCodeRequest }) =>
      api.post(consentPath(studentId, 'code'), 'consentCodeSent', body),
    onSuccess: refresh,
  });
}

/** Records consent with the code the parent read out. */
export function useConfirmConsentCode() {
  const refresh = useRefreshConsent();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: ({ studentId, body }: { studentId: string; body: ConfirmConsentCodeRequest }) =>
      api.post(consentPath(studentId, 'confirm'), 'consentRecorded', body),
    onSuccess: refresh,
  });
}

/** Records consent with a photo of the signed paper form. */
export function useRecordPaperConsent() {
  const refresh = useRefreshConsent();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: ({ studentId, body }: { studentId: string; body: PaperConsentRequest }) =>
      api.post(consentPath(studentId, 'paper'), 'consentRecorded', body),
    onSuccess: refresh,
  });
}

/** Admins: the parent withdrew consent; messages stop at once. */
export function useWithdrawConsent() {
  const refresh = useRefreshConsent();
  return useMutation({
    meta: { isShownByForm: true },
    mutationFn: (studentId: string) =>
      api.put(`/admin/consent/${encodeURIComponent(studentId)}/withdraw`, 'consentRecorded'),
    onSuccess: refresh,
  });
}
