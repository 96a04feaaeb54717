import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PrivacyNoticeLine } from '@/components/privacy-notice-line';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { startStudentSession } from '@/lib/student-session';
import { useStudentSignIn } from '../api/sign-in';

/** A student signs in with the student ID on their receipt and their date of birth. */
export function StudentLoginForm() {
  const navigate = useNavigate();
  const signIn = useStudentSignIn();
  const [studentId, setStudentId] = useState('');
  const [dob, setDob] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!studentId.trim()) return setProblem('Please enter a student ID');
        if (!dob) return setProblem('Choose the date of birth');
        setProblem(null);
        signIn.mutate(
          { studentId: studentId.trim(), dob },
          {
            onSuccess: (session) => {
              startStudentSession(session);
              navigate(paths.student.home.getHref(), { replace: true });
            },
            onError: (error) => setProblem(errorMessage(error, 'Could not sign in')),
          },
        );
      }}
    >
      <Input
        label="Student ID"
        inputMode="numeric"
        autoComplete="username"
        required
        value={studentId}
        onChange={(event) => setStudentId(event.target.value)}
      />
      <Input label="Date of birth" type="date" required value={dob} onChange={(event) => setDob(event.target.value)} />
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button type="submit" isLoading={signIn.isPending} className="mt-2 w-full">
        Sign in
      </Button>
      <PrivacyNoticeLine />
    </form>
  );
}
