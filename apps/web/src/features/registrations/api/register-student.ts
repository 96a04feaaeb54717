import type { RegisterStudentRequest, RegisterStudentResponse } from '@app/domain/registrations.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/counsellor/register (SPEC §3 Registration form payload). The server derives previousYear,
 * examYear, the total and the remaining amount, and takes the counsellor from the session.
 */
export function registerStudent(body: RegisterStudentRequest): Promise<RegisterStudentResponse> {
  return api.post('/counsellor/register', 'studentRegistered', body);
}

/** The screen shows its own failure text (SPEC §8 Registration submit); a new student changes the list and the seats. */
export function useRegisterStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStudent,
    meta: { isShownByForm: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.registrations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.centres }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
        queryClient.invalidateQueries({ queryKey: queryKeys.visiting }),
      ]);
    },
  });
}
