import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { examFixtures } from '../../testing/exam-fixtures';
import { multipartBody } from '../../testing/photos';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
const day = (n: number) => shiftDate(indianToday(), { days: n });

// Papers of this file's exam: three 10th papers (one out of 80), two 12th papers.
beforeAll(async () => {
  t = await createTestApp({ attempts: memoryAttemptStore() });
  fx = examFixtures(t);
  await fx.paper(101, { name: 'English', date: day(40) });
  await fx.paper(102, { name: 'Mathematics', date: day(42), time: '10:00 AM-1:00 PM' });
  await fx.paper(103, { name: 'Science', date: day(41), maxMarks: 80 });
  await fx.paper(201, { name: 'Physics', set: '12th', date: day(40) });
  await fx.paper(202, { name: 'Chemistry', set: '12th', date: day(43) });
});
afterAll(() => t.close());

let ip = 0;
/** Each call from its own address unless told, so the failure limit of one test does not touch another. */
const lookup = (path: string, query: Record<string, string>, address = `10.0.0.${++ip}`) =>
  t.app.inject({ method: 'GET', url: `/api${path}?${new URLSearchParams(query)}`, remoteAddress: address });

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ticket-'));
  try {
    writeFileSync(path.join(dir, 't.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 't.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function released<T>(flag: 'HALLTICKET' | 'RESULT', run: () => Promise<T>): Promise<T> {
  await fx.flag(flag, true);
  try {
    return await run();
  } finally {
    await fx.flag(flag, false);
  }
}

describe('hall ticket', () => {
  it('is refused while hall tickets are not released, then answers the PDF with everything printed', async () => {
    const centerId = await fx.centre(1, 'Pune Central');
    const studentId = await fx.student({ centerId, name: 'Asha Patil', mother: 'Sunita Patil' });
    await fx.assignSeats(centerId);
    const query = { studentName: 'asha  PATIL', studentId, motherName: ' sunita patil' };

    const closed = await lookup('/pdf/generate-preview', query);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(messages.hallTicketsNotReleased);

    const response = await released('HALLTICKET', () => lookup('/pdf/generate-preview', query));
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
    await released('HALLTICKET', async () => {
      for (const query of [
        { studentName: 'Kiran More', studentId: '9999999', motherName: 'Lata More' },
        { studentName: 'Kiran Mor', studentId, motherName: 'Lata More' },
      ]) {
        const response = await lookup('/pdf/generate-preview', query);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(messages.lookupStudentNotFound);
      }
      const mother = await lookup('/pdf/generate-preview', {
        studentName: 'Kiran More',
        studentId,
        motherName: 'Lata',
      });
      expect(mother.statusCode).toBe(404);
      expect(mother.json().message).toBe(messages.lookupMotherMismatch);
      const blank = await lookup('/pdf/generate-preview', { studentName: '', studentId, motherName: 'Lata More' });
      expect(blank.statusCode).toBe(400);
    });
  });

  it('says why when the seat is unassigned or the exam is next year', async () => {
    const centerId = await fx.centre(3);
    const unseated = await fx.student({ centerId, name: 'No Seat', mother: 'M' });
    const twoYear = await fx.student({ centerId, name: 'Two Year', mother: 'M', standard: '9th+10th' });
    await released('HALLTICKET', async () => {
      const a = await lookup('/pdf/generate-preview', { studentName: 'No Seat', studentId: unseated, motherName: 'M' });
      expect([a.statusCode, a.json().message]).toEqual([409, messages.seatNotAssigned]);
      const b = await lookup('/pdf/generate-preview', { studentName: 'Two Year', studentId: twoYear, motherName: 'M' });
      expect([b.statusCode, b.json().message]).toEqual([409, messages.notThisExamYear]);
    });
  });

  it('limits wrong answers per address: 429 with Retry-After, other addresses unaffected', async () => {
    await released('HALLTICKET', async () => {
      const walk = (n: number) =>
        lookup(
          '/pdf/generate-preview',
          { studentName: 'X', studentId: String(2600000 + n), motherName: 'Y' },
          '10.9.9.9',
        );
      for (let n = 0; n < 10; n += 1) expect((await walk(n)).statusCode).toBe(403);
      const limited = await walk(10);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toBe(messages.tooManyLookups);
      expect(
        (await lookup('/result/fetch', { studentName: 'X', studentId: '1', motherName: 'Y' }, '10.9.9.9')).statusCode,
      ).toBe(429);
      expect((await walk(11)).statusCode).toBe(429);
      expect(
        (await lookup('/pdf/generate-preview', { studentName: 'X', studentId: '1', motherName: 'Y' })).statusCode,
      ).toBe(403);
    });
  });

  it("the QR code's page confirms a genuine ticket and refuses a forged or altered code", async () => {
    const centerId = await fx.centre(4, 'Nashik Road');
    const studentId = await fx.student({ centerId, name: 'Verify Me', mother: 'M' });
    await fx.assignSeats(centerId);
    const response = await released('HALLTICKET', () =>
      lookup('/pdf/generate-preview', { studentName: 'Verify Me', studentId, motherName: 'M' }),
    );
    const url = /\/verify\/(\S+)/.exec(pdfText(response.rawPayload).replace(/\s+Scan to verify/, ''));
    // The code is in the QR, not in the text: sign one the same way the ticket does.
    const seatNumber = /S\d{2}-\d{5}/.exec(pdfText(response.rawPayload))?.[0] ?? '';
    const code = t.app.ticketSigner.sign({ studentId, seatNumber });
    expect(url).toBeNull();
    const good = await t.app.inject({ method: 'GET', url: `/api/public/verify/${code}` });
    expect(good.json()).toEqual({
      valid: true,
      message: messages.ticketValid,
      studentName: 'Verify Me',
      seatNumber,
      centre: 'Nashik Road, Nashik Road College',
      examYear: expect.any(Number),
    });
    const otherSeat = seatNumber.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    for (const forged of [
      code.replace(seatNumber, otherSeat),
      `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`,
      'abc',
      `1.${seatNumber}.AAAAAAAAAAAAAAAAAAAAAA`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/public/verify/${encodeURIComponent(forged)}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ valid: false, message: messages.ticketForged });
    }
  });
});

describe('marks and results', () => {
  const put = async (headers: { authorization: string }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/exam/marks', headers, payload });

  it('a teacher enters marks within the maximum, for the papers of the student set only; audited', async () => {
    const centerId = await fx.centre(10);
    const studentId = await fx.student({ centerId, name: 'Marks One' });
    const teacher = await t.createStaff({ role: 'teacher' });
    expect((await put(teacher.headers, { studentId, subjectCode: 101, marks: 85 })).statusCode).toBe(200);
    expect((await put(teacher.headers, { studentId, subjectCode: 101, marks: 86 })).statusCode).toBe(200);
    const above = await put(teacher.headers, { studentId, subjectCode: 103, marks: 81 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toContain(messages.marksAboveMaximum);
    expect((await put(teacher.headers, { studentId, subjectCode: 201, marks: 50 })).statusCode).toBe(400);
    expect((await put(teacher.headers, { studentId, subjectCode: 101, marks: -1 })).statusCode).toBe(400);
    expect((await put(teacher.headers, { studentId, subjectCode: 101, marks: 8.5 })).statusCode).toBe(400);
    expect((await put(teacher.headers, { studentId: '1', subjectCode: 101, marks: 5 })).statusCode).toBe(404);
    const counsellor = await t.createStaff({ role: 'counsellor' });
    expect((await put(counsellor.headers, { studentId, subjectCode: 101, marks: 5 })).statusCode).toBe(403);

    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/exam/marks?centerId=${centerId}&standard=10th`,
      headers: teacher.headers,
    });
    expect(sheet.json().subjects.map((s: { subjectCode: number }) => s.subjectCode)).toEqual([101, 103, 102]);
    expect(sheet.json().students).toEqual([expect.objectContaining({ studentId, marks: { 101: 86 } })]);
    const audit = await t.app.db.db.select().from(auditLog).where(eq(auditLog.entity, 'marks'));
    expect(audit.filter((row) => row.studentId === studentId).map((row) => row.action)).toEqual(['create', 'update']);

    // After results are declared a teacher may not change marks; an admin may, and it is audited.
    await released('RESULT', async () => {
      const locked = await put(teacher.headers, { studentId, subjectCode: 101, marks: 90 });
      expect([locked.statusCode, locked.json().message]).toEqual([403, messages.marksLockedAfterResult]);
      expect((await put(await t.adminAuth(), { studentId, subjectCode: 101, marks: 90 })).statusCode).toBe(200);
    });
  });

  it('results: hand-checked totals, grades, percentage, ranks in the centre and overall', async () => {
    const a = await fx.centre(20);
    const b = await fx.centre(21);
    const students = {
      asha: await fx.student({ centerId: a, name: 'Asha R', mother: 'M' }),
      bela: await fx.student({ centerId: a, name: 'Bela R', mother: 'M' }),
      chitra: await fx.student({ centerId: b, name: 'Chitra R', mother: 'M' }),
      dev: await fx.student({ centerId: b, name: 'Dev R', mother: 'M' }),
    };
    const admin = await t.adminAuth();
    // English /100, Mathematics /100, Science /80.
    const marks: Record<keyof typeof students, [number, number, number | null]> = {
      asha: [85, 92, 70], // 247/280 = 88.21 %, A; ranks: centre 1, overall 2
      bela: [90, 30, 60], // 180/280 = 64.29 %, FAIL (Mathematics 30 < 35)
      chitra: [95, 95, 75], // 265/280 = 94.64 %, A+; centre 1, overall 1
      dev: [60, 70, null], // Science not entered: PENDING, no rank
    };
    for (const [name, [english, maths, science]] of Object.entries(marks)) {
      const studentId = students[name as keyof typeof students];
      await put(admin, { studentId, subjectCode: 101, marks: english });
      await put(admin, { studentId, subjectCode: 102, marks: maths });
      await put(admin, { studentId, subjectCode: 103, marks: science });
    }
    const fetchResult = (name: string, studentId: string) =>
      lookup('/result/fetch', { studentName: name, studentId, motherName: 'm' });
    const closed = await fetchResult('Asha R', students.asha);
    expect([closed.statusCode, closed.json().message]).toEqual([409, messages.resultNotDeclared]);

    await released('RESULT', async () => {
      const asha = (await fetchResult('asha r', students.asha)).json();
      expect(asha).toMatchObject({
        studentName: 'Asha R',
        class: '10th',
        totalObtained: 247,
        totalMaximum: 280,
        percentage: '88.21',
        grade: 'A',
        result: 'PASS',
        centreRank: 1,
        overallRank: 2,
      });
      expect(
        asha.subjects.map((s: { subjectName: string; marks: number; grade: string }) => [
          s.subjectName,
          s.marks,
          s.grade,
        ]),
      ).toEqual([
        ['English', 85, 'A'],
        ['Science', 70, 'A'],
        ['Mathematics', 92, 'A+'],
      ]);
      expect((await fetchResult('Bela R', students.bela)).json()).toMatchObject({
        result: 'FAIL',
        percentage: '64.29',
        centreRank: 2,
        overallRank: 3,
      });
      expect((await fetchResult('Chitra R', students.chitra)).json()).toMatchObject({
        grade: 'A+',
        centreRank: 1,
        overallRank: 1,
      });
      expect((await fetchResult('Dev R', students.dev)).json()).toMatchObject({
        result: 'PENDING',
        centreRank: null,
        overallRank: null,
      });
      const wrong = await lookup('/result/fetch', { studentName: 'Asha R', studentId: students.asha, motherName: 'x' });
      expect(wrong.statusCode).toBe(404);

      const sheet = await lookup('/result/marksheet', {
        studentName: 'Asha R',
        studentId: students.asha,
        motherName: 'M',
      });
      expect(sheet.statusCode).toBe(200);
      const text = pdfText(sheet.rawPayload);
      for (const expected of ['Asha R', 'English', 'Mathematics', 'Science', '247', '88.21%', 'PASS'])
        expect(text).toContain(expected);

      // Ranks are the database's, not a copy in this process: a mark changed after publication (by an
      // admin) moves them on the very next lookup, as it would behind a second API instance.
      await put(admin, { studentId: students.bela, subjectCode: 102, marks: 100 }); // Bela 250/280
      expect((await fetchResult('Asha R', students.asha)).json()).toMatchObject({ centreRank: 2, overallRank: 3 });
      expect((await fetchResult('Bela R', students.bela)).json()).toMatchObject({
        result: 'PASS',
        centreRank: 1,
        overallRank: 2,
      });
    });
  });

  it('an Excel upload is reported before anything is saved, and saved only when clean', async () => {
    const centerId = await fx.centre(30);
    const good = await fx.student({ centerId, name: 'Excel Good' });
    const other = await fx.student({ centerId, name: 'Excel Other' });
    const teacher = await t.createStaff({ role: 'teacher' });
    const workbook = async (rows: (string | number | null)[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Marks');
      sheet.addRow(['Student ID', 'Student Name', '101 English', '102 Mathematics', '103 Science']);
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const upload = async (file: Buffer, save: boolean) => {
      const body = multipartBody(file, {
        filename: 'marks.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      return t.app.inject({
        method: 'POST',
        url: `/api/exam/marks/upload?save=${save}`,
        headers: { ...body.headers, ...teacher.headers },
        payload: body.payload,
      });
    };
    const bad = await workbook([
      [good, 'Excel Good', 80, 70, 60],
      ['0000001', 'Nobody', 50, 50, 50],
      [other, 'Excel Other', 80, 101, null],
    ]);
    const report = await upload(bad, true);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ saved: false, rows: 3, message: messages.marksUploadHasErrors });
    expect(report.json().issues).toEqual([
      { row: 3, studentId: '0000001', message: 'Unknown student' },
      { row: 4, studentId: other, message: 'Missing subject: 103 Science' },
      { row: 4, studentId: other, message: '102 Mathematics: 101 is above the maximum of 100' },
    ]);
    const sheetMarks = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/exam/marks?centerId=${centerId}&standard=10th`,
          headers: teacher.headers,
        })
      )
        .json()
        .students.map((s: { marks: Record<string, number> }) => s.marks);
    expect(await sheetMarks()).toEqual([{}, {}]);

    const clean = await workbook([
      [good, 'Excel Good', 80, 70, 60],
      [other, 'Excel Other', 45, 55, 33],
    ]);
    expect((await upload(clean, false)).json()).toMatchObject({ saved: false, cells: 6, issues: [] });
    expect(await sheetMarks()).toEqual([{}, {}]);
    expect((await upload(clean, true)).json()).toMatchObject({
      saved: true,
      cells: 6,
      message: messages.marksUploadSaved,
    });
    expect(await sheetMarks()).toEqual([
      { 101: 80, 102: 70, 103: 60 },
      { 101: 45, 102: 55, 103: 33 },
    ]);
    const unreadable = await upload(Buffer.from('not a workbook'), false);
    expect([unreadable.statusCode, unreadable.json().message]).toEqual([400, messages.marksUploadUnreadable]);
  });
});
