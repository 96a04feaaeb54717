import { SEAT_NUMBER_LABEL } from '@app/domain/exam.rules';
import { siteName } from '@app/domain/site';
import {
  A4,
  createPdf,
  fields,
  fieldsBesidePhoto,
  header,
  type Pdf,
  section,
  signatures,
  table,
} from '../../lib/pdf/document';
import { formatIsoDate } from '../../lib/pdf/format';
import { drawQr } from '../../lib/pdf/qr';

const PHOTO = { width: 90, height: 120 };
const QR_SIZE = 92;

export type HallTicket = {
  studentId: string;
  studentName: string;
  motherName: string;
  standard: string;
  branch: string;
  examYear: number;
  seatNumber: string;
  centerId: number;
  centerName: string;
  collegeName: string;
  photo: Buffer | undefined;
  papers: { subjectCode: number; subjectName: string; examDate: string | null; examTime: string | null }[];
  /** The public verification address the QR code opens. */
  verifyUrl: string;
};

export const hallTicketInstructions = [
  'Bring this hall ticket and a photo identity card to every paper; you will not be admitted without them.',
  'Reach the centre 30 minutes before the paper starts. No entry is allowed 30 minutes after the start.',
  'Write your seat number on the answer book exactly as printed here.',
  'Mobile phones, smart watches, calculators and written material are not allowed in the hall.',
  'Scan the QR code to check that this hall ticket is genuine.',
];

/** One admit card on the current page. */
export function drawHallTicket(doc: Pdf, ticket: HallTicket): void {
  header(doc, `Hall Ticket · Mock Board Examination ${ticket.examYear}`, `${SEAT_NUMBER_LABEL} ${ticket.seatNumber}`);
  const medium = ['PCM', 'PCB', 'PCMB'].includes(ticket.branch) ? 'Group' : 'Medium';
  fieldsBesidePhoto(doc, {
    title: 'Candidate',
    pairs: [
      ['Seat Number', ticket.seatNumber],
      ['Student ID', ticket.studentId],
      ['Student Name', ticket.studentName],
      ["Mother's Name", ticket.motherName],
      ['Standard', ticket.standard],
      [medium, ticket.branch],
      ['Exam Year', String(ticket.examYear)],
    ],
    photo: ticket.photo,
    size: PHOTO,
    gap: 6,
    placeholder: 'Affix photo',
  });

  section(doc, 'Exam Centre');
  fields(doc, [
    ['Centre', `${String(ticket.centerId).padStart(4, '0')} · ${ticket.centerName}`],
    ['College', ticket.collegeName],
  ]);

  section(doc, 'Timetable');
  table(
    doc,
    [
      { title: 'Date', width: 90 },
      { title: 'Time', width: 130 },
      { title: 'Code', width: 55 },
      { title: 'Subject', width: 240 },
    ],
    ticket.papers.map((paper) => [
      paper.examDate ? formatIsoDate(paper.examDate) : 'To be announced',
      paper.examTime ?? '-',
      String(paper.subjectCode),
      paper.subjectName,
    ]),
  );

  section(doc, 'Instructions');
  const textWidth = A4.width - 2 * A4.margin - QR_SIZE - 16;
  const top = doc.y;
  doc.font('regular').fontSize(8.5).fillColor('#0f172a');
  for (const [index, line] of hallTicketInstructions.entries()) {
    doc.text(`${index + 1}. ${line}`, A4.margin, doc.y, { width: textWidth });
    doc.y += 1;
  }
  const qrY = top;
  drawQr(doc, ticket.verifyUrl, A4.width - A4.margin - QR_SIZE, qrY, QR_SIZE);
  doc
    .font('regular')
    .fontSize(7)
    .fillColor('#475569')
    .text('Scan to verify', A4.width - A4.margin - QR_SIZE, qrY + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });

  signatures(doc, ["Candidate's signature", "Invigilator's signature", `For ${siteName}`]);
}

export async function renderHallTicket(ticket: HallTicket): Promise<Buffer> {
  const { doc, finish } = createPdf(`Hall ticket ${ticket.seatNumber}`);
  drawHallTicket(doc, ticket);
  return finish();
}
