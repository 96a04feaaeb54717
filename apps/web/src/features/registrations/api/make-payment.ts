import type { makePaymentRequest, makePaymentResponse } from '@app/domain/payments.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The body of POST /api/counsellor/makePayment (SPEC §3 Payment payload), typed from the shared schema. */
export type MakePaymentBody = z.input<typeof makePaymentRequest>;

export type MakePaymentResponse = z.infer<typeof makePaymentResponse>;

export type MakePaymentVariables = {
  body: MakePaymentBody;
  /** One per submission, the same again when that submission is retried, so a retry cannot pay twice. */
  idempotencyKey: string;
};

export function makePayment({ body, idempotencyKey }: MakePaymentVariables): Promise<MakePaymentResponse> {
  return api.post('/counsellor/makePayment', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** A payment changes the student's balance in the registrations and the payment records. */
export function useMakePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makePayment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.registrations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
      ]);
    },
  });
}
