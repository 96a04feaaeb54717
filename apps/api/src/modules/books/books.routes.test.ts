import { Readable } from 'node:stream';
import { indianToday } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client';
import { addCentres, registerStudent, registrationForm } from '../../testing/enrolment';
import { type AuthHeaders, createTestApp, type TestApp, type TestStaff } from '../../testing/test-app';

let t: TestApp;
let admin: AuthHeaders;
let priya: TestStaff;
let rahul: TestStaff;
let photo: string;
const today = indianToday();
const future = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

const rowsOf = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> =>
  executeRows<T>(t.app.deps.db, query);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'College', capicity: 10000 }]);
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul' });
  photo = await t.uploadPhoto(priya.headers);
});
afterAll(() => t.close());

async function register(staff: TestStaff, standard: string, amountPaid = 1000): Promise<string> {
  const group = standard.startsWith('1') && standard !== '10th';
  const form = { studentPhoto: photo, receiptPhoto: photo, standard, amountPaid, branch: group ? 'PCMB' : 'English' };
  return registerStudent(t, staff.headers, registrationForm(form));
}

type Item = { standard: string; bookName: string; totalCount: number | string };
const sendChallan = (counsellorId: string, items: Item[], change: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/addBooksWithChalan',
    headers: admin,
    payload: { chalanDate: today, counsellorId, items, ...change },
  });

const tenthSet = (count: number): Item[] =>
  ['English', 'Math', 'Science'].map((bookName) => ({ standard: '10th', bookName, totalCount: count }));

async function books(staff: TestStaff, headers: AuthHeaders = staff.headers) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/getBooksByCounsellor/${staff.uuid}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    id: number;
    standard: string;
    bookName: string;
    totalCount: number;
    distributedCount: number;
    newStock: number;
  }[];
}

const bookOf = async (staff: TestStaff, standard: string, bookName: string) => {
  const row = (await books(staff)).find((book) => book.standard === standard && book.bookName === bookName);
  if (!row) throw new Error(`no ${standard} ${bookName}`);
  return row;
};

const receiveAll = async (staff: TestStaff) => {
  for (const book of await books(staff)) {
    if (book.newStock > 0) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/counsellor/markBookReceived/${book.id}`,
        headers: staff.headers,
      });
      expect(response.statusCode).toBe(200);
    }
  }
};

const give = (staff: TestStaff, studentId: string, bookSet: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/counsellor/markStudentGiven/${studentId}`,
    headers: staff.headers,
    payload: { bookSet },
  });

/** Σ sent by challan = pending + in hand + distributed, for every counsellor and book. */
async function expectInvariant() {
  const broken = await rowsOf<{ id: number }>(sql`
    select s.id from book_stock s
    left join (select book_id, sum(count_sent) as sent from challan_items group by book_id) i on i.book_id = s.id
    where coalesce(i.sent, 0) <> s.new_stock + s.total_count + s.distributed_count`);
  expect(broken).toEqual([]);
}

