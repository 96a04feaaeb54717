import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, settlements } from '../../db/schema';
import { addCentres } from '../../testing/enrolment';
import { insertTestStudent } from '../../testing/students';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Staff = Awaited<ReturnType<TestApp['createStaff']>>;
type Headers = { authorization: string };

let t: TestApp;
let admin: Headers;
let asha: Staff;
let bala: Staff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  asha = await t.createStaff({ role: 'counsellor', name: 'Asha More' });
  bala = await t.createStaff({ role: 'counsellor', name: 'Bala Kale' });
  let receipt = 0;
  for (const [by, standard, name, amounts] of [
    [asha, '10th', 'Gauri Shinde', [200_000, 100_000]],
    [asha, '12th', 'Omkar Pawar', [300_000]],
    [bala, '10th', 'Gauri Kale', [150_000]],
  ] as const) {
    const student = await insertTestStudent(t.app.deps.database, {
      createdBy: by.uuid,
      examCentreId: 1,
      standard,
      studentName: name,
      paidPaise: amounts.reduce((a, b) => a + b, 0),
    });
    for (const amountPaise of amounts) {
      receipt += 1;
      await t.app.deps.db.insert(payments).values({
        studentId: student.studentId,
        amountPaise,
        paymentMode: 'Cash',
        systemReceiptNo: `D/${receipt}`,
        receiptPhoto: 'c'.repeat(64),
        createdBy: by.uuid,
      });
    }
  }
  for (const [by, amountPaise, paymentDate] of [
    [asha, 50_000, '2026-03-01'],
    [asha, 70_000, '2026-03-05'],
    [bala, 90_000, '2026-03-02'],
  ] as const) {
    await t.app.deps.db.insert(settlements).values({
      counsellorId: by.uuid,
      amountPaise,
      paymentDate,
      remark: 'Company account',
      proofPhoto: 'd'.repeat(64),
    });
  }
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
async function sheetColumn(url: string, headers: Headers, sheetName: string, column: number) {
  const file = await get(url, headers);
  expect(file.statusCode, file.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([file.rawPayload]));
  const values: string[] = [];
  workbook.getWorksheet(sheetName)?.eachRow((row, n) => {
    if (n > 1) values.push(String(row.getCell(column).value));
  });
  return values;
}

/** The receipts the Payment Table shows for a filter: every payment of every student on its pages. */
async function receiptsOnScreen(query: string, headers: Headers) {
  const response = await get(`/api/counsellor/getPayments?page=1&limit=200${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as { payments: { receiptNumber: string }[] }[];
  return data.flatMap((student) => student.payments.map((p) => p.receiptNumber)).sort();
}

describe('downloads from the screens’ filters', () => {
  it("streams the Payment Table's filter as Excel: the same payments as the screen, a counsellor's own only", async () => {
    for (const [query, headers] of [
      ['', admin],
      ['&standard=10th', admin],
      ['&search=gauri', admin],
      [`&counsellor=${bala.uuid}`, admin],
      ['', asha.headers],
      [`&counsellor=${bala.uuid}`, asha.headers],
    ] as const) {
      const onScreen = await receiptsOnScreen(query, headers);
      expect(onScreen.length, query).toBeGreaterThan(0);
      const inFile = await sheetColumn(`/api/counsellor/getPayments?format=xlsx${query}`, headers, 'Payments', 2);
      expect(inFile.sort(), query).toEqual(onScreen);
    }
    // Hand-checked: Asha's students' three payments, whatever counsellor she names.
    const own = await sheetColumn(
      `/api/counsellor/getPayments?format=xlsx&counsellor=${bala.uuid}`,
      asha.headers,
      'Payments',
      2,
    );
    expect(own.sort()).toEqual(['D/1', 'D/2', 'D/3']);
    expect((await get('/api/counsellor/getPayments?format=pdf', admin)).statusCode).toBe(400);
  });

  it("downloads a counsellor's Transaction History; another counsellor's is refused", async () => {
    const screen = await get(`/api/counsellor/collection/payments/${asha.uuid}`, admin);
    const amounts = (screen.json() as { amountPaid: number }[]).map((r) => String(r.amountPaid));
    expect(amounts.sort()).toEqual(['500', '700']);
    const inFile = await sheetColumn(
      `/api/counsellor/collection/payments/${asha.uuid}?format=xlsx`,
      asha.headers,
      'Transactions',
      2,
    );
    expect(inFile.sort()).toEqual(amounts);
    const other = await get(`/api/counsellor/collection/payments/${bala.uuid}?format=xlsx`, asha.headers);
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
  });
});
