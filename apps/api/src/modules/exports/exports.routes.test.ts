import { Readable } from 'node:stream';
import { SEAT_NUMBER_LABEL } from '@app/domain/exam.rules';
import { XLSX_TYPE } from '@app/domain/export.schemas';
import { messages } from '@app/domain/messages';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCentres, addOpenSessionCourse } from '../../testing/enrolment';
import { examFixtures } from '../../testing/exam-fixtures';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: { authorization: string };
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
const ids: Record<string, string> = {};

/** An instant given as India's wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [
    { centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College', capicity: 500 },
    { centerId: 2, centerName: 'Nashik Road Centre', collegeName: 'HPT College', capicity: 500 },
  ]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil' });
  const add = async (
    key: string,
    values: Omit<Parameters<typeof insertTestStudent>[1], 'createdBy' | 'examCentreId'> & {
      by?: string;
      examCentreId?: number;
    },
  ) => {
    const row = await insertTestStudent(t.app.deps.database, {
      createdBy: values.by ?? priya.uuid,
      counsellor: 'Priya Deshmukh',
      examCentreId: 1,
      ...values,
    });
    ids[key] = row.studentId;
  };
  // 1 March in India starts at 28 Feb 18:30 UTC and ends at 1 March 18:29:59 UTC.
  await add('firstMinuteOfMarch', { createdAt: ist('2026-03-01T00:00:00'), studentName: 'Aarav Kulkarni' });
  await add('lastMinuteOfFeb', { createdAt: ist('2026-02-28T23:59:59') });
  await add('lastMinuteOfMarch2', { createdAt: ist('2026-03-02T23:59:59'), paidPaise: 585_000 });
  await add('firstMinuteOfMarch3', { createdAt: ist('2026-03-03T00:00:00') });
  await add('twelfth', {
    createdAt: ist('2026-03-01T12:00:00'),
    standard: '12th',
    branch: 'PCM',
    totalPaise: 790_000,
    paidPaise: 790_000,
    examCentreId: 2,
    by: rahul.uuid,
    counsellor: 'Rahul Patil',
  });
});
afterAll(() => t.close());

/** SPEC's 14 columns, spelled out on purpose: the export keeps them, in this order, as its first 14. */
const specColumns = [
  'studentId',
  'studentName',
  'standard',
  'branch',
  'studentNo',
  'parentsNo',
  'examCentre',
  'counsellor',
  'counsellorBranch',
  'totalAmount',
  'amountPaid',
  'amountRemaining',
  'dueDate',
  'createdAt',
];
/** Beyond SPEC (issue 15): the seat number, after the 14. */
const allColumns = [...specColumns, 'seatNumber'];
/** The workbook's headers: SPEC §2's Registration Table column names, spelled out on purpose too. */
const specHeaders = [
  'Student ID',
  'Student Name',
  'Standard',
  'Med/Grp',
  'Student No.',
  'Parent No.',
  'Exam Centre',
  'Counsellor',
  'Branch',
  'Total Amount',
  'Paid',
  'Remaining',
  'Due Date',
  'Register Date',
];

const exportRows = (payload: Record<string, unknown>, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/counsellor/getFilteredRegister',
    headers,
    payload: { columns: ['studentId'], ...payload },
  });
/** The IDs answered among this file's five students: other tests add students of their own. */
const idsOf = async (payload: Record<string, unknown>) => {
  const response = await exportRows(payload);
  expect(response.statusCode, response.body).toBe(200);
  const ours = new Set(Object.values(ids));
  return (response.json().data as { studentId: string }[])
    .map((row) => row.studentId)
    .filter((id) => ours.has(id))
    .sort();
};
/** The days of this file's five students (28 February to 3 March 2026): no other test adds one there. */
const ourDays = { fromDate: '2026-02-28', toDate: '2026-03-03' };
const only = (...keys: string[]) => keys.map((key) => ids[key]).sort();

