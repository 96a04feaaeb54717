import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AddUserForm } from '@/features/users/components/add-user-form';
import { UsersTable } from '@/features/users/components/users-table';

export function UsersRoute() {
  const [isAdding, setIsAdding] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      {isAdding ? (
        <AddUserForm onClose={() => setIsAdding(false)} />
      ) : (
        <Button className="self-start" onClick={() => setIsAdding(true)}>
          Add User
        </Button>
      )}
      <UsersTable />
    </div>
  );
}
