import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The body of POST /counsellor/myCollection/settle (SPEC §3 Settle payload); amount in rupees. */
export type SettleBody = {
  counsellorId: string;
  counsellorName: string;
  amountPaid: number;
  /** The chosen account, or 'Other: {text}'. */
  remark: string;
  /** The saved proof imageUrl. */
  proofUrl: string;
  /** 'YYYY-MM-DD'. */
  paymentDate: string;
};

export function settle(body: SettleBody): Promise<{ message: string }> {
  return api.post('/counsellor/myCollection/settle', body);
}

/** A settlement changes the counsellor's summary and history. */
export function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['collections'] }),
  });
}