describe('POST /api/counsellor/getFilteredRegister (rows)', () => {
  it('answers every student without filters, with null and empty filters read as none', async () => {
    const all = only('firstMinuteOfMarch', 'lastMinuteOfFeb', 'lastMinuteOfMarch2', 'firstMinuteOfMarch3', 'twelfth');
    expect(await idsOf({})).toEqual(all);
    expect(
      await idsOf({
        standard: '',
        counsellor: null,
        examCentre: '',
        fromDate: null,
        toDate: '',
        onlyZeroRemaining: false,
      }),
    ).toEqual(all);
  });

  it('filters by each filter, and by all at once', async () => {
    expect(await idsOf({ standard: '12th' })).toEqual(only('twelfth'));
    expect(await idsOf({ counsellor: rahul.uuid })).toEqual(only('twelfth'));
    expect(await idsOf({ examCentre: '2-Nashik Road Centre' })).toEqual(only('twelfth'));
    expect(await idsOf({ examCentre: 2 })).toEqual(only('twelfth'));
    expect(await idsOf({ onlyZeroRemaining: true })).toEqual(only('lastMinuteOfMarch2', 'twelfth'));
    expect(await idsOf({ onlyNonZeroRemaining: true })).toEqual(
      only('firstMinuteOfMarch', 'lastMinuteOfFeb', 'firstMinuteOfMarch3'),
    );
    expect(
      await idsOf({
        standard: '10th',
        counsellor: priya.uuid,
        examCentre: '1-Pune',
        fromDate: '2026-03-01',
        toDate: '2026-03-02',
        onlyNonZeroRemaining: true,
      }),
    ).toEqual(only('firstMinuteOfMarch'));
  });

  it('takes both date bounds inclusive, as days in India', async () => {
    expect(await idsOf({ fromDate: '2026-03-01', toDate: '2026-03-02' })).toEqual(
      only('firstMinuteOfMarch', 'lastMinuteOfMarch2', 'twelfth'),
    );
    expect(await idsOf({ toDate: '2026-02-28' })).toEqual(only('lastMinuteOfFeb'));
    expect(await idsOf({ fromDate: '2026-03-03' })).toEqual(only('firstMinuteOfMarch3'));
    expect(await idsOf({ fromDate: '2026-03-01', toDate: '2026-03-01' })).toEqual(
      only('firstMinuteOfMarch', 'twelfth'),
    );
  });

  it('answers only the chosen columns, amounts in rupees and the registration date in India', async () => {
    const response = await exportRows({
      columns: ['studentName', 'totalAmount', 'createdAt', 'examCentre'],
      standard: '12th',
      ...ourDays,
    });
    expect(response.json().data).toEqual([
      { studentName: 'Student 5', examCentre: '2-Nashik Road Centre', totalAmount: 7900, createdAt: '2026-03-01' },
    ]);
    const first = await exportRows({
      columns: ['createdAt'],
      fromDate: '2026-03-01',
      toDate: '2026-03-01',
      counsellor: priya.uuid,
    });
    expect(first.json().data).toEqual([{ createdAt: '2026-03-01' }]);
  });

  it('refuses the SPEC §5 mistakes with their messages', async () => {
    const later = await exportRows({ fromDate: '2026-03-02', toDate: '2026-03-01' });
    expect(later.statusCode).toBe(400);
    expect(later.json().issues).toContainEqual({ path: 'fromDate', message: messages.exportDateOrder });
    const none = await exportRows({ columns: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues).toContainEqual({ path: 'columns', message: messages.exportNoColumns });
    const both = await exportRows({ onlyZeroRemaining: true, onlyNonZeroRemaining: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().issues).toContainEqual({ path: 'onlyNonZeroRemaining', message: messages.exportRemainingBoth });
    for (const bad of [
      { columns: ['password'] },
      { standard: '13th' },
      { fromDate: '2026-02-30' },
      { onlyZeroRemaining: 'yes' },
    ]) {
      expect((await exportRows(bad)).statusCode).toBe(400);
    }
  });

  it('is for admins only', async () => {
    expect((await exportRows({}, priya.headers)).statusCode).toBe(403);
  });
});

const workbookOf = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/counsellor/getFilteredRegister',
    headers: { ...admin, ...headers },
    payload,
  });
  return response;
};

