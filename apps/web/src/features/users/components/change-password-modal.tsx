import { messages } from '@app/domain/messages';
import { changePasswordForm, type User } from '@app/domain/users.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useChangePassword } from '../api/change-password';
import { PasswordFields } from './password-fields';

type ChangePasswordModalProps = {
  /** The user whose password is changed; the modal is open while set. */
  user: User | null;
  onClose: () => void;
};

export function ChangePasswordModal({ user, onClose }: ChangePasswordModalProps) {
  return (
    <Modal isOpen={user !== null} onClose={onClose} title="Change Password">
      {user && <ChangePasswordFields user={user} onClose={onClose} />}
    </Modal>
  );
}

/** Mounted afresh each time the modal opens, so it always starts empty. */
function ChangePasswordFields({ user, onClose }: { user: User; onClose: () => void }) {
  const toast = useToast();
  const changePassword = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) =>
    changePassword.mutate(
      { uuid: user.uuid, password },
      {
        onSuccess: () => {
          toast.success(messages.passwordChanged);
          onClose();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        For <span className="font-medium text-slate-900">{user.name}</span> ({user.email})
      </p>
      <PasswordFields form={form} label="New Password" />
      <FormActions onCancel={onClose} className="mt-2">
        <Button type="submit" isLoading={changePassword.isPending}>
          Save Password
        </Button>
      </FormActions>
    </form>
  );
}
