import { DataRequestForm } from '@/features/privacy/components/data-request-form';
import { DataRequestsTable } from '@/features/privacy/components/data-requests-table';

/** Families' Data (dashboard/privacy, admin; issue 27): the request register, erasure and data copies. */
export function PrivacyRoute() {
  return (
    <div className="flex flex-col gap-6">
      <DataRequestForm />
      <DataRequestsTable />
    </div>
  );
}
