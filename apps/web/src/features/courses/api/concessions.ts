import type { Concession, ConcessionRequest, ConcessionStatus } from '@app/domain/courses.schemas';
import { messages } from '@app/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useConcessions(filter: { status?: ConcessionStatus | undefined; studentId?: string | undefined }) {
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  return useQuery({
    queryKey: [...queryKeys.concessions, filter],
    queryFn: async (): Promise<Concession[]> =>
      (await api.get(`/counsellor/concessions${query ? `?${query}` : ''}`, 'concessions')).data,
  });
}

/** What a concession changes: the student's balance shows in their lists, records and Home. */
async function refreshAfterConcession(queryClient: ReturnType<typeof useQueryClient>) {
  for (const key of [queryKeys.concessions, queryKeys.students, queryKeys.registrations, queryKeys.home]) {
    await queryClient.invalidateQueries({ queryKey: key });
  }
}

export function requestConcession(body: ConcessionRequest): Promise<ApiResponse<'concessionSaved'>> {
  return api.post('/counsellor/concessions', 'concessionSaved', body);
}

export function useRequestConcession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestConcession,
    meta: { isShownByForm: true },
    onSuccess: () => refreshAfterConcession(queryClient),
  });
}

type Decision = { id: number; approve: true } | { id: number; approve: false; reason: string };

export function decideConcession(decision: Decision): Promise<ApiResponse<'concessionSaved'>> {
  return decision.approve
    ? api.put(`/admin/concessions/${decision.id}/approve`, 'concessionSaved')
    : api.put(`/admin/concessions/${decision.id}/reject`, 'concessionSaved', { reason: decision.reason });
}

/** A refusal ('already decided', 'lower than what is paid') is an error toast with the server's message. */
export function useDecideConcession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideConcession,
    meta: { errorMessage: messages.somethingWentWrong },
    onSettled: () => refreshAfterConcession(queryClient),
  });
}