describe('POST /api/admin/addBooksWithChalan (SPEC §5 Challan)', () => {
  it('adds a challan and its items to the pending stock, answering the SPEC text', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const response = await sendChallan(counsellor.uuid, [
      ...tenthSet(5),
      { standard: 'pamphlet', bookName: '03/11/2026', totalCount: 200 },
      { standard: 'receiptBook', bookName: 'RB-17', totalCount: 100 },
      { standard: 'receiptBook', bookName: '', totalCount: 0 },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(messages.challanAdded);
    expect(response.json().data.chalanNo).toMatch(/^\d{4}$/);
    const stock = await books(counsellor);
    expect(stock).toHaveLength(5);
    expect(stock.find((book) => book.bookName === 'Math')).toMatchObject({
      newStock: 5,
      totalCount: 0,
      distributedCount: 0,
    });
    expect(stock.find((book) => book.standard === 'receiptBook')).toMatchObject({ bookName: 'RB-17', newStock: 100 });
    await sendChallan(counsellor.uuid, [{ standard: '10th', bookName: 'Math', totalCount: 3 }]);
    expect((await bookOf(counsellor, '10th', 'Math')).newStock).toBe(8);
    // Each challan is in the audit trail, with who sent it and its number.
    const audit = await rowsOf<{ action: string; actor_role: string }>(
      sql`select action, actor_role from audit_log where entity = 'challan' and entity_id = ${String(response.json().data.id)}`,
    );
    expect(audit).toEqual([{ action: 'create', actor_role: 'admin' }]);
    await expectInvariant();
  });

  it.each([
    ['no counsellor', { counsellorId: '' }, messages.selectCounsellor],
    ['a counsellor that is not an id', { counsellorId: 'priya' }, messages.selectCounsellor],
    ['no items', { items: [] }, messages.challanEntryRequired],
    [
      'only empty rows',
      { items: [{ standard: '10th', bookName: 'Math', totalCount: 0 }] },
      messages.challanEntryRequired,
    ],
    [
      'a receipt book without a number',
      { items: [{ standard: 'receiptBook', bookName: '', totalCount: 50 }] },
      messages.challanBookRequired,
    ],
    [
      'a negative count',
      { items: [{ standard: '10th', bookName: 'Math', totalCount: -1 }] },
      messages.challanCountInvalid,
    ],
    ['a fraction', { items: [{ standard: '10th', bookName: 'Math', totalCount: 1.5 }] }, messages.challanCountInvalid],
    [
      'a book off the catalogue',
      { items: [{ standard: '10th', bookName: 'History', totalCount: 1 }] },
      messages.challanBookUnknown,
    ],
    ['no date', { chalanDate: '' }, messages.challanDateRequired],
  ])('refuses %s with its message', async (_name, change, message) => {
    const response = await sendChallan(priya.uuid, tenthSet(1), change);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('refuses an unknown counsellor or a non-counsellor, and non-admins', async () => {
    const unknown = await sendChallan('00000000-0000-4000-8000-000000000000', tenthSet(1));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.counsellorNotFound);
    const asCounsellor = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addBooksWithChalan',
      headers: priya.headers,
      payload: { chalanDate: today, counsellorId: priya.uuid, items: tenthSet(1) },
    });
    expect(asCounsellor.statusCode).toBe(403);
  });

  it('gives 20 concurrent challans distinct, gap-free numbers', async () => {
    const before = await rowsOf<{ max: number | null }>(sql`select max(chalan_no) as max from challans`);
    const start = Number(before[0]?.max ?? 0);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        sendChallan(rahul.uuid, [{ standard: '12th', bookName: 'Physics', totalCount: 1 }]),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const numbers = responses.map((response) => Number(response.json().data.chalanNo)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => start + index + 1));
    expect((await bookOf(rahul, '12th', 'Physics')).newStock).toBeGreaterThanOrEqual(20);
    await expectInvariant();
  });
});

