import { messages } from '@app/domain/messages';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useStudent } from '../api/get-student';
import { StudentDetailsForm } from './student-details-form';
import { StudentPhotoPanel } from './student-photo-panel';
import { StudentStatusPanel } from './student-status-panel';

type Mode = 'found' | 'photo' | 'details';

/**
 * SPEC §2 Edit Student Registration (admin, dashboard/studentedit): search by Student ID, then edit the
 * photo or the other details. Search Another Student, and every successful update, start over.
 * `history` renders the student's change history under the screen.
 */
export function StudentEditScreen({
  history,
  concessions,
  initialStudentId,
}: {
  history?: (studentId: string) => ReactNode;
  /** The student's concessions (issue 25), rendered under the status panel. */
  concessions?: (studentId: string) => ReactNode;
  /** Opens with this student searched (the Register Table links here). */
  initialStudentId?: string | undefined;
}) {
  const [searchText, setSearchText] = useState(initialStudentId ?? '');
  const [searchedId, setSearchedId] = useState<string | null>(initialStudentId || null);
  const [mode, setMode] = useState<Mode>('found');
  const [inputError, setInputError] = useState<string | null>(null);
  /** The student last edited: their history stays in view after the screen starts over. */
  const [lastEdited, setLastEdited] = useState<string | null>(null);
  // Remounts the panels, so their forms and uploads start empty.
  const [round, setRound] = useState(0);
  const student = useStudent(searchedId);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const id = searchText.trim();
    setMode('found');
    if (!id) {
      setInputError(messages.studentIdRequired);
      setSearchedId(null);
      return;
    }
    setInputError(null);
    setLastEdited(null);
    if (id === searchedId) void student.refetch();
    setSearchedId(id);
  };

  const startOver = () => {
    setSearchText('');
    setSearchedId(null);
    setMode('found');
    setInputError(null);
    setLastEdited(null);
    setRound((n) => n + 1);
  };

  const updated = () => {
    const id = searchedId;
    startOver();
    setLastEdited(id);
  };

  const found = searchedId !== null && student.data ? student.data : null;
  const lookupError =
    searchedId !== null && student.isError
      ? student.error instanceof ApiError && student.error.status === 404
        ? messages.studentNotFoundWithId
        : messages.studentFetchError
      : null;
  const error = inputError ?? lookupError;
  const historyOf = found?.studentId ?? lastEdited;

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="student-search"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id="student-search" className="text-base font-semibold text-slate-900 sm:text-lg">
          Edit Student Registration
        </h2>
        <form onSubmit={search} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Input
            label="Student ID"
            inputMode="numeric"
            autoComplete="off"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            error={error ?? undefined}
            fieldClassName="sm:flex-1"
          />
          <Button type="submit" isLoading={student.isFetching} className="sm:mb-0.5">
            Search
          </Button>
        </form>
        {found && (
          <div className="mt-4 flex flex-col gap-3">
            <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 font-medium text-green-900">
              Student Found: {found.studentName}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant={mode === 'photo' ? 'primary' : 'secondary'} onClick={() => setMode('photo')}>
                Edit Student Photo
              </Button>
              <Button variant={mode === 'details' ? 'primary' : 'secondary'} onClick={() => setMode('details')}>
                Edit Other Details
              </Button>
              <Button variant="secondary" onClick={startOver}>
                Search Another Student
              </Button>
            </div>
          </div>
        )}
      </section>
      {found && mode === 'found' && <StudentStatusPanel key={found.studentId} student={found} />}
      {found && mode === 'found' && concessions && (
        <section
          aria-labelledby="student-concessions"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h2 id="student-concessions" className="mb-3 text-base font-semibold text-slate-900 sm:text-lg">
            Concessions
          </h2>
          {concessions(found.studentId)}
        </section>
      )}
      {found && mode === 'photo' && (
        <StudentPhotoPanel
          key={`photo-${round}-${found.studentId}`}
          student={found}
          onClose={() => setMode('found')}
          onUpdated={updated}
        />
      )}
      {found && mode === 'details' && (
        <StudentDetailsForm
          key={`details-${round}-${found.studentId}`}
          student={found}
          onClose={() => setMode('found')}
          onUpdated={updated}
        />
      )}
      {history && historyOf && (
        <section
          aria-labelledby="student-history"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <h2 id="student-history" className="text-base font-semibold text-slate-900 sm:text-lg">
            Change history of {historyOf}
          </h2>
          <div className="mt-3">{history(historyOf)}</div>
        </section>
      )}
    </div>
  );
}
