import { XLSX_TYPE } from '@app/domain/export.schemas';
import { OVERDUE_PAGE_SIZE } from '@app/domain/home.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useAdminFigures() {
  return useQuery({
    queryKey: [...queryKeys.home, 'admin-figures'],
    queryFn: () => api.get('/admin/home/figures', 'adminFigures'),
  });
}

export function useAdminCharts() {
  return useQuery({
    queryKey: [...queryKeys.home, 'admin-charts'],
    queryFn: () => api.get('/admin/home/charts', 'adminCharts'),
  });
}

export function useCounsellorFigures() {
  return useQuery({
    queryKey: [...queryKeys.home, 'counsellor-figures'],
    queryFn: () => api.get('/counsellor/home/figures', 'counsellorFigures'),
  });
}

const overduePath = (counsellor: string, options: { format?: 'xlsx'; page?: number } = {}) => {
  const query = new URLSearchParams();
  if (counsellor) query.set('counsellor', counsellor);
  if (options.page) {
    query.set('page', String(options.page));
    query.set('limit', String(OVERDUE_PAGE_SIZE));
  }
  if (options.format) query.set('format', options.format);
  const text = query.toString();
  return `/counsellor/overdue${text ? `?${text}` : ''}`;
};

/** One page of the overdue list; under ['registrations'] too, so a payment refreshes it. */
export function useOverdue({ counsellor, page }: { counsellor: string; page: number }) {
  return useQuery({
    queryKey: [...queryKeys.registrations, 'overdue', counsellor, page],
    queryFn: () => api.get(overduePath(counsellor, { page }), 'overduePage'),
    placeholderData: keepPreviousData,
  });
}

/** Every overdue student of the choice, as Excel. */
export function downloadOverdue(counsellor: string) {
  return api.getFile(overduePath(counsellor, { format: 'xlsx' }), { headers: { accept: XLSX_TYPE } });
}
