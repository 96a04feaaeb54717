import { FollowUpQueue } from '@/features/funnel/components/follow-up-queue';

/** Follow-ups (dashboard/followups, counsellor and admin): enquiries overdue, due today and upcoming. */
export function FollowUpsRoute() {
  return <FollowUpQueue />;
}
