import { ExamSessionsScreen } from '@/features/sessions/components/exam-sessions-screen';

/** Exam Sessions (dashboard/sessions, admin; issue 21): the seasons, their exam years and releases. */
export function SessionsRoute() {
  return <ExamSessionsScreen />;
}
