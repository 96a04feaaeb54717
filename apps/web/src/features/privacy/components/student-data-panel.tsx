import { accessWhatLabels } from '@app/domain/privacy.schemas';
import { useState } from 'react';
import { type PdfDocument, PdfViewerModal } from '@/components/pdf-viewer-modal';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { useAccessLog } from '../api/access-log';
import { downloadDataCopy, getDataCopyPdf } from '../api/data-requests';
import { StudentIdSearch } from './student-id-search';

/** One student's data: a copy (PDF or JSON) and who opened the record (the access log). */
export function StudentDataPanel() {
  const toast = useToast();
  const [studentId, setStudentId] = useState<string | null>(null);
  const log = useAccessLog(studentId);
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [busy, setBusy] = useState<'pdf' | 'json' | null>(null);
  const copy = async (kind: 'pdf' | 'json') => {
    if (!studentId) return;
    setBusy(kind);
    try {
      if (kind === 'json') await downloadDataCopy(studentId);
      else setPdf({ ...(await getDataCopyPdf(studentId)), studentName: studentId, studentId });
      await log.refetch();
    } catch (error) {
      toast.error(errorMessage(error, 'Student not found with this ID'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="student-data-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="student-data-title" className="text-lg font-semibold text-slate-900">
        A student's data
      </h2>
      <StudentIdSearch name="Find student's data" action="Show" onFind={setStudentId} className="mt-3" />
      {studentId && (
        <div className="mt-4 flex flex-col gap-3">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" isLoading={busy === 'pdf'} onClick={() => copy('pdf')}>
              Copy of the data (PDF)
            </Button>
            <Button variant="secondary" isLoading={busy === 'json'} onClick={() => copy('json')}>
              Copy of the data (JSON)
            </Button>
          </div>
          <h3 className="font-semibold text-slate-900">Who opened this record</h3>
          {log.isError && <p className="text-sm text-red-700">Failed to load data</p>}
          {log.data?.length === 0 && <p className="text-sm text-slate-600">Nobody has opened it yet.</p>}
          <ol aria-label="Access log" className="flex flex-col divide-y divide-slate-100 text-sm">
            {log.data?.map((entry) => (
              <li key={entry.id} className="flex flex-col py-2 sm:flex-row sm:gap-4">
                <span className="tabular-nums text-slate-600 sm:w-44">
                  {formatDate(entry.at)} {formatTime(entry.at)}
                </span>
                <span className="font-medium sm:w-48">
                  {entry.actorName} ({entry.actorRole})
                </span>
                <span>{accessWhatLabels[entry.what] ?? entry.what}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <PdfViewerModal document={pdf} onClose={() => setPdf(null)} title="Data copy" />
    </section>
  );
}
