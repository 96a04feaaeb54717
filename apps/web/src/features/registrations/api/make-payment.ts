import type { MakePaymentRequest, MakePaymentResponse } from '@app/domain/payments.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type MakePaymentVariables = {
  /** SPEC §3 Payment payload. */
  body: MakePaymentRequest;
  /** One per submission, the same again when that submission is retried, so a retry cannot pay twice. */
  idempotencyKey: string;
};

export function makePayment({ body, idempotencyKey }: MakePaymentVariables): Promise<MakePaymentResponse> {
  return api.post('/counsellor/makePayment', 'paymentMade', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** A payment changes the student's balance in the registrations and the payment records. */
export function useMakePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makePayment,
    meta: { isShownByForm: true },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.registrations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
      ]);
    },
  });
}
