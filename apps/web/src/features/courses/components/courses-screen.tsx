import type { Course } from '@app/domain/courses.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { formatCurrency, formatDate } from '@/lib/format';
import { useCourses, useSessionsForCourses } from '../api/courses';
import { CourseForm } from './course-form';

const planText = (course: Course) =>
  course.instalments.length === 0
    ? 'Due dates set by the counsellor'
    : course.instalments.map((one) => `${formatCurrency(one.amount)} by ${formatDate(one.dueDate)}`).join(' · ');

const columns: DataColumn<Course>[] = [
  { accessorKey: 'name', header: 'Course', meta: { priority: 1 } },
  { accessorKey: 'standard', header: 'Standard', meta: { priority: 1, noWrap: true } },
  {
    id: 'branches',
    header: 'Mediums or groups',
    cell: ({ row }) => row.original.branches.join(', '),
    meta: { priority: 2 },
  },
  {
    id: 'fee',
    header: 'Fee',
    cell: ({ row }) => formatCurrency(row.original.fee),
    meta: { priority: 1, isNumeric: true, noWrap: true },
  },
  { id: 'plan', header: 'Instalments', cell: ({ row }) => planText(row.original), meta: { priority: 3 } },
  { accessorKey: 'students', header: 'Students', meta: { priority: 2, isNumeric: true } },
  {
    id: 'offered',
    header: 'Registration',
    cell: ({ row }) => (row.original.offered ? 'Open' : 'Not offered'),
    meta: { priority: 3, noWrap: true },
  },
];

const card: CardLayout<Course> = {
  title: (course) => course.name,
  subtitle: (course) => course.standard,
  meta: (course) => `${course.branches.join(', ')}${course.offered ? '' : ' · Not offered'}`,
  figures: [
    { label: 'Fee', value: (course) => formatCurrency(course.fee) },
    { label: 'Students', value: (course) => course.students },
  ],
};

/**
 * Courses (dashboard/courses, admin; issue 25): what each exam session offers, with its fee and
 * instalment plan. The open session's list is what the registration form and the public site show.
 */
export function CoursesScreen() {
  const sessions = useSessionsForCourses();
  const [picked, setPicked] = useState<number | null>(null);
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const sessionId = picked ?? sessions.data?.find((session) => session.openForRegistration)?.id ?? null;
  const courses = useCourses(sessionId);

  if (sessions.isPending) return <Spinner label="Loading exam sessions" />;
  if (sessions.isError) return <LoadError message={messages.failedToLoadData} onRetry={() => sessions.refetch()} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Select
          label="Exam session"
          fieldClassName="sm:w-80"
          value={sessionId === null ? '' : String(sessionId)}
          onChange={(event) => {
            setPicked(Number(event.target.value));
            setEditing(null);
          }}
          options={sessions.data.map((session) => ({
            value: String(session.id),
            label: `${session.name}${session.openForRegistration ? ' (open)' : ''}`,
          }))}
        />
        {editing === null && sessionId !== null && <Button onClick={() => setEditing('new')}>Add a course</Button>}
      </div>
      {editing !== null && sessionId !== null && (
        <CourseForm
          key={editing === 'new' ? 'new' : editing.id}
          sessionId={sessionId}
          course={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <DataTable
        label="Courses"
        columns={columns}
        data={courses.data}
        getRowId={(course) => String(course.id)}
        isPending={courses.isPending}
        isError={courses.isError}
        onRetry={() => courses.refetch()}
        emptyText="This session offers no course yet"
        errorText={messages.failedToLoadData}
        card={card}
        actions={(course) => (
          <Button variant="secondary" onClick={() => setEditing(course)} aria-label={`Edit ${course.name}`}>
            Edit
          </Button>
        )}
      />
    </div>
  );
}
