import { BreachRegister } from '@/features/privacy/components/breach-register';
import { DataRequestForm } from '@/features/privacy/components/data-request-form';
import { DataRequestsTable } from '@/features/privacy/components/data-requests-table';
import { RetentionPanel } from '@/features/privacy/components/retention-panel';
import { StudentDataPanel } from '@/features/privacy/components/student-data-panel';

/** Families' Data (dashboard/privacy, admin; issue 27): the request register, erasure, data copies, the access log and retention. */
export function PrivacyRoute() {
  return (
    <div className="flex flex-col gap-6">
      <DataRequestForm />
      <DataRequestsTable />
      <StudentDataPanel />
      <RetentionPanel />
      <BreachRegister />
    </div>
  );
}