describe('stock and distribution', () => {
  it('moves pending stock to in hand on Mark Received, for the owner only', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    await sendChallan(counsellor.uuid, tenthSet(4));
    const math = await bookOf(counsellor, '10th', 'Math');
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/markBookReceived/${math.id}`,
      headers: rahul.headers,
    });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/markBookReceived/${math.id}`,
      headers: counsellor.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe(messages.bookMarkedReceived);
    expect(await bookOf(counsellor, '10th', 'Math')).toMatchObject({ newStock: 0, totalCount: 4 });
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/markBookReceived/${math.id}`,
      headers: counsellor.headers,
    });
    expect(again.statusCode).toBe(409);
    const audit = await rowsOf<{ action: string }>(
      sql`select action from audit_log where entity = 'book_stock' and entity_id = ${String(math.id)}`,
    );
    expect(audit.map((row) => row.action)).toEqual(['receive']);
  });

  it('lists eligible students with their sets and gives a set, which then leaves the list', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const tenth = await register(counsellor, '10th');
    const both = await register(counsellor, '11th+12th');
    const list = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/counsellor/getStudentsByCounsellor/${counsellor.uuid}`,
        headers: counsellor.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as {
        studentId: string;
        bookSet1: string;
        status1: string;
        bookSet2: string | null;
      }[];
    };
    expect(await list()).toEqual([
      expect.objectContaining({
        studentId: tenth,
        bookSet1: '10th',
        status1: 'not_given',
        bookSet2: null,
        status2: null,
      }),
      expect.objectContaining({
        studentId: both,
        bookSet1: '11th',
        status1: 'not_given',
        bookSet2: '12th',
        status2: 'not_given',
      }),
    ]);
    const missing = await give(counsellor, tenth, '10th');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('Not enough 10th English books in hand to give this set');

    await sendChallan(counsellor.uuid, [...tenthSet(2), { standard: '11th', bookName: 'Physics', totalCount: 1 }]);
    await receiveAll(counsellor);
    const given = await give(counsellor, tenth, '10th');
    expect(given.statusCode).toBe(200);
    expect(given.json().message).toBe('Books for 10th marked as given');
    expect(await bookOf(counsellor, '10th', 'Science')).toMatchObject({ totalCount: 1, distributedCount: 1 });
    const twice = await give(counsellor, tenth, '10th');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.bookSetAlreadyGiven);
    const givenAudit = await rowsOf<{ action: string }>(
      sql`select action from audit_log where entity = 'book_set' and entity_id = ${`${tenth}/10th`}`,
    );
    expect(givenAudit.map((row) => row.action)).toEqual(['give']);
    expect((await list()).map((student) => student.studentId)).toEqual([both]);

    const notTheirs = await give(counsellor, both, '10th');
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().message).toBe(messages.bookSetNotForStudent);
    const partial = await give(counsellor, both, '11th');
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toBe('Not enough 11th Biology books in hand to give this set');
    // The refused set took nothing: Physics is still in hand.
    expect(await bookOf(counsellor, '11th', 'Physics')).toMatchObject({ totalCount: 1, distributedCount: 0 });
    await expectInvariant();
  });

  it('keeps counsellors apart', async () => {
    const studentOfPriya = await register(priya, '10th');
    const asRahul = await give(rahul, studentOfPriya, '10th');
    expect(asRahul.statusCode).toBe(404);
    for (const url of [
      `/api/counsellor/getStudentsByCounsellor/${priya.uuid}`,
      `/api/admin/getBooksByCounsellor/${priya.uuid}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: rahul.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
    }
    const asAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/markStudentGiven/${studentOfPriya}`,
      headers: admin,
      payload: { bookSet: '10th' },
    });
    expect(asAdmin.statusCode).toBe(403);
  });

  it('gives the last copy once when two students ask at the same time', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const first = await register(counsellor, '10th');
    const second = await register(counsellor, '10th');
    await sendChallan(counsellor.uuid, tenthSet(1));
    await receiveAll(counsellor);
    const answers = await Promise.all([give(counsellor, first, '10th'), give(counsellor, second, '10th')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await bookOf(counsellor, '10th', 'Math')).toMatchObject({ totalCount: 0, distributedCount: 1 });
    await expectInvariant();
  });

  it('gives a set once when the same student is marked twice at the same time', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const student = await register(counsellor, '10th');
    await sendChallan(counsellor.uuid, tenthSet(5));
    await receiveAll(counsellor);
    const answers = await Promise.all([give(counsellor, student, '10th'), give(counsellor, student, '10th')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(messages.bookSetAlreadyGiven);
    expect(await bookOf(counsellor, '10th', 'Math')).toMatchObject({ totalCount: 4, distributedCount: 1 });
    await expectInvariant();
  });

  it('keeps Σ sent = pending + in hand + distributed after any sequence of challans, receipts and gifts', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const students = [await register(counsellor, '10th'), await register(counsellor, '9th+10th')];
    students.push(await register(counsellor, '10th'));
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('send' as const),
        book: fc.constantFrom('English', 'Math', 'Science'),
        count: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('receive' as const), book: fc.constantFrom('English', 'Math', 'Science') }),
      fc.record({ kind: fc.constant('give' as const), student: fc.integer({ min: 0, max: 2 }) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        run += 1;
        for (const action of steps) {
          if (action.kind === 'send') {
            expect(
              (
                await sendChallan(counsellor.uuid, [
                  { standard: '10th', bookName: action.book, totalCount: action.count },
                ])
              ).statusCode,
            ).toBe(201);
          } else if (action.kind === 'receive') {
            const book = (await books(counsellor)).find((row) => row.bookName === action.book);
            if (!book) continue;
            const response = await t.app.inject({
              method: 'PUT',
              url: `/api/counsellor/markBookReceived/${book.id}`,
              headers: counsellor.headers,
            });
            expect([200, 409]).toContain(response.statusCode);
          } else {
            const studentId = students[action.student] ?? '';
            const response = await give(counsellor, studentId, '10th');
            expect([200, 409]).toContain(response.statusCode);
          }
        }
        await expectInvariant();
        const stock = await books(counsellor);
        const given = await rowsOf<{ n: string }>(
          sql`select count(*) as n from book_sets_given g join students s on s.student_id = g.student_id where s.created_by = ${counsellor.uuid}`,
        );
        for (const book of stock) expect(book.distributedCount).toBe(Number(given[0]?.n));
      }),
      { numRuns: 15, seed: 11 },
    );
    expect(run).toBe(15);
  });
});

