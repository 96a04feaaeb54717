import { Readable } from 'node:stream';
import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { and, asc, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messageOutbox, visitingRecords } from '../../db/schema';
import { addCentres, enquiryForm, registerStudent, registrationForm } from '../../testing/enrolment';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Staff = Awaited<ReturnType<TestApp['createStaff']>>;
type Headers = { authorization: string };

/** The app's clock, moved by the tests; starts at noon in India today. */
const REAL_TODAY = indianToday();
let now = new Date(`${REAL_TODAY}T12:00:00+05:30`);

let t: TestApp;
let admin: Headers;
let meera: Staff;
let omkar: Staff;
let gone: Staff;
let nashik: Staff;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  admin = await t.adminAuth();
  await addCentres(t, [{ centerId: 1, centerName: 'Pune', collegeName: 'Fergusson College' }]);
  // Three counsellors of Satara (one deactivated: never given an enquiry), one of Nashik.
  meera = await t.createStaff({ role: 'counsellor', name: 'Meera Jadhav', branch: 'Satara' });
  omkar = await t.createStaff({ role: 'counsellor', name: 'Omkar Shinde', branch: 'satara ' });
  gone = await t.createStaff({ role: 'counsellor', name: 'Gone Away', branch: 'Satara' });
  nashik = await t.createStaff({ role: 'counsellor', name: 'Nisha Pawar', branch: 'Nashik' });
  const off = await t.app.inject({
    method: 'DELETE',
    url: `/api/admin/deleteUser/${gone.uuid}`,
    headers: admin,
  });
  if (off.statusCode !== 200) throw new Error(off.body);
});
afterAll(() => t.close());

let phone = 9_700_000_000;
const websiteForm = (change: Record<string, unknown> = {}) => {
  phone += 1;
  return {
    name: 'Sai Deshpande',
    phone: String(phone),
    standard: '10th',
    city: 'Satara',
    message: 'Fees for the 10th mock exam?',
    consent: true,
    website: '',
    ...change,
  };
};
const send = (payload: object, ip = `10.9.${Math.floor(++address / 250)}.${address % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/public/enquiry', payload, remoteAddress: ip });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const rowsByPhone = (parentsNo: string) =>
  t.app.deps.db.select().from(visitingRecords).where(eq(visitingRecords.parentsNo, parentsNo));
async function websiteEnquiry(change: Record<string, unknown> = {}) {
  const form = websiteForm(change);
  const response = await send(form);
  if (response.statusCode !== 201) throw new Error(response.body);
  const [row] = await rowsByPhone(form.phone);
  if (!row) throw new Error('no row');
  return row;
}
const queueOf = async (headers: Headers, query = '') => {
  const response = await call('GET', `/api/counsellor/follow-ups${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const idsIn = (list: { id: number }[]) => list.map((e) => e.id);
const followUp = (id: number, headers: Headers, change: Record<string, unknown> = {}) =>
  call('POST', `/api/counsellor/enquiries/${id}/follow-ups`, headers, {
    kind: 'call',
    doneOn: REAL_TODAY,
    outcome: 'Spoke to parent',
    note: 'Father asked about fees',
    nextFollowUpOn: shiftDate(REAL_TODAY, { days: 2 }),
    ...change,
  });

describe('POST /api/public/enquiry', () => {
  it("creates a website enquiry, thanks with SPEC's text, and gives it round-robin to the city's active counsellors", async () => {
    const form = websiteForm();
    const response = await send(form);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Thank you for your enquiry! We will get back to you soon.');
    const [first] = await rowsByPhone(form.phone);
    expect(first).toMatchObject({
      source: 'website',
      stage: 'new',
      studentName: 'Sai Deshpande',
      city: 'Satara',
      message: 'Fees for the 10th mock exam?',
      createdBy: null,
      nextFollowUpOn: REAL_TODAY,
    });
    const second = await websiteEnquiry({ city: ' SATARA' });
    const third = await websiteEnquiry();
    const active = [meera.uuid, omkar.uuid];
    expect(active).toContain(first?.assignedTo);
    expect(second.assignedTo).toBe(active.find((uuid) => uuid !== first?.assignedTo));
    expect(third.assignedTo).toBe(first?.assignedTo);
    expect([first?.assignedTo, second.assignedTo, third.assignedTo]).not.toContain(gone.uuid);
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'enquiry'), eq(auditLog.entityId, String(second.id))));
    expect(entry).toMatchObject({ actorUuid: null, action: 'create', after: { source: 'website' } });
  });

  it('leaves an enquiry from a city without a counsellor in the admins’ queue until one is assigned', async () => {
    const row = await websiteEnquiry({ city: 'Ratnagiri' });
    expect(row.assignedTo).toBeNull();
    expect(idsIn((await queueOf(admin)).unassigned)).toContain(row.id);
    const queue = await queueOf(nashik.headers);
    expect(queue.unassigned).toEqual([]);
    expect(idsIn([...queue.overdue, ...queue.dueToday, ...queue.upcoming])).not.toContain(row.id);
    // Not a counsellor's to follow up or to assign.
    expect((await followUp(row.id, nashik.headers)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/admin/enquiries/${row.id}/assign`, nashik.headers, { counsellor: nashik.uuid }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/admin/enquiries/${row.id}/assign`, admin, { counsellor: gone.uuid })).statusCode,
    ).toBe(400);
    const assigned = await call('PUT', `/api/admin/enquiries/${row.id}/assign`, admin, { counsellor: nashik.uuid });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ assignedTo: nashik.uuid, assignedName: 'Nisha Pawar' });
    expect(idsIn((await queueOf(nashik.headers)).dueToday)).toContain(row.id);
    expect(idsIn((await queueOf(admin)).unassigned)).not.toContain(row.id);
  });

  it('thanks a bot that fills the honeypot and stores nothing; refuses a form without consent or with bad fields', async () => {
    const trap = websiteForm({ website: 'http://spam.example' });
    const response = await send(trap);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(messages.contactThanks);
    expect(await rowsByPhone(trap.phone)).toEqual([]);
    for (const [change, message] of [
      [{ consent: false }, messages.enquiryConsentRequired],
      [{ consent: undefined }, messages.enquiryConsentRequired],
      [{ phone: '12345' }, undefined],
      [{ standard: '8th' }, messages.standardRequired],
      [{ city: '  ' }, messages.enquiryCityRequired],
    ] as const) {
      const form = websiteForm(change);
      const bad = await send(form);
      expect(bad.statusCode, JSON.stringify(change)).toBe(400);
      if (message) expect(bad.body).toContain(message);
      expect(await rowsByPhone(form.phone)).toEqual([]);
    }
  });

  it('limits sending per address (others behind other addresses unaffected) and per phone number', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 20; i += 1) expect((await send(websiteForm({ city: 'Nowhere' }), ip)).statusCode).toBe(201);
    const refused = await send(websiteForm({ city: 'Nowhere' }), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.tooManyEnquiries);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The honeypot counts too.
    expect((await send(websiteForm({ website: 'x' }), ip)).statusCode).toBe(429);
    expect((await send(websiteForm({ city: 'Nowhere' }), '203.0.113.8')).statusCode).toBe(201);
    const same = websiteForm({ city: 'Nowhere' });
    for (let i = 0; i < 3; i += 1) expect((await send(same)).statusCode).toBe(201);
    expect((await send(same)).statusCode).toBe(429);
    expect(await rowsByPhone(same.phone)).toHaveLength(3);
  });
});

