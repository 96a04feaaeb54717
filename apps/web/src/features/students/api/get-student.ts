import type { StudentDetail } from '@app/domain/students.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getStudent(studentId: string): Promise<StudentDetail> {
  const { student } = await api.get(`/counsellor/student/${encodeURIComponent(studentId)}`, 'student');
  return student;
}

export function getStudentQueryOptions(studentId: string) {
  return queryOptions({ queryKey: [...queryKeys.students, studentId], queryFn: () => getStudent(studentId) });
}

/**
 * The student of the edit screen, once an ID is searched (null: nothing asked yet). The screen shows
 * 'Student not found with this ID' (404) and the fetch error itself: neither is logged as a glitch.
 */
export function useStudent(studentId: string | null) {
  return useQuery({
    ...getStudentQueryOptions(studentId ?? ''),
    enabled: studentId !== null,
    retry: false,
    meta: { isShownByScreen: true },
  });
}
