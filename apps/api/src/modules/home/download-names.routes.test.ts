import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

// 00:15 on 1 April in India is still 31 March in UTC: a download's name carries India's date.
const NOW = new Date('2026-03-31T18:45:00Z');

let t: TestApp;
let admin: { authorization: string };
let counsellorId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  admin = await t.adminAuth();
  counsellorId = (await t.createStaff({ role: 'counsellor', name: 'Asha More' })).uuid;
});
afterAll(() => t.close());

const fileName = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: admin });
  expect(response.statusCode).toBe(200);
  return response.headers['content-disposition'];
};

describe('Excel downloads are named by the date in India, from the clock', () => {
  it('names the overdue list, a counsellor’s transactions, payments and enquiries by 1 April just after midnight there', async () => {
    expect(await fileName('/api/counsellor/overdue?format=xlsx')).toBe(
      'attachment; filename="Overdue_Students_2026-04-01.xlsx"',
    );
    expect(await fileName(`/api/counsellor/collection/payments/${counsellorId}?format=xlsx`)).toBe(
      'attachment; filename="Transactions_2026-04-01.xlsx"',
    );
    expect(await fileName('/api/counsellor/getPayments?format=xlsx')).toBe(
      'attachment; filename="Payments_2026-04-01.xlsx"',
    );
    expect(await fileName('/api/counsellor/enquiries?format=xlsx')).toBe(
      'attachment; filename="Enquiries_2026-04-01.xlsx"',
    );
  });
});
