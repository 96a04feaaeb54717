import { XLSX_TYPE } from '@app/domain/export.schemas';
import type { AdminCharts, AdminFigures, CounsellorFigures, OverdueRow } from '@app/domain/home.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useAdminFigures() {
  return useQuery({
    queryKey: [...queryKeys.home, 'admin-figures'],
    queryFn: () => api.get<AdminFigures>('/admin/home/figures'),
  });
}

export function useAdminCharts() {
  return useQuery({
    queryKey: [...queryKeys.home, 'admin-charts'],
    queryFn: () => api.get<AdminCharts>('/admin/home/charts'),
  });
}

export function useCounsellorFigures() {
  return useQuery({
    queryKey: [...queryKeys.home, 'counsellor-figures'],
    queryFn: () => api.get<CounsellorFigures>('/counsellor/home/figures'),
  });
}

const overduePath = (counsellor: string, format?: 'xlsx') => {
  const query = new URLSearchParams();
  if (counsellor) query.set('counsellor', counsellor);
  if (format) query.set('format', format);
  const text = query.toString();
  return `/counsellor/overdue${text ? `?${text}` : ''}`;
};

/** Under ['registrations'] too, so a payment refreshes it. */
export function useOverdue(counsellor: string) {
  return useQuery({
    queryKey: [...queryKeys.registrations, 'overdue', counsellor],
    queryFn: () => api.get<{ data: OverdueRow[] }>(overduePath(counsellor)),
  });
}

export function downloadOverdue(counsellor: string) {
  return api.getFile(overduePath(counsellor, 'xlsx'), { headers: { accept: XLSX_TYPE } });
}
