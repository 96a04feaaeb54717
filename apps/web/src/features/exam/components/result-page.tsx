import type { LookupValues, ResultResponse } from '@app/domain/exam.schemas';
import { markText, NOT_ENTERED } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import { resultLabels } from '@app/domain/results.rules';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/save-file';
import { useMarksheet, useResult } from '../api/lookups';
import { LookupForm } from './lookup-form';

function ResultView({ result, asked, onBack }: { result: ResultResponse; asked: LookupValues; onBack: () => void }) {
  const marksheet = useMarksheet();
  const download = () =>
    marksheet.mutate(asked, {
      onSuccess: (blob) =>
        saveFile(blob, `${result.studentName.trim().replace(/\s/g, '_') || result.studentId}_Marksheet.pdf`),
    });
  const info: [string, string][] = [
    ['Name', result.studentName],
    ['Student ID', result.studentId],
    ['Mother Name', result.motherName],
    ...(result.class ? ([['Class', result.class]] as [string, string][]) : []),
    ['Seat Number', result.seatNumber ?? '-'],
    ['Centre', result.centre],
  ];
  return (
    <div className="result-print flex flex-col gap-5">
      <h1 className="text-2xl font-bold text-slate-900">Student Result</h1>
      <section aria-labelledby="student-info">
        <h2 id="student-info" className="mb-2 text-lg font-semibold text-slate-900">
          Student Information
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {info.map(([label, value]) => (
            <div key={label} className="flex min-w-0 gap-1">
              <dt className="font-medium text-slate-700">{label}:</dt>
              <dd className="min-w-0 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="academic-result">
        <h2 id="academic-result" className="mb-2 text-lg font-semibold text-slate-900">
          Academic Result
        </h2>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-2">
                Subject
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Marks Obtained
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Total Marks
              </th>
              <th scope="col" className="py-2">
                Grade
              </th>
            </tr>
          </thead>
          <tbody>
            {result.subjects.map((subject) => (
              <tr key={subject.subjectCode} className="border-b border-slate-100">
                <td className="py-2 pr-2">{subject.subjectName}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{markText(subject.marks, subject.absent)}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{subject.maxMarks}</td>
                <td className="py-2">{subject.grade ?? NOT_ENTERED}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <td className="py-2 pr-2">Total</td>
              <td className="py-2 pr-2 text-right tabular-nums">{result.totalObtained ?? NOT_ENTERED}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{result.totalMaximum}</td>
              <td className="py-2">{result.grade ?? NOT_ENTERED}</td>
            </tr>
          </tfoot>
        </table>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          <div className="flex gap-1">
            <dt className="font-medium text-slate-700">Overall Result:</dt>
            <dd
              className={
                result.result === 'PASS'
                  ? 'font-bold text-green-800'
                  : result.result === 'PENDING'
                    ? 'font-bold text-amber-800'
                    : 'font-bold text-red-800'
              }
            >
              {resultLabels[result.result]}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium text-slate-700">Percentage:</dt>
            <dd className="tabular-nums">{result.percentage === null ? NOT_ENTERED : `${result.percentage}%`}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium text-slate-700">Rank in centre:</dt>
            <dd>{result.centreRank ?? '-'}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium text-slate-700">Overall rank:</dt>
            <dd>{result.overallRank ?? '-'}</dd>
          </div>
        </dl>
        {result.result === 'PENDING' && (
          <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Marks of some papers are not entered yet ({NOT_ENTERED}): your result is pending, and the marksheet is
            provisional until they are.
          </p>
        )}
        <p className="mt-3 text-xs text-slate-600">
          AB: absent from the paper (counts 0; the paper is not passed). {NOT_ENTERED}: not entered yet.
        </p>
      </section>
      <div className="flex print:hidden flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" className="sm:flex-1" onClick={onBack}>
          Back
        </Button>
        <Button variant="secondary" className="sm:flex-1" isLoading={marksheet.isPending} onClick={download}>
          Download Marksheet
        </Button>
        <Button className="sm:flex-1" onClick={() => window.print()}>
          Print Result
        </Button>
      </div>
    </div>
  );
}

/** SPEC §2 Student Result with real marks: the form, then Student Information and the Academic Result. */
export function ResultPage() {
  const result = useResult();
  const [asked, setAsked] = useState<LookupValues | null>(null);
  if (result.data && asked) return <ResultView result={result.data} asked={asked} onBack={() => result.reset()} />;
  return (
    <LookupForm
      title="Student Result"
      submitLabel="View Result"
      lookup={result}
      errorFallback={messages.resultError}
      asked={asked}
      onAsk={setAsked}
    />
  );
}
