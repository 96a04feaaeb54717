import { CancellationRequests } from '@/features/payments/components/cancellation-requests';

/** Cancellation Requests (dashboard/cancellations, admin; issue 25): counsellors' requests to cancel receipts. */
export function CancellationsRoute() {
  return <CancellationRequests />;
}
