import type { AddCentreRequest } from '@app/domain/centres.schemas';
import type { MessageResponse } from '@app/domain/common.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCentresQueryOptions } from '@/api/get-centres';
import { api } from '@/lib/api-client';

export function addCentre(body: AddCentreRequest): Promise<MessageResponse> {
  return api.post('/admin/addCenter', 'centreSaved', body);
}

/** Failure: the form says it (lib/form-errors): the server's message, else 'Error adding centre' (SPEC §8 Centres). */
export function useAddCentre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCentre,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCentresQueryOptions().queryKey }),
  });
}
