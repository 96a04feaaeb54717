import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitingRecords } from '../../db/schema';
import { enquiryForm } from '../../testing/enrolment';
import { eventually } from '../../testing/eventually';
import { noticesDelivered } from '../../testing/notices';
import { createTestApp, secondInstance, type TestApp } from '../../testing/test-app';
import { ENQUIRIES_CHANNEL } from './enquiry-pages';

let t: TestApp;
let priya: Awaited<ReturnType<TestApp['createStaff']>>;
let rahul: Awaited<ReturnType<TestApp['createStaff']>>;
let priyas: number;

beforeAll(async () => {
  t = await createTestApp();
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil', branch: 'Nashik' });
  const saved = await post(enquiryForm({ studentName: 'Page One' }), priya.headers);
  priyas = saved.json().data.id;
  await post(enquiryForm({ studentName: 'Rahul Own' }), rahul.headers);
  expect(await eventually(async () => t.app.deps.enquiryPages.isLive(), 10_000)).toBe(true);
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>, headers: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: '/api/counsellor/visiting', headers, payload });
const names = async (headers: { authorization: string }, app: FastifyInstance = t.app, query = 'page=1&limit=20') => {
  const response = await app.inject({ method: 'GET', url: `/api/counsellor/getVisiting?${query}`, headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return (response.json().data as { studentName: string }[]).map((record) => record.studentName);
};
const rename = (studentName: string) =>
  t.app.deps.db.update(visitingRecords).set({ studentName }).where(eq(visitingRecords.id, priyas));

/** Runs `write` with the table's announcement silenced: only memory can then answer what was before. */
async function unannounced(write: () => Promise<unknown>) {
  await t.app.deps.db.execute(sql`alter table visiting_records disable trigger visiting_records_enquiries_changed`);
  try {
    await write();
  } finally {
    await t.app.deps.db.execute(sql`alter table visiting_records enable trigger visiting_records_enquiries_changed`);
  }
}

const delivered = () => noticesDelivered(t.app.deps.db, t.app.deps.enquiryPages, ENQUIRIES_CHANNEL);

describe("the Visiting Table's pages kept in memory", () => {
  it('answers a repeated page from memory until an enquiry changes', async () => {
    await delivered();
    expect(await names(priya.headers)).toContain('Page One');
    await unannounced(() => rename('Page Renamed'));
    expect(await names(priya.headers)).toContain('Page One');
    t.app.deps.enquiryPages.invalidate();
    expect(await names(priya.headers)).toContain('Page Renamed');
    await rename('Page One');
    expect(await eventually(async () => (await names(priya.headers)).includes('Page One'))).toBe(true);
  });

  it('sees a change written by any code, not only through the API', async () => {
    expect(await names(priya.headers)).toContain('Page One');
    await rename('Written Directly');
    expect(await eventually(async () => (await names(priya.headers)).includes('Written Directly'))).toBe(true);
    await rename('Page One');
    expect(await eventually(async () => (await names(priya.headers)).includes('Page One'))).toBe(true);
  });

  it("shows a counsellor's own write at once, on the instance that answered it", async () => {
    await delivered();
    const before = await names(priya.headers);
    // No trigger announces this one: only the writer's hook empties the pages.
    await unannounced(async () => {
      const saved = await post(enquiryForm({ studentName: 'Just Saved' }), priya.headers);
      expect(saved.statusCode).toBe(201);
    });
    expect(await names(priya.headers)).toEqual(['Just Saved', ...before]);
  });

  it('keeps each reader to their own page: a counsellor theirs, an admin everyone', async () => {
    const admin = await t.adminAuth();
    const first = await names(priya.headers);
    expect(first).not.toContain('Rahul Own');
    expect(await names(rahul.headers)).toEqual(['Rahul Own']);
    // The SPEC's uuid and role in the query decide nothing, cached or not.
    expect(await names(rahul.headers, t.app, `page=1&limit=20&uuid=${priya.uuid}&role=admin`)).toEqual(['Rahul Own']);
    expect(await names(rahul.headers, t.app, `page=1&limit=20&counsellor=${priya.uuid}`)).toEqual(['Rahul Own']);
    expect(await names(admin)).toEqual(expect.arrayContaining([...first, 'Rahul Own']));
    expect(await names(admin, t.app, `page=1&limit=20&counsellor=${priya.uuid}`)).toEqual(first);
    expect(await names(priya.headers, t.app, 'page=1&limit=1')).toEqual(first.slice(0, 1));
    expect(await names(priya.headers, t.app, 'page=1&limit=20&search=rahul')).toEqual([]);
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')('a change through one instance shows on another', async () => {
    const other = await secondInstance(t);
    try {
      expect(await eventually(async () => other.deps.enquiryPages.isLive(), 10_000)).toBe(true);
      const before = await names(priya.headers, other);
      const saved = await post(enquiryForm({ studentName: 'From The First' }), priya.headers);
      expect(saved.statusCode).toBe(201);
      expect(await eventually(async () => (await names(priya.headers, other))[0] === 'From The First')).toBe(true);
      expect(await names(priya.headers, other)).toEqual(['From The First', ...before]);
    } finally {
      await other.close();
    }
  });
});
