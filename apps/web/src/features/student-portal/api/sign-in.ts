import type { StudentSession } from '@app/domain/online-tests.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function signInStudent(body: { studentId: string; dob: string }): Promise<StudentSession> {
  return api.post('/student/login', 'studentSession', body);
}

/** A failure shows the server's message (one answer for a wrong ID and a wrong date of birth). */
export function useStudentSignIn() {
  return useMutation({ mutationFn: signInStudent, meta: { errorMessage: 'Could not sign in' } });
}
