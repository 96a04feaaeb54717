import type { Course, CourseRequest } from '@app/domain/courses.schemas';
import type { ExamSession } from '@app/domain/exam-sessions.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The sessions to pick from (the Courses screen lists one session's courses at a time). */
export function useSessionsForCourses() {
  return useQuery({
    queryKey: [...queryKeys.sessions, 'list'],
    queryFn: async (): Promise<ExamSession[]> => (await api.get('/admin/examSessions', 'examSessions')).data,
  });
}

export function useCourses(sessionId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.courses, sessionId],
    enabled: sessionId !== null,
    queryFn: async (): Promise<Course[]> => (await api.get(`/admin/courses?sessionId=${sessionId}`, 'courses')).data,
  });
}

type SaveInput = { sessionId: number; id: number | null; body: CourseRequest };

export function saveCourse({ sessionId, id, body }: SaveInput): Promise<ApiResponse<'courseSaved'>> {
  return id === null
    ? api.post(`/admin/examSessions/${sessionId}/courses`, 'courseSaved', body)
    : api.put(`/admin/courses/${id}`, 'courseSaved', body);
}

/** The form shows field issues and the server's message itself. */
export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourse,
    meta: { isShownByForm: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.courses }),
  });
}
