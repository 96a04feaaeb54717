import type { EditCentreRequest } from '@app/domain/centres.schemas';
import type { MessageResponse } from '@app/domain/common.schemas';
import { messages } from '@app/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getCentresQueryOptions } from '@/api/get-centres';
import { api } from '@/lib/api-client';

type EditCentreInput = { centerId: number; body: EditCentreRequest };

export function editCentre({ centerId, body }: EditCentreInput): Promise<MessageResponse> {
  return api.put(`/admin/editcapicity/${centerId}`, 'centreSaved', body);
}

/** Failure (e.g. capacity below the students registered): an error toast with the server's message. */
export function useEditCentre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCentre,
    meta: { errorMessage: messages.somethingWentWrong },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCentresQueryOptions().queryKey }),
  });
}
