import type { PublicCoursesResponse } from '@app/domain/courses.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The open session's courses (the public list): the registration form's fee, plan and course choice. */
export function useOpenCourses() {
  return useQuery({
    queryKey: [...queryKeys.courses, 'open'],
    queryFn: (): Promise<PublicCoursesResponse> => api.get('/public/courses', 'publicCourses'),
  });
}
