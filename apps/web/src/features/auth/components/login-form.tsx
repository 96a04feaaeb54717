import { messages } from '@app/domain/messages';
import { roleLabels } from '@app/domain/roles';
import type { LoginRequest, loginRequest } from '@app/domain/users.schemas';
import { useEffect, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { returnPathOf } from '@/lib/return-path';
import { startSession } from '@/lib/session';
import { useLogin } from '../api/login';

/** SPEC §9: after 'Login successful' the app goes to the dashboard 2 s later. */
const REDIRECT_DELAY_MS = 2000;

/** SPEC §2 Login: the roles in this order, counsellor first (the default). */
const roleOptions = (['counsellor', 'admin', 'teacher'] as const).map((role) => ({
  value: role,
  label: roleLabels[role],
}));

const defaultValues: LoginRequest = { email: '', password: '', role: 'counsellor' };

/**
 * The form's zod rules, loaded on the first submit (the form validates on submit): the login page's
 * first paint and start-up need neither the schemas nor zod.
 */
const resolver: Resolver<z.input<typeof loginRequest>, unknown, LoginRequest> = async (values, context, options) => {
  const [{ zodResolver }, schemas] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@app/domain/users.schemas'),
  ]);
  return zodResolver(schemas.loginRequest)(values, context, options);
};

export function LoginForm() {
  const navigate = useNavigate();
  // After an ended session, back to the page the user was on.
  const returnPath = returnPathOf(useLocation().state);
  const toast = useToast();
  const login = useLogin();
  const redirectTimer = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues,
  });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => {
        startSession(user);
        toast.success(messages.loginSuccessful);
        redirectTimer.current = window.setTimeout(() => navigate(returnPath, { replace: true }), REDIRECT_DELAY_MS);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Input
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <Select label="Select Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
      <Button type="submit" isLoading={login.isPending || login.isSuccess} className="mt-2 w-full">
        Login
      </Button>
    </form>
  );
}
