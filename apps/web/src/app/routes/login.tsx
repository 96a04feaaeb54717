import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SimpleLayout } from '@/components/layouts/simple-layout';
import { pageTitle } from '@/config/site';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnPathOf } from '@/lib/return-path';
import { getSession } from '@/lib/session';

export function LoginRoute() {
  // Only a user already signed in on arrival is sent on; a fresh sign-in waits for its toast (SPEC §2).
  const [wasSignedIn] = useState(() => getSession() !== null);
  const location = useLocation();
  if (wasSignedIn) return <Navigate to={returnPathOf(location.state)} replace />;

  return (
    <SimpleLayout>
      <title>{pageTitle('Login')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Staff Login</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Sign in to the dashboard.</p>
      <LoginForm />
    </SimpleLayout>
  );
}
