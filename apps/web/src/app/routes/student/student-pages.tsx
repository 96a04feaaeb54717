import { Navigate, useParams } from 'react-router';
import { SimpleLayout } from '@/components/layouts/simple-layout';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { useAttempt } from '@/features/student-portal/api/attempts';
import { AttemptResultView } from '@/features/student-portal/components/attempt-result';
import { StudentHome } from '@/features/student-portal/components/student-home';
import { StudentLoginForm } from '@/features/student-portal/components/student-login-form';
import { StudentPortalLayout } from '@/features/student-portal/components/student-portal-layout';
import { TestRunner } from '@/features/student-portal/components/test-runner';
import { errorMessage } from '@/lib/api-client';
import { useStudentSession } from '@/lib/student-session';

/** /student/login: the students' own sign-in (issue 28). */
export function StudentLoginRoute() {
  const session = useStudentSession();
  if (session) return <Navigate to={paths.student.home.getHref()} replace />;
  return (
    <SimpleLayout>
      <title>{pageTitle('Student Login')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Student Login</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Sign in with your student ID and date of birth.</p>
      <StudentLoginForm />
    </SimpleLayout>
  );
}

/** /student: the signed-in student's own page. */
export function StudentHomeRoute() {
  const session = useStudentSession();
  if (!session) return <Navigate to={paths.student.login.getHref()} replace />;
  return (
    <StudentPortalLayout>
      <title>{pageTitle('My Page')}</title>
      <StudentHome />
    </StudentPortalLayout>
  );
}

/** /student/attempt/:attemptId: sitting a test, or its result. */
export function StudentAttemptRoute() {
  const session = useStudentSession();
  const { attemptId = '' } = useParams();
  const attempt = useAttempt(attemptId);
  if (!session) return <Navigate to={paths.student.login.getHref()} replace />;
  return (
    <StudentPortalLayout>
      <title>{pageTitle('Test')}</title>
      {attempt.isPending ? <PageSpinner /> : null}
      {attempt.isError ? (
        <LoadError
          message={errorMessage(attempt.error, 'Could not load the test')}
          onRetry={() => void attempt.refetch()}
        />
      ) : null}
      {attempt.data ? (
        attempt.data.result ? (
          <AttemptResultView
            title={attempt.data.title}
            result={attempt.data.result}
            questions={attempt.data.questions}
          />
        ) : (
          <TestRunner view={attempt.data} />
        )
      ) : null}
    </StudentPortalLayout>
  );
}
