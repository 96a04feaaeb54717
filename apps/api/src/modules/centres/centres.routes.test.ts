import { messages } from '@app/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: await t.adminAuth(), ...(payload ? { payload } : {}) });
const centres = async () => (await call('GET', '/getExamCenters')).json().data;
/** The centres with these IDs, in the order listed: other tests of this file add centres of their own. */
const centresWith = async (...ids: number[]) =>
  (await centres()).filter((centre: { centerId: number }) => ids.includes(centre.centerId));

describe('exam centres', () => {
  it('an admin adds, edits and deletes a centre; the wire keeps the spelling capicity', async () => {
    const added = await call('POST', '/addCenter', {
      centerId: 12,
      centerName: 'Pune',
      collegeName: 'Fergusson College',
      capicity: 400,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(messages.centreAdded);
    expect(await centresWith(12)).toEqual([
      {
        centerId: 12,
        centerName: 'Pune',
        collegeName: 'Fergusson College',
        capicity: 400,
        city: null,
        listedPublicly: false,
        registeredCount: 0,
      },
    ]);

    const edited = await call('PUT', '/editcapicity/12', {
      centerName: 'Pune East',
      collegeName: 'Fergusson College',
      capicity: '450',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(messages.centreUpdated);
    expect((await centresWith(12))[0]).toMatchObject({ centerName: 'Pune East', capicity: 450 });

    expect((await call('DELETE', '/deleteExamCenter/12')).statusCode).toBe(200);
    expect(await centresWith(12)).toEqual([]);
  });

  it('lists centres by ID and takes numeric text from forms', async () => {
    await call('POST', '/addCenter', {
      centerId: '30',
      centerName: 'Nashik',
      collegeName: 'HPT College',
      capicity: '300',
    });
    await call('POST', '/addCenter', { centerId: 3, centerName: 'Mumbai', collegeName: 'Ruia College' });
    const ids = (await centres()).map((centre: { centerId: number }) => centre.centerId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const list = await centresWith(3, 30);
    expect(list.map((centre: { centerId: number }) => centre.centerId)).toEqual([3, 30]);
    expect(list[0].capicity).toBeNull();
  });

  it('refuses a duplicate centre ID with 409 and changes nothing', async () => {
    await call('POST', '/addCenter', {
      centerId: 44,
      centerName: 'Thane',
      collegeName: 'Bedekar College',
      capicity: 100,
    });
    const again = await call('POST', '/addCenter', {
      centerId: 44,
      centerName: 'Other',
      collegeName: 'Other',
      capicity: 5,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.centreExists);
    expect((await centres()).find((centre: { centerId: number }) => centre.centerId === 44).centerName).toBe('Thane');
  });

  it.each([
    [{ centerName: 'X', collegeName: 'Y' }, messages.centreFieldsRequired],
    [{ centerId: '', centerName: 'X', collegeName: 'Y' }, messages.centreFieldsRequired],
    [{ centerId: 5, collegeName: 'Y' }, messages.centreFieldsRequired],
    [{ centerId: 5, centerName: '  ', collegeName: 'Y' }, messages.centreFieldsRequired],
    [{ centerId: 0, centerName: 'X', collegeName: 'Y' }, 'Centre ID must be a whole number from 1 to 9999'],
    [{ centerId: 2.5, centerName: 'X', collegeName: 'Y' }, 'Centre ID must be a whole number from 1 to 9999'],
    [{ centerId: 'abc', centerName: 'X', collegeName: 'Y' }, 'Centre ID must be a whole number from 1 to 9999'],
    [
      { centerId: 5, centerName: 'X', collegeName: 'Y', capicity: -1 },
      'Capacity must be a whole number from 0 to 100000',
    ],
  ])('answers 400 for %j', async (payload, message) => {
    const response = await call('POST', '/addCenter', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers 404 for an unknown centre and 400 for a malformed ID', async () => {
    expect(
      (await call('PUT', '/editcapicity/999', { centerName: 'A', collegeName: 'B', capicity: 1 })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/deleteExamCenter/999')).statusCode).toBe(404);
    expect((await call('DELETE', '/deleteExamCenter/abc')).statusCode).toBe(400);
  });

  it('counsellors read the list but cannot change it', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/getExamCenters', headers: counsellor.headers });
    expect(read.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addCenter',
      headers: counsellor.headers,
      payload: { centerId: 77, centerName: 'X', collegeName: 'Y' },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('the public list of exam centres', () => {
  const publicList = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/examCentres' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    return response.json().data.filter((centre: { centerId: number }) => [501, 502, 503].includes(centre.centerId));
  };

  it('anyone reads the centres the admin lists, with college and city, without capacity, cacheable', async () => {
    await call('POST', '/addCenter', {
      centerId: 501,
      centerName: 'Kothrud',
      collegeName: 'MIT College',
      capicity: 250,
      city: '  Pune ',
      listedPublicly: true,
    });
    await call('POST', '/addCenter', {
      centerId: 502,
      centerName: 'Dadar',
      collegeName: 'Ruia College',
      city: '',
      listedPublicly: true,
    });
    // A centre added without a choice (a test centre, or from the existing client) is not public.
    await call('POST', '/addCenter', { centerId: 503, centerName: 'Test Centre', collegeName: 'Nowhere' });

    expect(await publicList()).toEqual([
      { centerId: 501, centerName: 'Kothrud', collegeName: 'MIT College', city: 'Pune' },
      { centerId: 502, centerName: 'Dadar', collegeName: 'Ruia College', city: null },
    ]);
  });

  it('an admin lists and unlists a centre by editing it; an edit that does not say keeps the listing; audited', async () => {
    await call('POST', '/addCenter', { centerId: 504, centerName: 'Baner', collegeName: 'Baner College' });
    const fields = { centerName: 'Baner', collegeName: 'Baner College', capicity: 10 };
    const listedNow = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/public/examCentres' }))
        .json()
        .data.some((centre: { centerId: number }) => centre.centerId === 504);
    expect(await listedNow()).toBe(false);

    const listed = await call('PUT', '/editcapicity/504', { ...fields, listedPublicly: true });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.listedPublicly).toBe(true);
    expect(await listedNow()).toBe(true);
    // The existing client's edit has no listedPublicly: the listing stays.
    expect((await call('PUT', '/editcapicity/504', { ...fields, capicity: 20 })).json().data.listedPublicly).toBe(true);
    expect(await listedNow()).toBe(true);

    await call('PUT', '/editcapicity/504', { ...fields, listedPublicly: false });
    expect(await listedNow()).toBe(false);
    expect((await call('PUT', '/editcapicity/504', { ...fields, listedPublicly: 'yes' })).statusCode).toBe(400);

    const audit = (await call('GET', '/activity?entity=centre&entityId=504')).json().data;
    // Newest first: unlisted, the capacity edit (listing unchanged), listed, added unlisted.
    expect(audit.map((entry: { after: { listedPublicly?: boolean } | null }) => entry.after?.listedPublicly)).toEqual([
      false,
      undefined,
      true,
      false,
    ]);
  });

  it('an admin sets and clears the city when editing a centre', async () => {
    await call('POST', '/addCenter', { centerId: 601, centerName: 'Gangapur', collegeName: 'KTHM College' });
    const edited = await call('PUT', '/editcapicity/601', {
      centerName: 'Gangapur',
      collegeName: 'KTHM College',
      capicity: 10,
      city: 'Nashik',
    });
    expect(edited.json().data.city).toBe('Nashik');
    const cleared = await call('PUT', '/editcapicity/601', {
      centerName: 'Gangapur',
      collegeName: 'KTHM College',
      capicity: 10,
      city: '   ',
    });
    expect(cleared.json().data.city).toBeNull();
  });

  it('refuses a city longer than 100 characters with 400', async () => {
    const response = await call('POST', '/addCenter', {
      centerId: 602,
      centerName: 'X',
      collegeName: 'Y',
      city: 'a'.repeat(101),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBeDefined();
  });
});
