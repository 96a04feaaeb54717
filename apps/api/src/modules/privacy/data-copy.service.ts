import type { Deps } from '../../deps';
import { renderDataCopy } from './data-copy.pdf';
import { getStudentDataCopy } from './rights.service';

/** The data copy as a PDF, with the student's photo when it is still held. */
export async function dataCopyPdf(deps: Pick<Deps, 'db' | 'clock' | 'files'>, { studentId }: { studentId: string }) {
  const { raw, ...copy } = await getStudentDataCopy(deps, { studentId });
  const photo = raw.student.studentPhoto === 'erased' ? undefined : await deps.files.get(raw.student.studentPhoto);
  return renderDataCopy({ copy, student: raw.student, centerName: raw.centerName, photo });
}
