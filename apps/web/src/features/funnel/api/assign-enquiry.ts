import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/admin/enquiries/:id/assign: an admin gives the enquiry to another counsellor. */
export function assignEnquiry({
  id,
  counsellor,
}: {
  id: number;
  counsellor: string;
}): Promise<ApiResponse<'followUpSaved'>> {
  return api.put(`/admin/enquiries/${id}/assign`, 'followUpSaved', { counsellor });
}

export function useAssignEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignEnquiry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.funnel }),
  });
}
