import { ActivityScreen } from '@/features/activity/components/activity-screen';
import { useUsers } from '@/features/users/api/get-users';

/** Activity (dashboard/activity, admin): the audit trail. The users list names who did what. */
export function ActivityRoute() {
  const users = useUsers();
  return <ActivityScreen users={users.data ?? []} isLoadingUsers={users.isPending} />;
}
