import type { makePaymentResponse } from '@app/domain/payments.schemas';
import type { PaymentMode } from '@app/domain/registrations.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The body of POST /api/counsellor/makePayment (SPEC §3 Payment payload); amounts in rupees. */
export type MakePaymentBody = {
  studentId: string;
  /** The counsellor's paper receipt number (digits); omitted when blank. */
  receiptNo?: string;
  amountPaid: number;
  paymentMode: PaymentMode;
  /** What the form computed; the server compares it with the stored balance (409 when it moved). */
  newRemainingAmount: number;
  /** 'YYYY-MM-DD', only while something remains. */
  newDueDate?: string;
  /** The saved imageUrl. */
  receiptPhoto: string;
};

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
        queryClient.invalidateQueries({ queryKey: ['registrations'] }),
        queryClient.invalidateQueries({ queryKey: ['payments'] }),
      ]);
    },
  });
}
