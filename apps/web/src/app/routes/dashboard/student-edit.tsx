import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { StudentConcessions } from '@/features/courses/components/concessions-screen';
import { StudentMessages } from '@/features/messages/components/student-messages';
import { StudentEditScreen } from '@/features/students/components/student-edit-screen';
import { useUsers } from '@/features/users/api/get-users';

/**
 * Edit Student (dashboard/studentedit, admin): the edit screen, and under it the student's change
 * messages to the parent, history from the audit trail and their concessions (composed here: features do not
 * import one another).
 */
export function StudentEditRoute() {
  const [params] = useSearchParams();
  const users = useUsers();
  const userNames = useMemo(() => new Map((users.data ?? []).map((user) => [user.uuid, user.name])), [users.data]);
  return (
    <StudentEditScreen
      initialStudentId={params.get('studentId') ?? undefined}
      history={(studentId) => (
        <>
          <StudentMessages studentId={studentId} />
          <ActivityLog filter={{ studentId }} userNames={userNames} />
        </>
      )}
      concessions={(studentId) => <StudentConcessions studentId={studentId} />}
    />
  );
}
