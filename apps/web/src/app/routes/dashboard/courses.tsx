import { CoursesScreen } from '@/features/courses/components/courses-screen';

/** Courses (dashboard/courses, admin; issue 25): each session's courses, fees and instalment plans. */
export function CoursesRoute() {
  return <CoursesScreen />;
}
