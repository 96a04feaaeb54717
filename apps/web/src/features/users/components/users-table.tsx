import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Table, TableMessage } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useUsers } from '../api/get-users';
import { useToggleUserActive } from '../api/toggle-user-active';
import { ChangePasswordModal } from './change-password-modal';

const columns = ['Sr. No.', 'Name', 'Email', 'Role', 'Contact No.', 'Date Of Birth', 'Branch', 'Actions'];

/** SPEC §2 User Management: every user, with Activate/Deactivate and Change Password. */
export function UsersTable() {
  const users = useUsers();
  const toggleActive = useToggleUserActive();
  const toast = useToast();
  const [passwordFor, setPasswordFor] = useState<User | null>(null);

  const body = () => {
    if (users.isPending) return <TableMessage colSpan={columns.length}>Loading...</TableMessage>;
    if (users.isError) {
      return (
        <TableMessage colSpan={columns.length}>
          <LoadError message="Could not load users." onRetry={() => users.refetch()} />
        </TableMessage>
      );
    }
    if (users.data.length === 0) return <TableMessage colSpan={columns.length}>{messages.noUsersFound}</TableMessage>;
    return users.data.map((user, index) => (
      <tr key={user.uuid} className={user.isActive ? undefined : 'bg-slate-50 text-slate-500'}>
        <td>{index + 1}</td>
        <td className="font-medium">{user.name}</td>
        <td>{user.email}</td>
        <td>{user.role.toUpperCase()}</td>
        <td>{user.contactNum || '-'}</td>
        <td>{formatDate(user.dob)}</td>
        <td>{user.branch ?? '-'}</td>
        <td>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant={user.isActive ? 'danger' : 'secondary'}
              isLoading={toggleActive.isPending && toggleActive.variables === user.uuid}
              onClick={() =>
                toggleActive.mutate(user.uuid, { onSuccess: (response) => toast.success(response.message) })
              }
            >
              {user.isActive ? 'Deactivate' : 'Activate'}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPasswordFor(user)}>
              Change Password
            </Button>
          </div>
        </td>
      </tr>
    ));
  };

  return (
    <>
      <Table label="Users">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body()}</tbody>
      </Table>
      <ChangePasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </>
  );
}