describe('GET /api/admin/chalans', () => {
  it('answers the SPEC shape, and pages with filters and the six tiles', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Filter Counsellor' });
    for (let index = 0; index < 12; index += 1) {
      await sendChallan(
        counsellor.uuid,
        [
          { standard: '10th', bookName: 'Math', totalCount: 2 },
          { standard: 'pamphlet', bookName: '01/11/2026', totalCount: 10 },
          { standard: 'receiptBook', bookName: `R${index}`, totalCount: 50 },
        ],
        { chalanDate: index < 4 ? future(-10) : today },
      );
    }
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/chalans', headers: admin });
    expect(all.statusCode).toBe(200);
    const first = all.json().data[0];
    expect(Object.keys(all.json())).toEqual(['data']);
    expect(first).toMatchObject({
      id: expect.any(Number),
      chalanNo: expect.stringMatching(/^\d{4}$/),
      counsellorId: expect.any(String),
      date: expect.any(String),
    });
    expect(first.items[0]).toMatchObject({
      countSent: expect.any(Number),
      book: { standard: expect.any(String), bookName: expect.any(String) },
    });

    const page = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/chalans?${query}`, headers: admin });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const firstPage = await page(`counsellor=${counsellor.uuid}&page=1&limit=10`);
    expect(firstPage.totalCount).toBe(12);
    expect(firstPage.totalPages).toBe(2);
    expect(firstPage.data).toHaveLength(10);
    expect(firstPage.totals).toEqual({
      totalChallans: 12,
      totalItems: 36,
      booksSent: 24,
      pamphlets: 120,
      receiptBooks: 12,
      counsellors: 1,
    });
    expect(firstPage.data[0]).toMatchObject({
      totalItems: 3,
      books: 2,
      pamphlets: 10,
      receiptBooks: 1,
      counsellorName: 'Filter Counsellor',
    });
    expect((await page(`counsellor=${counsellor.uuid}&page=2&limit=10`)).data).toHaveLength(2);
    expect((await page(`counsellor=${counsellor.uuid}&from=${today}&to=${today}&page=1`)).totalCount).toBe(8);
    expect((await page(`counsellor=${counsellor.uuid}&to=${future(-10)}&page=1`)).totalCount).toBe(4);
    const number = firstPage.data[0].chalanNo;
    const byNumber = await page(`chalanNo=${number}&page=1`);
    expect(byNumber.data.map((row: { chalanNo: string }) => row.chalanNo)).toContain(number);
    const reversed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/chalans?from=${today}&to=${future(-1)}`,
      headers: admin,
    });
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(reversed.json())).toContain(messages.challanDatesOrder);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/chalans', headers: priya.headers })).statusCode).toBe(
      403,
    );
  });

  it('prints a challan as a PDF, for admins and the receiving counsellor', async () => {
    const sent = await sendChallan(priya.uuid, tenthSet(3));
    const id = sent.json().data.id;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/pdf/challan?id=${id}`, headers: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/pdf/challan?id=${id}`, headers: priya.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/pdf/challan?id=${id}`, headers: rahul.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pdf/challan?id=abc', headers: admin })).statusCode).toBe(
      400,
    );
  });
});

describe('pending-distribution report', () => {
  it('lists paid students with a set not given, as JSON and as Excel', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Report Counsellor' });
    const paid = await register(counsellor, '11th+12th', 500);
    const unpaid = await register(counsellor, '10th', 0);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/books/pendingDistribution', headers: admin });
    expect(response.statusCode).toBe(200);
    const rows = (
      response.json().data as { studentId: string; bookSet: string; daysWaiting: number; counsellorName: string }[]
    ).filter((row) => row.studentId === paid || row.studentId === unpaid);
    expect(rows).toEqual([
      expect.objectContaining({
        studentId: paid,
        bookSet: '11th',
        daysWaiting: 0,
        counsellorName: 'Report Counsellor',
        amountPaid: 500,
      }),
      expect.objectContaining({ studentId: paid, bookSet: '12th' }),
    ]);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/admin/books/pendingDistribution.xlsx',
      headers: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([xlsx.rawPayload]));
    const sheet = workbook.getWorksheet('Pending Books');
    if (!sheet) throw new Error('no sheet Pending Books');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const registeredOn = headers.indexOf('Registered On') + 1;
    expect(registeredOn).toBeGreaterThan(0);
    const paidRow = sheet.getRows(2, sheet.rowCount - 1)?.find((row) => row.getCell(2).value === paid);
    const registered = paidRow?.getCell(registeredOn);
    const { registeredOn: day } = response.json().data.find((row: { studentId: string }) => row.studentId === paid);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(registered?.value).toEqual(new Date(`${day}T00:00:00Z`));
    expect(registered?.numFmt).toBe('dd/mm/yyyy');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/books/pendingDistribution', headers: priya.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe("confirming a challan's receipt with the signed copy", () => {
  const receiveChallan = (staff: TestStaff, id: number, payload: Record<string, unknown> = { signedCopyUrl: photo }) =>
    t.app.inject({ method: 'PUT', url: `/api/counsellor/chalans/${id}/receive`, headers: staff.headers, payload });
  const myChallans = async (staff: TestStaff, query = 'page=1&limit=10') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/counsellor/myChalans?${query}`,
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      data: { id: number; receivedAt: string | null; signedCopyUrl: string | null }[];
      totalCount: number;
    };
  };
  const adminList = async (counsellor: TestStaff) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/chalans?counsellor=${counsellor.uuid}&page=1`,
        headers: admin,
      })
    ).json().data as { id: number; signedCopyUrl: string | null; receivedAt: string | null }[];
  const stockOf = async (staff: TestStaff, bookName: string) =>
    (await books(staff)).find((row) => row.standard === '10th' && row.bookName === bookName);

  it('moves the challan’s copies into hand, keeps the photo for the admin, and refuses a second time', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Meera' });
    const first = (await sendChallan(counsellor.uuid, tenthSet(5))).json().data.id as number;
    const second = (await sendChallan(counsellor.uuid, tenthSet(3))).json().data.id as number;
    expect((await stockOf(counsellor, 'Math'))?.newStock).toBe(8);

    const own = await myChallans(counsellor);
    expect(own.totalCount).toBe(2);
    expect(own.data.map((row) => row.id)).toEqual([second, first]);
    expect(own.data.every((row) => row.receivedAt === null && row.signedCopyUrl === null)).toBe(true);

    // Without the photo, or with one never stored: refused, nothing changes.
    for (const [payload, message] of [
      [{}, messages.challanSignedCopyRequired],
      [{ signedCopyUrl: '' }, messages.challanSignedCopyRequired],
      [{ signedCopyUrl: `/api/files/${'d'.repeat(64)}.jpg` }, messages.photoNotStored],
    ] as const) {
      const refused = await receiveChallan(counsellor, first, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await stockOf(counsellor, 'Math'))?.newStock).toBe(8);

    // Another counsellor's challan reads as unknown.
    expect((await receiveChallan(rahul, first)).statusCode).toBe(404);

    const response = await receiveChallan(counsellor, first);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.challanReceived);
    expect(await stockOf(counsellor, 'Math')).toMatchObject({ newStock: 3, totalCount: 5, distributedCount: 0 });
    const [listedSecond, listedFirst] = await adminList(counsellor);
    expect(listedFirst).toMatchObject({ id: first, signedCopyUrl: photo });
    expect(listedFirst?.receivedAt).toEqual(expect.any(String));
    expect(listedSecond).toMatchObject({ id: second, signedCopyUrl: null, receivedAt: null });
    const again = await receiveChallan(counsellor, first);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.challanAlreadyReceived);

    const [entry] = await rowsOf<{ action: string; after: { items: string[]; signedCopyPhoto: string } }>(
      sql`select action, after from audit_log where entity = 'challan' and entity_id = ${String(first)} and action = 'receive'`,
    );
    expect(entry?.after.items).toEqual(['10th English × 5', '10th Math × 5', '10th Science × 5']);
    expect(photo).toContain(entry?.after.signedCopyPhoto);
  });

  it("moves no more than is still pending when the existing client's Mark Received came first", async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Kavita' });
    const id = (await sendChallan(counsellor.uuid, tenthSet(4))).json().data.id as number;
    const math = await stockOf(counsellor, 'Math');
    const old = await t.app.inject({
      method: 'PUT',
      url: `/api/counsellor/markBookReceived/${math?.id}`,
      headers: counsellor.headers,
    });
    expect(old.statusCode).toBe(200);
    expect((await receiveChallan(counsellor, id)).statusCode).toBe(200);
    for (const bookName of ['English', 'Math', 'Science']) {
      expect(await stockOf(counsellor, bookName)).toMatchObject({ newStock: 0, totalCount: 4 });
    }
  });

  it('20 concurrent confirmations of one challan receive it once', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Anita' });
    const id = (await sendChallan(counsellor.uuid, tenthSet(2))).json().data.id as number;
    const answers = await Promise.all(Array.from({ length: 20 }, () => receiveChallan(counsellor, id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await stockOf(counsellor, 'Science')).toMatchObject({ newStock: 0, totalCount: 2 });
    const [counted] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'challan' and entity_id = ${String(id)} and action = 'receive'`,
    );
    expect(counted?.n).toBe(1);
  });

  it("lists a counsellor's own challans only, and refuses a bad page", async () => {
    const counsellor = await t.createStaff({ role: 'counsellor', name: 'Sunita' });
    await sendChallan(counsellor.uuid, tenthSet(1));
    expect((await myChallans(counsellor)).totalCount).toBe(1);
    expect((await myChallans(rahul)).data.every((row) => row.id > 0)).toBe(true);
    const ids = (await myChallans(counsellor)).data.map((row) => row.id);
    expect((await myChallans(rahul, 'page=1&limit=200')).data.some((row) => ids.includes(row.id))).toBe(false);
    for (const query of ['page=0', 'limit=201', 'page=x']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/counsellor/myChalans?${query}`,
        headers: counsellor.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
