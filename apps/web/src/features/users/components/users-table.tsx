import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useUsers } from '../api/get-users';
import { useToggleUserActive } from '../api/toggle-user-active';
import { AssignPapersModal } from './assign-papers-modal';
import { ChangePasswordModal } from './change-password-modal';

const columns: DataColumn<User>[] = [
  { id: 'srNo', header: 'Sr. No.', cell: ({ row }) => row.index + 1, meta: { priority: 2, isNumeric: true } },
  { id: 'name', header: 'Name', accessorKey: 'name', meta: { className: 'font-medium' } },
  { id: 'email', header: 'Email', accessorKey: 'email', meta: { className: 'break-all' } },
  { id: 'role', header: 'Role', cell: ({ row }) => row.original.role.toUpperCase() },
  { id: 'contactNum', header: 'Contact No.', cell: ({ row }) => row.original.contactNum || '-', meta: { priority: 2 } },
  {
    id: 'dob',
    header: 'Date Of Birth',
    cell: ({ row }) => formatDate(row.original.dob),
    meta: { priority: 3, noWrap: true },
  },
  { id: 'branch', header: 'Branch', cell: ({ row }) => row.original.branch ?? '-', meta: { priority: 2 } },
];

const userCard: CardLayout<User> = {
  title: (user) => user.name,
  subtitle: (user) => user.role.toUpperCase(),
  meta: (user) => [user.email, user.contactNum, user.branch].filter(Boolean).join(' · '),
  moreDetails: ['dob'],
};

/** SPEC §2 User Management: every user, with Activate/Deactivate and Change Password; teachers' papers. */
export function UsersTable() {
  const users = useUsers();
  const toggleActive = useToggleUserActive();
  const toast = useToast();
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const [assignFor, setAssignFor] = useState<User | null>(null);
  const signedInUuid = useSession()?.uuid;

  const actions = (user: User) => {
    // The server refuses it too: an admin cannot lock themselves out.
    const isSelf = user.uuid === signedInUuid && user.isActive;
    return (
      <>
        <Button
          size="sm"
          variant={user.isActive ? 'danger' : 'secondary'}
          isLoading={toggleActive.isPending && toggleActive.variables === user.uuid}
          disabled={isSelf}
          title={isSelf ? messages.cannotDeactivateSelf : undefined}
          aria-label={isSelf ? `Deactivate (${messages.cannotDeactivateSelf})` : undefined}
          onClick={() => toggleActive.mutate(user.uuid, { onSuccess: (response) => toast.success(response.message) })}
        >
          {user.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setPasswordFor(user)}>
          Change Password
        </Button>
        {user.role === 'teacher' && (
          <Button size="sm" variant="secondary" onClick={() => setAssignFor(user)}>
            Assign Papers
          </Button>
        )}
      </>
    );
  };

  return (
    <>
      <DataTable
        label="Users"
        columns={columns}
        data={users.data}
        getRowId={(user) => user.uuid}
        isPending={users.isPending}
        isError={users.isError}
        onRetry={() => void users.refetch()}
        emptyText={messages.noUsersFound}
        errorText="Could not load users."
        card={userCard}
        actions={actions}
        rowClassName={(user) => (user.isActive ? undefined : 'bg-slate-50 text-slate-600')}
      />
      <ChangePasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
      <AssignPapersModal user={assignFor} onClose={() => setAssignFor(null)} />
    </>
  );
}
