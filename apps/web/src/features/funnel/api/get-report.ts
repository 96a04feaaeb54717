import { XLSX_TYPE } from '@app/domain/export.schemas';
import type { EnquiriesFilter, ReportFilter } from '@app/domain/funnel.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const queryOf = (values: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  return query.toString();
};

/** GET /api/counsellor/reports/funnel: per counsellor over the period (a counsellor their own). */
export function useFunnelReport(filter: ReportFilter) {
  return useQuery({
    queryKey: [...queryKeys.funnel, 'report', filter],
    queryFn: () => api.get(`/counsellor/reports/funnel?${queryOf(filter)}`, 'funnelReport'),
    placeholderData: keepPreviousData,
  });
}

/** The report of the screen's filter, as Excel. */
export function downloadReport(filter: ReportFilter) {
  return api.getFile(`/counsellor/reports/funnel?${queryOf({ ...filter, format: 'xlsx' })}`, {
    headers: { accept: XLSX_TYPE },
  });
}

/** The enquiries of the screen's filter (its period and counsellor), as Excel. */
export function downloadEnquiries(filter: EnquiriesFilter) {
  return api.getFile(`/counsellor/enquiries?${queryOf({ ...filter, format: 'xlsx' })}`, {
    headers: { accept: XLSX_TYPE },
  });
}
