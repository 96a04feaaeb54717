import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import { messages } from '@app/domain/messages';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marks } from '../../db/schema';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { examFixtures } from '../../testing/exam-fixtures';
import { multipartBody } from '../../testing/photos';
import { type AuthHeaders, createTestApp, type TestApp } from '../../testing/test-app';
import { manyCells, markupBomb, spaceBomb } from '../../testing/workbooks';

/**
 * Marks as teachers keep them (issue 21): one cell at a time within the maximum, uploads of any subset of
 * students and papers, AB for absent, the template, and only what an admin assigned.
 */
let t: TestApp;
let fx: ReturnType<typeof examFixtures>;
const day = (n: number) => shiftDate(indianToday(), { days: n });

// This file's exam: three 10th papers with four-digit codes (Science out of 80), one 12th paper.
beforeAll(async () => {
  t = await createTestApp({ attempts: memoryAttemptStore() });
  fx = examFixtures(t);
  await fx.tenthPapers([1001, 1002, 1003]);
  await fx.paper(2001, { name: 'Physics', set: '12th', date: day(40) });
});
afterAll(() => t.close());
const PAPERS = [1001, 1002, 1003, 2001];

type Cell = string | number | null | { formula: string; result: number };

async function workbook(header: string[], rows: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Marks');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(headers: AuthHeaders, file: Buffer, save: boolean) {
  const body = multipartBody(file, { filename: 'marks.xlsx', type: XLSX_TYPE });
  return t.app.inject({
    method: 'POST',
    url: `/api/exam/marks/upload?save=${save}`,
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
}

const sheetOf = async (headers: AuthHeaders, centerId: number, standard = '10th') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/exam/marks?centerId=${centerId}&standard=${standard}`, headers })
  ).json();

const marksOfSheet = async (headers: AuthHeaders, centerId: number) =>
  (await sheetOf(headers, centerId)).students.map((s: { marks: Record<string, number | string> }) => s.marks);

const put = (headers: AuthHeaders, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/exam/marks', headers, payload });

describe('marks uploads as teachers keep them', () => {
  it("a subject teacher's file with only their paper saves those cells; empty cells and other papers are left alone", async () => {
    const centerId = await fx.centre(101);
    const asha = await fx.student({ centerId, name: 'Asha Upload' });
    const bela = await fx.student({ centerId, name: 'Bela Upload' });
    const chitra = await fx.student({ centerId, name: 'Chitra Upload' });
    const teacher = await fx.teacher({ centres: [centerId], papers: PAPERS });
    expect((await put(teacher.headers, { studentId: asha, subjectCode: 1001, marks: 60 })).statusCode).toBe(200);
    expect((await put(teacher.headers, { studentId: bela, subjectCode: 1002, marks: 44 })).statusCode).toBe(200);

    // English only; Bela's English left empty, Chitra absent.
    const file = await workbook(
      ['Student ID', 'Student Name', '1001 English (max 100)'],
      [
        [asha, 'Asha Upload', 75],
        [bela, 'Bela Upload', null],
        [chitra, 'Chitra Upload', 'ab'],
      ],
    );
    const check = await upload(teacher.headers, file, false);
    expect(check.json()).toEqual({
      message: messages.marksUploadReady,
      saved: false,
      rows: 3,
      cells: 2,
      issues: [],
    });
    const saved = await upload(teacher.headers, file, true);
    expect(saved.json()).toMatchObject({ saved: true, cells: 2, message: messages.marksUploadSaved });
    const byId = Object.fromEntries(
      (await sheetOf(teacher.headers, centerId)).students.map((s: { studentId: string; marks: unknown }) => [
        s.studentId,
        s.marks,
      ]),
    );
    expect(byId).toEqual({ [asha]: { 1001: 75 }, [bela]: { 1002: 44 }, [chitra]: { 1001: 'AB' } });
    const [absentRow] = await t.app.deps.db
      .select()
      .from(marks)
      .where(and(eq(marks.studentId, chitra), eq(marks.subjectCode, 1001)));
    expect(absentRow).toMatchObject({ marks: null, absent: true });
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${chitra}/1001`));
    expect(audit.map((row) => [row.action, row.after])).toEqual([['create', { subjectCode: 1001, absent: true }]]);

    // The same file again changes nothing and writes no audit entry.
    await upload(teacher.headers, file, true);
    const again = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${asha}/1001`))
      .orderBy(asc(auditLog.id));
    expect(again.map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('lists every problem of a file and saves nothing: formulas, words, out-of-set papers, IDs, duplicates', async () => {
    const centerId = await fx.centre(102);
    const good = await fx.student({ centerId, name: 'Good Row' });
    const other = await fx.student({ centerId, name: 'Other Row' });
    const twelfth = await fx.student({ centerId, name: 'Twelfth Row', standard: '12th' });
    const teacher = await fx.teacher({ centres: [centerId], papers: PAPERS });
    const file = await workbook(
      ['Student ID', '1001 English', '1003 Science', '2001 Physics'],
      [
        [good, 55, 70, null],
        [other, { formula: '40+30', result: 70 }, 'absent', null],
        [twelfth, null, null, 'AB'],
        [good, 1, 1, null],
        ['9999999', 50, null, null],
        [null, 40, null, null],
        [twelfth, 30, null, null],
        [other, null, 81, null],
      ],
    );
    const report = (await upload(teacher.headers, file, true)).json();
    expect(report.saved).toBe(false);
    expect(report.message).toBe(messages.marksUploadHasErrors);
    expect(report.issues).toEqual([
      { row: 7, studentId: '', message: 'Marks without a Student ID' },
      { row: 3, studentId: other, message: `1001 English ${messages.marksFormula}` },
      { row: 3, studentId: other, message: `1003 Science: ${messages.marksInvalid} or AB` },
      { row: 5, studentId: good, message: 'This student appears twice in the file' },
      { row: 6, studentId: '9999999', message: 'Unknown student' },
      { row: 8, studentId: twelfth, message: 'This student appears twice in the file' },
      { row: 9, studentId: other, message: 'This student appears twice in the file' },
    ]);
    expect(await marksOfSheet(teacher.headers, centerId)).toEqual([{}, {}]);

    const outOfSet = await workbook(['Student ID', '2001 Physics', '1003 Science'], [[good, 50, 81]]);
    expect((await upload(teacher.headers, outOfSet, false)).json().issues).toEqual([
      { row: 2, studentId: good, message: "Subject 2001 is not one of this student's papers" },
      { row: 2, studentId: good, message: '1003 Science: 81 is above the maximum of 80' },
    ]);
    const noPapers = await workbook(['Student ID', 'Student Name'], [[good, 'Good Row']]);
    expect((await upload(teacher.headers, noPapers, false)).json().issues).toEqual([
      { row: 1, studentId: '', message: messages.marksUploadNoPapers },
    ]);
    const empty = await workbook(['Student ID', '1001 English'], [[good, null]]);
    expect((await upload(teacher.headers, empty, false)).json().issues).toEqual([
      { row: 2, studentId: '', message: messages.marksUploadNothing },
    ]);
    const twice = await workbook(['Student ID', '1001 English', '1001 English'], [[good, 5, 6]]);
    expect((await upload(teacher.headers, twice, false)).json().issues).toContainEqual({
      row: 1,
      studentId: '',
      message: 'Subject 1001 has two columns',
    });
  });

  it('refuses a zip bomb and a sheet past the limits with a 400 that says why', async () => {
    const teacher = await t.createStaff({ role: 'teacher' });
    const bomb = await upload(teacher.headers, await markupBomb(200), true);
    expect([bomb.statusCode, bomb.json().message]).toEqual([400, messages.workbookTooLargeUnpacked]);
    const text = await upload(teacher.headers, await spaceBomb(200), true);
    expect([text.statusCode, text.json().message]).toEqual([400, messages.workbookTextTooLong]);
    const cells = await upload(teacher.headers, await manyCells(2_000, 60), true);
    expect([cells.statusCode, cells.json().message]).toEqual([400, messages.workbookTooManyCells]);
  });

  it('the template is the file the upload reads: download, fill, upload', async () => {
    const centerId = await fx.centre(103);
    const asha = await fx.student({ centerId, name: 'Asha Template' });
    const bela = await fx.student({ centerId, name: 'Bela Template' });
    await fx.student({ centerId, name: 'Twelfth Template', standard: '12th' });
    const teacher = await fx.teacher({ centres: [centerId], papers: PAPERS });
    await put(teacher.headers, { studentId: bela, subjectCode: 1002, marks: 'AB' });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/exam/marks/template?centerId=${centerId}&standard=10th`,
      headers: teacher.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(XLSX_TYPE);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Marks_Centre_${centerId}_10th.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rowValues = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(rowValues(1)).toEqual([
      'Student ID',
      'Student Name',
      'Seat Number',
      '1001 English (max 100)',
      '1003 Science (max 80)',
      '1002 Mathematics (max 100)',
    ]);
    expect(sheet.rowCount).toBe(3);
    const rowOf = (studentId: string) => {
      const row = [2, 3].map((n) => sheet.getRow(n)).find((r) => r.getCell(1).value === studentId);
      if (!row) throw new Error(`no row for ${studentId}`);
      return row;
    };
    expect(rowOf(bela).getCell(6).value).toBe('AB');

    rowOf(asha).getCell(4).value = 88;
    rowOf(asha).getCell(5).value = 'AB';
    rowOf(bela).getCell(4).value = 41;
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const report = (await upload(teacher.headers, filled, true)).json();
    expect(report).toMatchObject({ saved: true, rows: 2, cells: 4, issues: [] });
    const byId = Object.fromEntries(
      (await sheetOf(teacher.headers, centerId)).students.map((s: { studentId: string; marks: unknown }) => [
        s.studentId,
        s.marks,
      ]),
    );
    expect(byId).toEqual({ [asha]: { 1001: 88, 1003: 'AB' }, [bela]: { 1001: 41, 1002: 'AB' } });

    const counsellor = await t.createStaff({ role: 'counsellor' });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/exam/marks/template?centerId=${centerId}&standard=10th`,
      headers: counsellor.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('marks entry', () => {
  it('a teacher enters marks within the maximum, for the papers of the student set only; audited', async () => {
    const centerId = await fx.centre(10);
    const studentId = await fx.student({ centerId, name: 'Marks One' });
    const teacher = await fx.teacher({ centres: [centerId], papers: PAPERS });
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: 85 })).statusCode).toBe(200);
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: 86 })).statusCode).toBe(200);
    const above = await put(teacher.headers, { studentId, subjectCode: 1003, marks: 81 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toContain(messages.marksAboveMaximum);
    expect((await put(teacher.headers, { studentId, subjectCode: 2001, marks: 50 })).statusCode).toBe(400);
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: -1 })).statusCode).toBe(400);
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: 8.5 })).statusCode).toBe(400);
    expect((await put(teacher.headers, { studentId: '1', subjectCode: 1001, marks: 5 })).statusCode).toBe(404);
    const counsellor = await t.createStaff({ role: 'counsellor' });
    expect((await put(counsellor.headers, { studentId, subjectCode: 1001, marks: 5 })).statusCode).toBe(403);

    const sheet = await sheetOf(teacher.headers, centerId);
    expect(sheet.subjects.map((s: { subjectCode: number }) => s.subjectCode)).toEqual([1001, 1003, 1002]);
    expect(sheet.students).toEqual([expect.objectContaining({ studentId, marks: { 1001: 86 } })]);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'marks'))
      .orderBy(asc(auditLog.id));
    expect(audit.filter((row) => row.studentId === studentId).map((row) => row.action)).toEqual(['create', 'update']);

    // After results are declared a teacher may not change marks; an admin may, and it is audited.
    await fx.released('RESULT', async () => {
      const locked = await put(teacher.headers, { studentId, subjectCode: 1001, marks: 90 });
      expect([locked.statusCode, locked.json().message]).toEqual([403, messages.marksLockedAfterResult]);
      expect((await put(await t.adminAuth(), { studentId, subjectCode: 1001, marks: 90 })).statusCode).toBe(200);
    });
  });

  it('an Excel upload is reported before anything is saved, and saved only when clean', async () => {
    const centerId = await fx.centre(30);
    const good = await fx.student({ centerId, name: 'Excel Good' });
    const other = await fx.student({ centerId, name: 'Excel Other' });
    const teacher = await fx.teacher({ centres: [centerId], papers: PAPERS });
    const header = ['Student ID', 'Student Name', '1001 English', '1002 Mathematics', '1003 Science'];
    const bad = await workbook(header, [
      [good, 'Excel Good', 80, 70, 60],
      ['0000001', 'Nobody', 50, 50, 50],
      [other, 'Excel Other', 80, 101, null],
    ]);
    const report = await upload(teacher.headers, bad, true);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ saved: false, rows: 3, message: messages.marksUploadHasErrors });
    expect(report.json().issues).toEqual([
      { row: 3, studentId: '0000001', message: 'Unknown student' },
      { row: 4, studentId: other, message: '1002 Mathematics: 101 is above the maximum of 100' },
    ]);
    expect(await marksOfSheet(teacher.headers, centerId)).toEqual([{}, {}]);

    const clean = await workbook(header, [
      [good, 'Excel Good', 80, 70, 60],
      [other, 'Excel Other', 45, 55, 33],
    ]);
    expect((await upload(teacher.headers, clean, false)).json()).toMatchObject({ saved: false, cells: 6, issues: [] });
    expect(await marksOfSheet(teacher.headers, centerId)).toEqual([{}, {}]);
    expect((await upload(teacher.headers, clean, true)).json()).toMatchObject({
      saved: true,
      cells: 6,
      message: messages.marksUploadSaved,
    });
    expect(await marksOfSheet(teacher.headers, centerId)).toEqual([
      { 1001: 80, 1002: 70, 1003: 60 },
      { 1001: 45, 1002: 55, 1003: 33 },
    ]);
    const unreadable = await upload(teacher.headers, Buffer.from('not a workbook'), false);
    expect([unreadable.statusCode, unreadable.json().message]).toEqual([400, messages.marksUploadUnreadable]);
  });

  it('PUT accepts AB and clears with null; AB with marks cannot be stored', async () => {
    const centerId = await fx.centre(203);
    const studentId = await fx.student({ centerId, name: 'Put AB' });
    const teacher = await fx.teacher({ centres: [centerId], papers: PAPERS });
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: 'AB' })).statusCode).toBe(200);
    expect(await marksOfSheet(teacher.headers, centerId)).toEqual([{ 1001: 'AB' }]);
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: 'Ab' })).statusCode).toBe(400);
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: 40 })).statusCode).toBe(200);
    expect(await marksOfSheet(teacher.headers, centerId)).toEqual([{ 1001: 40 }]);
    expect((await put(teacher.headers, { studentId, subjectCode: 1001, marks: null })).statusCode).toBe(200);
    expect(await marksOfSheet(teacher.headers, centerId)).toEqual([{}]);
    await expect(
      t.app.deps.db.insert(marks).values({
        studentId,
        subjectCode: 1002,
        marks: 5,
        absent: true,
        updatedBy: teacher.uuid,
      }),
    ).rejects.toThrow();
  });
});

describe('a teacher sees and enters only what an admin assigned', () => {
  it('assignment by an admin: centres and papers, audited; the marks screen, cells, uploads and template keep to it', async () => {
    const assigned = await fx.centre(301);
    const other = await fx.centre(302);
    const here = await fx.student({ centerId: assigned, name: 'Assigned Centre' });
    const there = await fx.student({ centerId: other, name: 'Other Centre' });
    const admin = await t.adminAuth();
    const teacher = await t.createStaff({ role: 'teacher', name: 'Scoped Teacher' });
    const url = `/api/admin/teachers/${teacher.uuid}/assignment`;

    // Nothing assigned yet: nothing to see or enter.
    const mine = () => t.app.inject({ method: 'GET', url: '/api/exam/assignment', headers: teacher.headers });
    expect((await mine()).json()).toEqual({ all: false, centres: [], papers: [] });
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/exam/marks?centerId=${assigned}&standard=10th`,
      headers: teacher.headers,
    });
    expect([before.statusCode, before.json().message]).toEqual([403, messages.marksCentreNotAssigned]);

    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { centres: [assigned, assigned], papers: [1003, 1001] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ centres: [assigned], papers: [1001, 1003] });
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).json()).toEqual(saved.json());
    expect((await mine()).json()).toEqual({ all: false, centres: [assigned], papers: [1001, 1003] });
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, teacher.uuid))
      .orderBy(asc(auditLog.id));
    expect(audit.at(-1)?.after).toEqual({ centres: [assigned], papers: [1001, 1003] });

    // Refused: an unknown centre or paper, a counsellor, a teacher assigning themselves.
    for (const payload of [
      { centres: [999_999], papers: [] },
      { centres: [], papers: [999_998] },
    ]) {
      expect((await t.app.inject({ method: 'PUT', url, headers: admin, payload })).statusCode).toBe(400);
    }
    const counsellor = await t.createStaff({ role: 'counsellor' });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/teachers/${counsellor.uuid}/assignment`,
          headers: admin,
          payload: { centres: [], papers: [] },
        })
      ).json().message,
    ).toBe(messages.assignmentNotTeacher);
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: teacher.headers, payload: { centres: [], papers: [] } }))
        .statusCode,
    ).toBe(403);

    // The marks screen: only the assigned papers; another centre is refused.
    const sheet = await sheetOf(teacher.headers, assigned);
    expect(sheet.subjects.map((s: { subjectCode: number }) => s.subjectCode)).toEqual([1001, 1003]);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/exam/marks?centerId=${other}&standard=10th`,
      headers: teacher.headers,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await put(teacher.headers, { studentId: here, subjectCode: 1001, marks: 50 })).statusCode).toBe(200);
    const paper = await put(teacher.headers, { studentId: here, subjectCode: 1002, marks: 50 });
    expect([paper.statusCode, paper.json().message]).toEqual([403, messages.marksPaperNotAssigned]);
    expect((await put(teacher.headers, { studentId: there, subjectCode: 1001, marks: 50 })).statusCode).toBe(403);
    // An admin's marks in other papers are not shown to the teacher.
    expect((await put(admin, { studentId: here, subjectCode: 1002, marks: 44 })).statusCode).toBe(200);
    expect(await marksOfSheet(teacher.headers, assigned)).toEqual([{ 1001: 50 }]);

    const file = await workbook(
      ['Student ID', '1001 English', '1002 Mathematics'],
      [
        [here, 60, 70],
        [there, 60, null],
      ],
    );
    expect((await upload(teacher.headers, file, true)).json()).toMatchObject({
      saved: false,
      issues: [
        { row: 2, studentId: here, message: `1002 Mathematics: ${messages.marksPaperNotAssigned}` },
        { row: 3, studentId: there, message: messages.marksCentreNotAssigned },
      ],
    });
    const template = await t.app.inject({
      method: 'GET',
      url: `/api/exam/marks/template?centerId=${assigned}&standard=10th`,
      headers: teacher.headers,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]?.getRow(1).values;
    expect(Array.isArray(header) ? header.slice(4) : header).toEqual([
      '1001 English (max 100)',
      '1003 Science (max 80)',
    ]);
  });
});
