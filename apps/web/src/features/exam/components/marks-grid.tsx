import type { MarksSheet } from '@app/domain/exam.schemas';
import { NOT_ENTERED, parseMarkText } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import { type KeyboardEvent, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useSaveMark } from '../api/marks';

type CellState = 'saving' | 'saved' | 'error';

/**
 * A row per student, a cell per paper: marks, AB (absent), or empty ('—', not entered). Each cell saves
 * when it is left (Tab, Enter, arrows, a click elsewhere); Enter and the up/down arrows move down and up a
 * column, like a spreadsheet.
 */
export function MarksGrid({ sheet, isLocked }: { sheet: MarksSheet; isLocked: boolean }) {
  const save = useSaveMark();
  const [states, setStates] = useState<Record<string, { state: CellState; message?: string }>>({});
  const saved = useRef<Record<string, string>>({});
  const table = useRef<HTMLTableElement>(null);

  const keyOf = (studentId: string, subjectCode: number) => `${studentId}/${subjectCode}`;

  const commit = (studentId: string, subjectCode: number, text: string, original: string) => {
    const key = keyOf(studentId, subjectCode);
    const previous = saved.current[key] ?? original;
    if (text.trim() === previous.trim()) return;
    const marks = parseMarkText(text);
    if (marks === undefined) {
      setStates((s) => ({ ...s, [key]: { state: 'error', message: `${messages.marksInvalid}, or AB` } }));
      return;
    }
    setStates((s) => ({ ...s, [key]: { state: 'saving' } }));
    save.mutate(
      { studentId, subjectCode, marks },
      {
        onSuccess: () => {
          saved.current[key] = text;
          setStates((s) => ({ ...s, [key]: { state: 'saved' } }));
        },
        onError: (error) =>
          setStates((s) => ({
            ...s,
            [key]: { state: 'error', message: errorMessage(error, messages.somethingWentWrong) },
          })),
      },
    );
  };

  const move = (event: KeyboardEvent<HTMLInputElement>, row: number, column: number) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' || event.key === 'Enter' ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = table.current?.querySelector<HTMLInputElement>(
      `input[data-row="${row + step}"][data-column="${column}"]`,
    );
    if (next) next.focus();
    else event.currentTarget.blur();
  };

  if (sheet.students.length === 0) return <p className="text-sm text-slate-600">No students found.</p>;
  return (
    <div className="max-w-full overflow-x-auto">
      <table ref={table} className="w-full text-left text-sm">
        <caption className="sr-only">Marks of {sheet.students.length} students</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-2">
              Student
            </th>
            {sheet.subjects.map((subject) => (
              <th key={subject.subjectCode} scope="col" className="px-1 py-2 text-right">
                {subject.subjectName}
                <span className="block text-xs font-normal text-slate-500">out of {subject.maxMarks}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.students.map((student, row) => (
            <tr key={student.studentId} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-2 font-normal">
                <span className="block font-medium text-slate-900">{student.studentName}</span>
                <span className="text-xs text-slate-500 tabular-nums">
                  {student.seatNumber ?? 'No seat'} · {student.studentId}
                </span>
              </th>
              {sheet.subjects.map((subject, column) => {
                const key = keyOf(student.studentId, subject.subjectCode);
                const original = String(student.marks[subject.subjectCode] ?? '');
                const state = states[key];
                return (
                  <td key={subject.subjectCode} className="px-1 py-1 text-right">
                    <input
                      aria-label={`${subject.subjectName} marks of ${student.studentName}`}
                      aria-invalid={state?.state === 'error' || undefined}
                      title={state?.message}
                      data-row={row}
                      data-column={column}
                      autoCapitalize="characters"
                      autoComplete="off"
                      placeholder={NOT_ENTERED}
                      disabled={isLocked}
                      defaultValue={original}
                      className={`w-16 rounded border px-2 py-1 text-right tabular-nums ${
                        state?.state === 'error'
                          ? 'border-red-500 bg-red-50'
                          : state?.state === 'saved'
                            ? 'border-green-500'
                            : 'border-slate-300'
                      }`}
                      onKeyDown={(event) => move(event, row, column)}
                      onBlur={(event) =>
                        commit(student.studentId, subject.subjectCode, event.currentTarget.value, original)
                      }
                    />
                    {state?.state === 'error' && <span className="block text-xs text-red-700">{state.message}</span>}
                    {state?.state === 'saving' && <span className="sr-only">Saving</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
