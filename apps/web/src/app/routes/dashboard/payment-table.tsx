import { PaymentsTable } from '@/features/payments/components/payments-table';

/** SPEC §2 Payments list (dashboard/paymenttable, counsellor and admin); the layout shows 'Payment Table'. */
export function PaymentTableRoute() {
  return <PaymentsTable />;
}
