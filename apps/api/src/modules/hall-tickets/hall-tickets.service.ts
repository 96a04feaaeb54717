import { createHash } from 'node:crypto';
import { indianToday } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import { paperSetOf } from '@app/domain/exam.rules';
import { messages } from '@app/domain/messages';
import { isStandard } from '@app/domain/standards.rules';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../../deps';
import { createPdfStream, type Pdf } from '../../lib/pdf/document';
import { type LookupDeps, type LookupInput, lookUpStudent, lookupPaperSet } from '../results/lookup.service';
import { type LookupStudent, listCentreStudents } from '../results/results.repository';
import { centreExists } from '../seats/seats.repository';
import { currentSessionYear } from '../sessions/current-session';
import { checkTicketNotHeld } from '../sessions/ticket-hold';
import { drawHallTicket, type HallTicket, renderHallTicket } from './hall-ticket.pdf';

type Paper = HallTicket['papers'][number];

async function papersOf(
  deps: Pick<Deps, 'db' | 'lookupCache'>,
  student: { standard: string; examYear: number },
): Promise<Paper[]> {
  if (!isStandard(student.standard)) return [];
  const rows = await lookupPaperSet(deps, { paperSet: paperSetOf(student.standard), examYear: student.examYear });
  return rows.map(({ subjectCode, subjectName, examDate, examTime }) => ({
    subjectCode,
    subjectName,
    examDate,
    examTime,
  }));
}

function ticketOf(
  deps: Pick<Deps, 'ticketSigner'>,
  {
    student,
    papers,
    photo,
    origin,
  }: { student: LookupStudent; papers: Paper[]; photo: Buffer | undefined; origin: string },
): HallTicket {
  const seatNumber = student.seatNumber ?? '';
  const code = deps.ticketSigner.sign({ studentId: student.studentId, seatNumber });
  return {
    studentId: student.studentId,
    studentName: student.studentName,
    motherName: student.motherName,
    standard: student.standard,
    branch: student.branch,
    examYear: student.examYear,
    seatNumber,
    centerId: student.examCentreId,
    centerName: student.centerName,
    collegeName: student.collegeName,
    photo,
    papers,
    verifyUrl: `${origin}/verify/${code}`,
  };
}

/**
 * Rendered tickets by the hash of everything printed on them: an unchanged ticket is served from
 * memory (a family printing it again, a crowd on release day). Bounded; least recently used out first.
 */
const cache = new LRUCache<string, Buffer>({ max: 500 });
function cacheKey(ticket: HallTicket, photoHash: string): string {
  const { photo: _photo, ...printed } = ticket;
  return createHash('sha256').update(JSON.stringify(printed)).update(photoHash).digest('hex');
}

/** GET /pdf/generate-preview: the student's hall ticket, once hall tickets are released. */
export async function hallTicketPdf(
  deps: LookupDeps & Pick<Deps, 'files' | 'ticketSigner' | 'clock'>,
  input: LookupInput & { origin: string },
): Promise<Buffer> {
  const student = await lookUpStudent(deps, { ...input, flag: 'HALLTICKET' });
  await checkTicketNotHeld(deps.db, { studentId: student.studentId, today: indianToday(deps.clock()) });
  if (!student.seatNumber) throw new DomainError('CONFLICT', messages.seatNotAssigned);
  const papers = await papersOf(deps, student);
  if (papers.length === 0) throw new DomainError('CONFLICT', messages.timetableEmpty);
  const ticketWithoutPhoto = ticketOf(deps, { student, papers, photo: undefined, origin: input.origin });
  const key = cacheKey(ticketWithoutPhoto, student.studentPhoto);
  const cached = cache.get(key);
  if (cached) return cached;
  const pdf = await renderHallTicket({ ...ticketWithoutPhoto, photo: await deps.files.get(student.studentPhoto) });
  cache.set(key, pdf);
  return pdf;
}

/**
 * Every seated student's hall ticket of a centre, one per page, as a stream: the PDF is written while
 * it is sent, so a thousand tickets do not sit in memory at once.
 */
export async function centreHallTickets(
  deps: Pick<Deps, 'db' | 'lookupCache' | 'files' | 'ticketSigner'>,
  { centerId, origin }: { centerId: number; origin: string },
): Promise<{ stream: Pdf; count: number }> {
  if (!(await centreExists(deps.db, centerId))) throw new DomainError('NOT_FOUND', messages.centreNotFound);
  const examYear = await currentSessionYear(deps.db);
  const seated = (await listCentreStudents(deps.db, { centerId, examYear })).filter((s) => s.seatNumber);
  if (seated.length === 0) throw new DomainError('CONFLICT', messages.seatNotAssignedCentre);
  const papersBySet = new Map<string, Paper[]>();
  for (const set of ['10th', '12th'] as const) {
    papersBySet.set(set, await papersOf(deps, { standard: set, examYear }));
  }
  const doc = createPdfStream(`Hall tickets of centre ${centerId}`);
  void (async () => {
    try {
      for (const [index, student] of seated.entries()) {
        if (index > 0) doc.addPage();
        const papers = isStandard(student.standard) ? (papersBySet.get(paperSetOf(student.standard)) ?? []) : [];
        drawHallTicket(
          doc,
          ticketOf(deps, { student, papers, photo: await deps.files.get(student.studentPhoto), origin }),
        );
        // Let the page flush to the client before drawing the next one.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      doc.end();
    } catch (error) {
      doc.emit('error', error);
    }
  })();
  return { stream: doc, count: seated.length };
}
