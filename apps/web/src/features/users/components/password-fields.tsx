import type { UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';

type PasswordValues = { password: string; confirmPassword: string };

/** A new password and its confirmation; once the confirmation is typed, it is checked again as the password changes. */
export function PasswordFields({
  form: { register, trigger, getFieldState, formState },
  label,
}: {
  form: Pick<UseFormReturn<PasswordValues>, 'register' | 'trigger' | 'getFieldState' | 'formState'>;
  label: string;
}) {
  return (
    <>
      <Input
        label={label}
        type="password"
        autoComplete="new-password"
        required
        error={formState.errors.password?.message}
        {...register('password', {
          onChange: () => getFieldState('confirmPassword').isDirty && trigger('confirmPassword'),
        })}
      />
      <Input
        label="Re-enter Password"
        type="password"
        autoComplete="new-password"
        required
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
