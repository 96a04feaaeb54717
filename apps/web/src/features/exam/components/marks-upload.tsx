import type { MarksSheetQuery, MarksUploadReport } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { downloadMarksTemplate, useUploadMarks } from '../api/marks';

/**
 * Excel upload: the template of the chosen centre and standard to fill in, then the file is checked
 * first and its report shown; Save marks only when it is clean.
 */
export function MarksUpload({ chosen }: { chosen: MarksSheetQuery | null }) {
  const upload = useUploadMarks();
  const [templateError, setTemplateError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    if (!chosen) return;
    setTemplateError(null);
    setIsDownloading(true);
    try {
      await downloadMarksTemplate(chosen);
    } catch (error) {
      setTemplateError(errorMessage(error, messages.somethingWentWrong));
    } finally {
      setIsDownloading(false);
    }
  };
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<MarksUploadReport | null>(null);
  const send = (save: boolean) =>
    file && upload.mutate({ file, save }, { onSuccess: setReport, onError: () => setReport(null) });
  return (
    <section aria-labelledby="marks-upload" className="rounded-lg border border-slate-200 p-4">
      <h2 id="marks-upload" className="font-semibold text-slate-900">
        Upload marks from Excel
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        First row: Student ID, then one column per paper headed by its subject code (e.g. '1001 English'). Type marks or
        AB (absent); an empty cell changes nothing, so a file may hold only your paper or only some students.
      </p>
      <div className="mt-3">
        <Button variant="secondary" disabled={!chosen} isLoading={isDownloading} onClick={() => void download()}>
          Download template
        </Button>
        {!chosen && (
          <span className="ml-2 text-xs text-slate-500">Choose an exam centre and a standard for their template.</span>
        )}
        {templateError && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {templateError}
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          type="file"
          aria-label="Excel file of marks"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="text-sm"
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            setReport(null);
          }}
        />
        <Button variant="secondary" disabled={!file} isLoading={upload.isPending} onClick={() => send(false)}>
          Check file
        </Button>
        {report && !report.saved && report.issues.length === 0 && (
          <Button isLoading={upload.isPending} onClick={() => send(true)}>
            Save marks
          </Button>
        )}
      </div>
      {upload.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errorMessage(upload.error, messages.somethingWentWrong)}
        </p>
      )}
      {report && (
        <div role="status" className="mt-3 text-sm">
          <p className={report.issues.length ? 'font-medium text-red-800' : 'font-medium text-green-800'}>
            {report.message} ({report.rows} rows, {report.cells} marks)
          </p>
          {report.issues.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-red-800">
              {report.issues.map((issue) => (
                <li key={`${issue.row}-${issue.message}`}>
                  Row {issue.row}
                  {issue.studentId ? ` (${issue.studentId})` : ''}: {issue.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
