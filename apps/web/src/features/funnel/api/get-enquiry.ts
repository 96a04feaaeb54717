import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/counsellor/enquiries/:id: one enquiry and its follow-ups, newest first. */
export function useEnquiryHistory(id: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.funnel, 'enquiry', id],
    queryFn: () => api.get(`/counsellor/enquiries/${id}`, 'enquiryHistory'),
    enabled: id !== undefined,
  });
}

/** GET /api/counsellor/enquiries?status=lost&source=website: the website enquiries closed as lost. */
export function useLostWebsiteEnquiries({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...queryKeys.funnel, 'lost'],
    queryFn: () =>
      api.get(`/counsellor/enquiries?${new URLSearchParams({ status: 'lost', source: 'website' })}`, 'enquiryList'),
    enabled,
  });
}
