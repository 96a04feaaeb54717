import { useStudentMessages } from '../api/get-student-messages';
import { MessageList } from './message-list';

/** A student's messages to their parent, on Edit Student (newest first). */
export function StudentMessages({ studentId }: { studentId: string }) {
  const log = useStudentMessages(studentId);
  return (
    <section
      aria-label="Messages to the parent"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="text-base font-semibold text-slate-900">Messages to the parent</h2>
      {log.data ? <MessageList entries={log.data.data} /> : null}
    </section>
  );
}
