import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examFixtures } from '../../testing/exam-fixtures';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
const day = (n: number) => shiftDate(indianToday(), { days: n });

// This file's exam: three 10th papers (one out of 80) on the ticket, and a 12th paper that is not.
beforeAll(async () => {
  t = await createTestApp();
  fx = examFixtures(t);
  await fx.tenthPapers([101, 102, 103]);
  await fx.paper(201, { name: 'Physics', set: '12th', date: day(40) });
});
afterAll(() => t.close());

describe('hall ticket', () => {
  it('is refused while hall tickets are not released, then answers the PDF with everything printed', async () => {
    const centerId = await fx.centre(1, 'Pune Central');
    const studentId = await fx.student({ centerId, name: 'Asha Patil', mother: 'Sunita Patil' });
    await fx.assignSeats(centerId);
    const query = { studentName: 'asha  PATIL', studentId, motherName: ' sunita patil' };

    const closed = await fx.lookup('/pdf/generate-preview', query);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(messages.hallTicketsNotReleased);

    const response = await fx.released('HALLTICKET', () => fx.lookup('/pdf/generate-preview', query));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Asha Patil',
      studentId,
      'Sunita Patil',
      'Pune Central',
      'Pune Central College',
      'English',
      'Mathematics',
      'Science',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/S\d{2}-\d{5}/);
    // Papers by date: English, Science, Mathematics; no 12th paper.
    expect(text.indexOf('English')).toBeLessThan(text.indexOf('Science'));
    expect(text.indexOf('Science')).toBeLessThan(text.indexOf('Mathematics'));
    expect(text).not.toContain('Physics');
  });

  it('answers 403 for an unknown student or a wrong name, 404 for a wrong mother name', async () => {
    const centerId = await fx.centre(2);
    const studentId = await fx.student({ centerId, name: 'Kiran More', mother: 'Lata More' });
    await fx.assignSeats(centerId);
    await fx.released('HALLTICKET', async () => {
      for (const query of [
        { studentName: 'Kiran More', studentId: '9999999', motherName: 'Lata More' },
        { studentName: 'Kiran Mor', studentId, motherName: 'Lata More' },
      ]) {
        const response = await fx.lookup('/pdf/generate-preview', query);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(messages.lookupStudentNotFound);
      }
      const mother = await fx.lookup('/pdf/generate-preview', {
        studentName: 'Kiran More',
        studentId,
        motherName: 'Lata',
      });
      expect(mother.statusCode).toBe(404);
      expect(mother.json().message).toBe(messages.lookupMotherMismatch);
      const blank = await fx.lookup('/pdf/generate-preview', { studentName: '', studentId, motherName: 'Lata More' });
      expect(blank.statusCode).toBe(400);
    });
  });

  it('gives a student without a seat one when tickets are released, and says why when the exam is next year', async () => {
    const centerId = await fx.centre(3);
    const unseated = await fx.student({ centerId, name: 'No Seat', mother: 'M' });
    const twoYear = await fx.student({ centerId, name: 'Two Year', mother: 'M', standard: '9th+10th' });
    await fx.released('HALLTICKET', async () => {
      // Released means released: the release seated them, so the ticket is there (never a 409 'no seat').
      const a = await fx.lookup('/pdf/generate-preview', {
        studentName: 'No Seat',
        studentId: unseated,
        motherName: 'M',
      });
      expect([a.statusCode, a.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect(pdfText(a.rawPayload)).toMatch(/S\d{2}-\d{5}/);
      const b = await fx.lookup('/pdf/generate-preview', {
        studentName: 'Two Year',
        studentId: twoYear,
        motherName: 'M',
      });
      expect([b.statusCode, b.json().message]).toEqual([409, messages.notThisExamYear]);
    });
  });

  it("prints every seated student's ticket of a centre for an admin, one PDF, and says how many", async () => {
    const centerId = await fx.centre(6, 'Thane West');
    const admin = await t.adminAuth();
    const centre = (id: number, headers = admin) =>
      t.app.inject({ method: 'GET', url: `/api/admin/hallTickets?centerId=${id}`, headers });
    await fx.student({ centerId, name: 'Centre One' });
    await fx.student({ centerId, name: 'Centre Two' });
    const unseated = await centre(centerId);
    expect([unseated.statusCode, unseated.json().message]).toEqual([409, messages.seatNotAssignedCentre]);
    await fx.assignSeats(centerId);
    const response = await centre(centerId);
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(response.headers['x-ticket-count']).toBe('2');
    const text = pdfText(response.rawPayload);
    for (const expected of ['Centre One', 'Centre Two', 'Thane West', 'English', 'Science'])
      expect(text).toContain(expected);
    expect(text).not.toContain('Physics');
    expect((await centre(9_999)).statusCode).toBe(404);
    const counsellor = await t.createStaff({ role: 'counsellor' });
    expect((await centre(centerId, counsellor.headers)).statusCode).toBe(403);
  });
});
