import { useState } from 'react';
import { Navigate } from 'react-router';
import { SimpleLayout } from '@/components/layouts/simple-layout';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { LoginForm } from '@/features/auth/components/login-form';
import { getSession } from '@/lib/session';

export function LoginRoute() {
  // Only a user already signed in on arrival is sent on; a fresh sign-in waits for its toast (SPEC §2).
  const [wasSignedIn] = useState(() => getSession() !== null);
  if (wasSignedIn) return <Navigate to={paths.dashboard.root.getHref()} replace />;

  return (
    <SimpleLayout>
      <title>{pageTitle('Login')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Staff Login</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to the dashboard.</p>
      <LoginForm />
    </SimpleLayout>
  );
}