describe('the follow-up queue and the funnel', () => {
  it('follows a website enquiry from the queue, across midnight in India, to its registration', async () => {
    now = new Date(`${REAL_TODAY}T12:00:00+05:30`);
    const row = await websiteEnquiry();
    const mine = row.assignedTo === meera.uuid ? meera : omkar;
    const other = mine === meera ? omkar : meera;
    expect(idsIn((await queueOf(mine.headers)).dueToday)).toContain(row.id);
    // Another counsellor sees nothing of it.
    expect(idsIn(Object.values(await queueOf(other.headers)).flat() as { id: number }[])).not.toContain(row.id);
    expect((await call('GET', `/api/counsellor/enquiries/${row.id}`, other.headers)).statusCode).toBe(404);
    expect((await followUp(row.id, other.headers)).statusCode).toBe(404);

    const done = await followUp(row.id, mine.headers);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({
      message: messages.followUpSaved,
      data: { status: 'contacted', nextFollowUpOn: shiftDate(REAL_TODAY, { days: 2 }) },
    });
    // Day after tomorrow at 23:59 in India (18:29 UTC): due today; a minute past midnight: overdue.
    const due = shiftDate(REAL_TODAY, { days: 2 });
    now = new Date(`${REAL_TODAY}T12:00:00+05:30`);
    expect(idsIn((await queueOf(mine.headers)).upcoming)).toContain(row.id);
    now = new Date(`${due}T23:59:00+05:30`);
    let queue = await queueOf(mine.headers);
    expect(queue.today).toBe(due);
    expect(idsIn(queue.dueToday)).toContain(row.id);
    now = new Date(`${shiftDate(due, { days: 1 })}T00:01:00+05:30`);
    queue = await queueOf(mine.headers);
    expect(queue.today).toBe(shiftDate(due, { days: 1 }));
    expect(idsIn(queue.overdue)).toContain(row.id);
    expect(idsIn(queue.dueToday)).not.toContain(row.id);

    const interested = await followUp(row.id, mine.headers, {
      kind: 'visit',
      outcome: 'Visited office',
      stage: 'interested',
      nextFollowUpOn: '',
    });
    expect(interested.json().data).toMatchObject({ status: 'interested', nextFollowUpOn: null });
    const history = await call('GET', `/api/counsellor/enquiries/${row.id}`, mine.headers);
    expect(history.json().followUps.map((f: { kind: string }) => f.kind)).toEqual(['visit', 'call']);

    // Registered from the enquiry: its status is the conversion link; it leaves the queue and refuses follow-ups.
    const studentPhoto = await t.uploadPhoto(mine.headers);
    const studentId = await registerStudent(
      t,
      mine.headers,
      registrationForm({
        studentPhoto,
        receiptPhoto: studentPhoto,
        enquiryId: row.id,
        parentsNo: row.parentsNo,
        notificationNo: row.parentsNo,
      }),
    );
    const after = await call('GET', `/api/counsellor/enquiries/${row.id}`, mine.headers);
    expect(after.json().data).toMatchObject({ status: 'registered', convertedStudentId: studentId });
    expect((await followUp(row.id, mine.headers)).statusCode).toBe(409);
    now = new Date(`${REAL_TODAY}T12:00:00+05:30`);
  });

  it('makes lost and closed one thing: a closed website enquiry is lost, reopened it is back in its stage', async () => {
    const row = await websiteEnquiry();
    const mine = row.assignedTo === meera.uuid ? meera : omkar;
    const closed = await call('PUT', `/api/counsellor/visiting/${row.id}/close`, mine.headers, {
      reason: 'Not interested',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'lost', closedReason: 'Not interested' });
    expect((await followUp(row.id, mine.headers)).statusCode).toBe(409);
    expect(idsIn((await queueOf(mine.headers)).dueToday)).not.toContain(row.id);
    const reopened = await call('PUT', `/api/counsellor/visiting/${row.id}/reopen`, mine.headers);
    expect(reopened.json().data).toMatchObject({ status: 'new' });
    // A website enquiry has no visiting form to edit.
    expect((await call('PUT', `/api/counsellor/visiting/${row.id}`, mine.headers, enquiryForm())).statusCode).toBe(404);
  });

  it('keeps the Visiting Table to visiting forms, adding source, status and next follow-up to each', async () => {
    const recorded = await call('POST', '/api/counsellor/visiting', meera.headers, enquiryForm());
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json().data).toMatchObject({ source: 'walk-in', status: 'new', nextFollowUpOn: null });
    const list = await call('GET', '/api/counsellor/getVisiting', meera.headers);
    const rows = list.json().data as { source: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.source !== 'website')).toBe(true);
    // The Visiting Form records where the enquiry came from; only the public form makes a website one.
    const seminar = await call('POST', '/api/counsellor/visiting', meera.headers, enquiryForm({ source: 'seminar' }));
    expect(seminar.json().data).toMatchObject({ source: 'seminar' });
    const edited = await call(
      'PUT',
      `/api/counsellor/visiting/${seminar.json().data.id}`,
      meera.headers,
      enquiryForm({ studentName: 'Edited Name' }),
    );
    expect(edited.json().data).toMatchObject({ source: 'seminar', studentName: 'Edited Name' });
    const website = await call('POST', '/api/counsellor/visiting', meera.headers, enquiryForm({ source: 'website' }));
    expect(website.statusCode).toBe(400);
    expect(website.body).toContain(messages.enquirySourceInvalid);
    const paged = await call('GET', '/api/counsellor/getVisiting?page=1&status=all', meera.headers);
    expect((paged.json().data as { source: string }[]).every((r) => r.source !== 'website')).toBe(true);
  });

  it('queues one follow-up reminder per enquiry and date, rendered, only to a visitor who agreed to be contacted', async () => {
    now = new Date(`${REAL_TODAY}T12:00:00+05:30`);
    const remindersOf = (id: number) =>
      t.app.deps.db
        .select()
        .from(messageOutbox)
        .where(like(messageOutbox.dedupeKey, `follow_up:${id}:%`))
        .orderBy(asc(messageOutbox.id));
    const row = await websiteEnquiry({ name: 'Riya Kulkarni' });
    const mine = row.assignedTo === meera.uuid ? meera : omkar;
    const next = shiftDate(REAL_TODAY, { days: 3 });
    // Without a next date nothing is promised, so nothing is sent.
    expect((await followUp(row.id, mine.headers, { nextFollowUpOn: '' })).statusCode).toBe(201);
    expect(await remindersOf(row.id)).toEqual([]);
    // The same next date recorded again, even 20 times at once, is one reminder.
    expect((await followUp(row.id, mine.headers, { nextFollowUpOn: next })).statusCode).toBe(201);
    const again = await Promise.all(
      Array.from({ length: 20 }, () => followUp(row.id, mine.headers, { nextFollowUpOn: next })),
    );
    expect(again.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    let reminders = await remindersOf(row.id);
    expect(reminders).toHaveLength(1);
    const [d, m, y] = [next.slice(8, 10), next.slice(5, 7), next.slice(0, 4)];
    expect(reminders[0]).toMatchObject({
      kind: 'follow_up_reminder',
      phone: row.parentsNo,
      status: 'queued',
      dedupeKey: `follow_up:${row.id}:${next}`,
    });
    expect(reminders[0]?.body).toContain('Riya Kulkarni');
    expect(reminders[0]?.body).toContain(`${d}/${m}/${y}`);
    expect(reminders[0]?.body).not.toContain('{');
    // A new date is a new promise: a second reminder.
    const later = shiftDate(REAL_TODAY, { days: 5 });
    expect((await followUp(row.id, mine.headers, { nextFollowUpOn: later })).statusCode).toBe(201);
    reminders = await remindersOf(row.id);
    expect(reminders.map((r) => r.dedupeKey)).toEqual([`follow_up:${row.id}:${next}`, `follow_up:${row.id}:${later}`]);

    // A walk-in's visiting form records no agreement to be messaged: no reminder (decision 017).
    const walkIn = await call(
      'POST',
      '/api/counsellor/visiting',
      meera.headers,
      enquiryForm({ studentName: 'Walk In' }),
    );
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const walkInId = walkIn.json().data.id as number;
    expect((await followUp(walkInId, meera.headers, { nextFollowUpOn: next })).statusCode).toBe(201);
    expect(await remindersOf(walkInId)).toEqual([]);
  });

  it('answers bad follow-ups with 400 and changes nothing', async () => {
    const row = await websiteEnquiry();
    const mine = row.assignedTo === meera.uuid ? meera : omkar;
    for (const change of [
      { kind: 'email' },
      { outcome: 'Maybe' },
      { doneOn: shiftDate(REAL_TODAY, { days: 1 }) },
      { doneOn: '2026-02-30' },
      { nextFollowUpOn: shiftDate(REAL_TODAY, { days: -1 }) },
      { stage: 'registered' },
      { note: 'x'.repeat(501) },
    ]) {
      expect((await followUp(row.id, mine.headers, change)).statusCode, JSON.stringify(change)).toBe(400);
    }
    const history = await call('GET', `/api/counsellor/enquiries/${row.id}`, mine.headers);
    expect(history.json().followUps).toEqual([]);
    expect((await call('GET', '/api/counsellor/enquiries/0', mine.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/counsellor/enquiries/99999999', mine.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/counsellor/enquiries (list and download)', () => {
  it("streams the screen's filter as Excel: the same rows as the list, a counsellor's own only", async () => {
    // Its own rows (tests run shuffled): three website enquiries, round-robin, so each Satara counsellor has one.
    for (let i = 0; i < 3; i += 1) await websiteEnquiry();
    const filter = `source=website&from=${REAL_TODAY}&to=${REAL_TODAY}`;
    const list = await call('GET', `/api/counsellor/enquiries?${filter}`, meera.headers);
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data as { id: number; assignedTo: string; phone: string; source: string }[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((e) => e.assignedTo === meera.uuid && e.source === 'website')).toBe(true);
    const expected = await t.app.deps.db
      .select({ id: visitingRecords.id })
      .from(visitingRecords)
      .where(and(eq(visitingRecords.assignedTo, meera.uuid), eq(visitingRecords.source, 'website')))
      .orderBy(asc(visitingRecords.id));
    expect(idsIn(data).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id));

    const file = await call('GET', `/api/counsellor/enquiries?${filter}&format=xlsx`, meera.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Enquiries_');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file.rawPayload]));
    const sheet = workbook.getWorksheet('Enquiries');
    const phones: string[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) phones.push(String(row.getCell(4).value));
    });
    expect(phones).toEqual(data.map((e) => e.phone));
    // An admin may filter by counsellor; a counsellor's own filter is ignored for another's.
    const asOther = await call('GET', `/api/counsellor/enquiries?counsellor=${meera.uuid}`, omkar.headers);
    expect((asOther.json().data as { assignedTo: string }[]).every((e) => e.assignedTo === omkar.uuid)).toBe(true);
    const asAdmin = await call('GET', `/api/counsellor/enquiries?counsellor=${meera.uuid}`, admin);
    expect((asAdmin.json().data as { assignedTo: string }[]).every((e) => e.assignedTo === meera.uuid)).toBe(true);
    expect((await call('GET', '/api/counsellor/enquiries?status=maybe', admin)).statusCode).toBe(400);
  });
});
