import type { AddChallanRequest, AddChallanResponse } from '@app/domain/books.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/addBooksWithChalan (SPEC §3 Challan payload). */
export function addChallan(body: AddChallanRequest): Promise<AddChallanResponse> {
  return api.post('/admin/addBooksWithChalan', 'challanAdded', body);
}

/** A challan changes the counsellor's stock and the challan list. */
export function useAddChallan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChallan,
    meta: { isShownByForm: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.books });
      await queryClient.invalidateQueries({ queryKey: queryKeys.challans });
    },
  });
}
