import type { PaymentSummary } from '@app/domain/payments.schemas';
import type { Role } from '@app/domain/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type PaymentsQuery = { uuid: string; role: Role };

/** Students with their payments, newest payment first; a counsellor gets only their own students. */
export async function getPayments({ uuid, role }: PaymentsQuery): Promise<PaymentSummary[]> {
  const query = new URLSearchParams({ uuid, role });
  const { studentData } = await api.get<{ studentData: PaymentSummary[] }>(`/counsellor/getPayments?${query}`);
  return studentData;
}

/** Under ['payments'], which a new payment refreshes. */
export function getPaymentsQueryOptions(query: PaymentsQuery) {
  return queryOptions({ queryKey: ['payments', query], queryFn: () => getPayments(query) });
}

export function usePayments(query: PaymentsQuery) {
  return useQuery(getPaymentsQueryOptions(query));
}