describe('POST /api/counsellor/getFilteredRegister (the Excel file)', () => {
  it('streams the workbook of SPEC §9: name, sheet, headers, widths, dates and ₹ amounts', async () => {
    const response = await workbookOf({ columns: allColumns, format: 'xlsx', ...ourDays });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Filtered_Registrations_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([response.rawPayload]));
    const sheet = workbook.getWorksheet('Registrations');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(['Registrations']);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 14)).toEqual(specHeaders);
    expect(headers.slice(14)).toEqual(['Seat No.']);
    expect(sheet.rowCount).toBe(6);
    // Widths: the longer of header and values, + 3, at most 50.
    const width = (column: string) => sheet.getColumn(allColumns.indexOf(column) + 1).width;
    expect(width('studentId')).toBe('Student ID'.length + 3);
    expect(width('examCentre')).toBe('2-Nashik Road Centre'.length + 3);
    expect(width('counsellor')).toBe('Priya Deshmukh'.length + 3);
    expect(width('dueDate')).toBe('dd/mm/yyyy'.length + 3); // longer than 'Due Date'
    expect(width('totalAmount')).toBe('Total Amount'.length + 3); // '₹9,850.00' is shorter
    expect(width('seatNumber')).toBe('Seat No.'.length + 3); // no seat assigned among these students
    // The 12th student's row: dates as real dates shown day/month/year, money as numbers in ₹.
    const row = sheet.getRows(2, 5)?.find((r) => r.getCell(1).value === ids.twelfth);
    expect(row).toBeDefined();
    const created = row?.getCell(allColumns.indexOf('createdAt') + 1);
    expect(created?.value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(created?.numFmt).toBe('dd/mm/yyyy');
    const total = row?.getCell(allColumns.indexOf('totalAmount') + 1);
    expect(total?.value).toBe(7900);
    expect(total?.numFmt).toBe('"₹"#,##0.00');
    expect(row?.getCell(allColumns.indexOf('dueDate') + 1).value ?? null).toBeNull();
  });

  it('keeps text that a spreadsheet would run as a formula as text, in the file but not in the JSON rows', async () => {
    const formula = '=HYPERLINK("http://x","y")';
    const student = await insertTestStudent(t.app.deps.database, {
      createdBy: priya.uuid,
      counsellor: '@SUM(1+1)',
      examCentreId: 1,
      studentName: formula,
      createdAt: ist('2024-06-10T10:00:00'),
    });
    const day = { fromDate: '2024-06-10', toDate: '2024-06-10' };
    const response = await workbookOf({ columns: ['studentName', 'counsellor', 'studentId'], format: 'xlsx', ...day });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([response.rawPayload]));
    const sheet = workbook.getWorksheet('Registrations');
    if (!sheet) throw new Error('no sheet Registrations');
    const cell = (header: string) => sheet.getRow(2).getCell((sheet.getRow(1).values as unknown[]).indexOf(header));
    expect(cell('Student Name')?.value).toBe(`'${formula}`);
    expect(cell('Student Name')?.formula).toBeUndefined();
    expect(cell('Counsellor')?.value).toBe("'@SUM(1+1)");
    expect(cell('Student ID')?.value).toBe(student.studentId);
    // The JSON rows (the existing client builds its own file from them) keep what was typed.
    const json = await workbookOf({ columns: ['studentName'], ...day });
    expect(json.json().data).toEqual([{ studentName: formula }]);
  });

  it('caps a width at 50 and keeps only the chosen columns, on the Accept header too', async () => {
    await insertTestStudent(t.app.deps.database, {
      createdBy: priya.uuid,
      examCentreId: 1,
      studentName: 'A'.repeat(80),
      createdAt: ist('2025-01-10T10:00:00'),
    });
    const response = await workbookOf(
      { columns: ['amountPaid', 'studentName'], toDate: '2025-01-10' },
      { accept: XLSX_TYPE },
    );
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([response.rawPayload]));
    const sheet = workbook.getWorksheet('Registrations');
    if (!sheet) throw new Error('no sheet Registrations');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Student Name', 'Paid']);
    expect(sheet.getColumn(1).width).toBe(50);
    expect(sheet.getRow(2).getCell(2).value).toBe(2000);
  });

  it('puts the seat number in the 15th column, an empty cell for a student without one, and in the rows', async () => {
    const fx = examFixtures(t);
    const centerId = await fx.centre(31, 'Seat Centre');
    const seated = await fx.student({ centerId, name: 'Seated Student' });
    const { first: seat } = await fx.assignSeats(centerId);
    expect(seat).toMatch(/^S\d{2}-\d{5}$/);
    const late = await fx.student({ centerId, name: 'Late Student' });

    const response = await workbookOf({ columns: allColumns, examCentre: centerId, format: 'xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([response.rawPayload]));
    const sheet = workbook.getWorksheet('Registrations');
    if (!sheet) throw new Error('no sheet Registrations');
    expect(sheet.getRow(1).getCell(15).value).toBe(SEAT_NUMBER_LABEL);
    expect(sheet.rowCount).toBe(3);
    const rowOf = (studentId: string) => sheet.getRows(2, 2)?.find((r) => r.getCell(1).value === studentId);
    expect(rowOf(seated)?.getCell(15).value).toBe(seat);
    expect(rowOf(late)?.getCell(15).value ?? null).toBeNull();
    expect(rowOf(late)?.getCell(2).value).toBe('Late Student');
    expect(sheet.getColumn(15).width).toBe(String(seat).length + 3); // 'S26-00001' is longer than 'Seat No.'

    const rows = await exportRows({ columns: ['seatNumber', 'studentId'], examCentre: centerId });
    expect(rows.json().data).toEqual(
      expect.arrayContaining([
        { studentId: seated, seatNumber: seat },
        { studentId: late, seatNumber: null },
      ]),
    );
  });

  it('puts the course registered on in the 16th column, which SPEC’s 14 never include', async () => {
    const courseId = await addOpenSessionCourse(t, admin, {
      name: 'Crash course 10th',
      standard: '10th',
      branches: ['English'],
      fee: 6500,
    });
    const day = { fromDate: '2025-06-15', toDate: '2025-06-15' };
    const onCourse = await insertTestStudent(t.app.deps.database, {
      createdBy: priya.uuid,
      examCentreId: 1,
      courseId,
      createdAt: ist('2025-06-15T10:00:00'),
    });
    const without = await insertTestStudent(t.app.deps.database, {
      createdBy: priya.uuid,
      examCentreId: 1,
      standard: '12th',
      createdAt: ist('2025-06-15T11:00:00'),
    });

    const response = await workbookOf({ columns: [...allColumns, 'course'], format: 'xlsx', ...day });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([response.rawPayload]));
    const sheet = workbook.getWorksheet('Registrations');
    if (!sheet) throw new Error('no sheet Registrations');
    expect((sheet.getRow(1).values as unknown[]).slice(1, 15)).toEqual(specHeaders);
    expect(sheet.getRow(1).getCell(16).value).toBe('Course');
    expect(sheet.getRow(2).getCell(1).value).toBe(onCourse.studentId);
    expect(sheet.getRow(2).getCell(16).value).toBe('Crash course 10th');
    // A student without a course: their standard, the name of its default course.
    expect(sheet.getRow(3).getCell(16).value).toBe('12th');
    expect(sheet.getColumn(16).width).toBe('Crash course 10th'.length + 3);

    const rows = await exportRows({ columns: ['course', 'studentId'], ...day });
    expect(rows.json().data).toEqual([
      { studentId: onCourse.studentId, course: 'Crash course 10th' },
      { studentId: without.studentId, course: '12th' },
    ]);
    // SPEC's 14 alone answer no course.
    const spec = await exportRows({ columns: specColumns, ...day });
    expect(Object.keys(spec.json().data[0])).toEqual(specColumns);
  });

  it("answers 400 'No students found for the selected filters.' rather than an empty file", async () => {
    const response = await workbookOf({ columns: ['studentId'], format: 'xlsx', fromDate: '2030-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.exportNoStudents);
  });
});
