import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import { visitingReasons } from '@app/domain/visiting.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * The product's existing web client, replayed: the exact request shapes it sends (empty query
 * parameters, every value of a form as text, a null capacity, free-text reasons and remarks, its own
 * admin paths). If one of these starts failing, that client's flows break.
 */
type Staff = Awaited<ReturnType<TestApp['createStaff']>>;
let t: TestApp;
let admin: { authorization: string };
let priya: Staff;
let rahul: Staff;
let photo: string;
const today = indianToday();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminAuth();
  priya = await t.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune - Kothrud' });
  rahul = await t.createStaff({ role: 'counsellor', name: 'Rahul Patil', branch: 'Nashik' });
  photo = await t.uploadPhoto(priya.headers);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: { authorization: string }, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

let nextCentre = 100;
/** Its Add Centre form has no capacity input: `capicity` is `parseInt("")`, sent as null. */
async function addCentreAsTheClientDoes(name: string) {
  nextCentre += 1;
  const response = await call('POST', '/api/admin/addCenter', admin, {
    centerId: String(nextCentre),
    centerName: name,
    capicity: null,
    collegeName: `${name} College`,
  });
  expect(response.statusCode).toBe(201);
  return nextCentre;
}

let phone = 9_700_000_000;
/** Its registration form posts every value as text. */
function registrationForm(centreId: number, change: Record<string, string> = {}) {
  phone += 2;
  const studentNo = String(phone);
  const parentsNo = String(phone + 1);
  return {
    studentName: 'Sneha Joshi',
    gender: 'Female',
    dob: '2010-03-21',
    motherName: 'Anjali Joshi',
    address: 'Flat 4, Karve Road, Pune',
    pincode: '411004',
    email: 'sneha@example.com',
    studentNo,
    parentsNo,
    appNo: studentNo,
    notificationNo: parentsNo,
    standard: '10th',
    previousYear: '9th',
    schoolCollege: 'Abhinav Vidyalaya',
    preYearPercent: '88.40',
    branch: 'English',
    examCentre: `${centreId}-Centre`,
    examYear: String(new Date().getFullYear()),
    receiptNo: '2001',
    studentPhoto: photo,
    receiptPhoto: photo,
    paymentStandard: '10th',
    totalamount: '5850',
    amountPaid: '2000',
    modeOfPayment: 'cheque',
    amountRemaining: '3850',
    dueDate: shiftDate(today, { days: 30 }),
    uuid: priya.uuid,
    counsellor: 'Priya Deshmukh',
    counsellorBranch: 'Pune - Kothrud',
    ...change,
  };
}

describe('exam centres from the existing client', () => {
  it('adds a centre with a null capacity as having no seat limit, and enforces a capacity set later', async () => {
    const centreId = await addCentreAsTheClientDoes('Kothrud');
    const centres = (await call('GET', '/api/admin/getExamCenters', admin)).json().data;
    expect(centres.find((centre: { centerId: number }) => centre.centerId === centreId).capicity).toBeNull();

    for (let i = 0; i < 3; i += 1) {
      expect(
        (await call('POST', '/api/counsellor/register', priya.headers, registrationForm(centreId))).statusCode,
      ).toBe(201);
    }
    const edit = await call('PUT', `/api/admin/editcapicity/${centreId}`, admin, {
      centerName: 'Kothrud',
      capicity: '3',
      collegeName: 'Kothrud College',
    });
    expect(edit.statusCode).toBe(200);
    const full = await call('POST', '/api/counsellor/register', priya.headers, registrationForm(centreId));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(messages.examCentreFull);
  });
});

describe('registrations from the existing client', () => {
  it('registers from a form whose numbers are all text, computing the balance itself', async () => {
    const centreId = await addCentreAsTheClientDoes('Shivajinagar');
    const response = await call(
      'POST',
      '/api/counsellor/register',
      priya.headers,
      registrationForm(centreId, { totalamount: '1', amountRemaining: '0' }),
    );
    expect(response.statusCode).toBe(201);
    const { data } = (await call('GET', '/api/counsellor/getRegister?uuid=&role=counsellor', priya.headers)).json();
    const row = data.find((item: { studentId: string }) => item.studentId === response.json().studentId);
    expect(row).toMatchObject({ totalAmount: 5850, amountPaid: 2000, amountRemaining: 3850 });
  });

  it.each([
    ['hexadecimal', '0x10'],
    ['an exponent', '1e3'],
    ['empty text', ''],
  ])('refuses an amount paid written in %s', async (_, amountPaid) => {
    const centreId = await addCentreAsTheClientDoes('Aundh');
    const response = await call('POST', '/api/counsellor/register', priya.headers, {
      ...registrationForm(centreId),
      amountPaid,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.amountPaidInvalid);
  });

  it.each([null, false, [], {}])('refuses an amount paid of %j rather than reading it as 0', async (amountPaid) => {
    const centreId = await addCentreAsTheClientDoes('Baner');
    const response = await call('POST', '/api/counsellor/register', priya.headers, {
      ...registrationForm(centreId),
      amountPaid,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a derived value of the wrong type even though the server computes it', async () => {
    const centreId = await addCentreAsTheClientDoes('Hadapsar');
    const response = await call('POST', '/api/counsellor/register', priya.headers, {
      ...registrationForm(centreId),
      totalamount: { $gt: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('totalamount');
  });
});

describe('the exam year the existing client sends', () => {
  it("is the calendar year it computed, but the student gets the exam session's, on 10 January too", async () => {
    // The client computes examYear from its own calendar (SPEC §9); the server takes it from the session
    // open for registration, so a season keeps one exam year across 1 January.
    let now = new Date('2026-11-24T05:00:00Z');
    const season = await createTestApp({ clock: () => now });
    try {
      const counsellor = await season.createStaff({ role: 'counsellor', name: 'Priya Deshmukh', branch: 'Pune' });
      const seasonPhoto = await season.uploadPhoto(counsellor.headers);
      const centre = await season.app.inject({
        method: 'POST',
        url: '/api/admin/addCenter',
        headers: await season.adminAuth(),
        payload: { centerId: '7', centerName: 'Kothrud', capicity: null, collegeName: 'MIT College' },
      });
      expect(centre.statusCode).toBe(201);
      now = new Date('2027-01-10T05:00:00Z');
      const response = await season.app.inject({
        method: 'POST',
        url: '/api/counsellor/register',
        headers: counsellor.headers,
        payload: {
          ...registrationForm(7, { examYear: '2027', dueDate: '2027-02-10' }),
          studentPhoto: seasonPhoto,
          receiptPhoto: seasonPhoto,
          uuid: counsellor.uuid,
        },
      });
      expect(response.statusCode).toBe(201);
      const student = await season.app.inject({
        method: 'GET',
        url: `/api/counsellor/student/${response.json().studentId}`,
        headers: counsellor.headers,
      });
      expect(student.json().student.examYear).toBe(2026);
    } finally {
      await season.close();
    }
  });
});

describe('the Registration Table from the existing client', () => {
  let centreId: number;
  beforeAll(async () => {
    centreId = await addCentreAsTheClientDoes('Wakad');
    for (const staff of [priya, rahul]) {
      const form = registrationForm(centreId, { studentName: `Student of ${staff.uuid.slice(0, 4)}` });
      const response = await call('POST', '/api/counsellor/register', staff.headers, {
        ...form,
        uuid: staff.uuid,
      });
      expect(response.statusCode).toBe(201);
    }
  });

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const allEmpty = { search: '', counsellor: '', branch: '', examCentre: '', standard: '' };

  it('treats every empty parameter as absent', async () => {
    const response = await call(
      'GET',
      `/api/counsellor/getRegister?${query({ uuid: '', role: 'admin', page: '1', limit: '10', ...allEmpty })}`,
      admin,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBeGreaterThanOrEqual(2);
    expect(body.data.length).toBeLessThanOrEqual(10);
    expect(body.totalPages).toBe(Math.max(1, Math.ceil(body.totalCount / 10)));
  });

  it.each(['10', '25', '50', '100'])('pages with limit %s', async (limit) => {
    const response = await call(
      'GET',
      `/api/counsellor/getRegister?${query({ page: '1', limit, ...allEmpty })}`,
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.length).toBeLessThanOrEqual(Number(limit));
  });

  it('filters by a centre name, a centre ID, a counsellor uuid and a branch', async () => {
    const rows = async (params: Record<string, string>) =>
      (
        await call(
          'GET',
          `/api/counsellor/getRegister?${query({ page: '1', limit: '100', ...allEmpty, ...params })}`,
          admin,
        )
      ).json().data as { examCentre: string; createdBy: string; counsellorBranch: string }[];
    const byName = await rows({ examCentre: 'wakad' });
    expect(byName).toHaveLength(2);
    expect(await rows({ examCentre: String(centreId) })).toHaveLength(2);
    expect(await rows({ examCentre: 'No Such Centre' })).toHaveLength(0);
    const byCounsellor = await rows({ examCentre: 'Wakad', counsellor: rahul.uuid });
    expect(byCounsellor.map((row) => row.createdBy)).toEqual([rahul.uuid]);
    const byBranch = await rows({ examCentre: 'Wakad', branch: 'Nashik' });
    expect(byBranch.map((row) => row.counsellorBranch)).toEqual(['Nashik']);
  });

  it("never widens a counsellor's list, whatever role, uuid or counsellor it names", async () => {
    const response = await call(
      'GET',
      `/api/counsellor/getRegister?${query({ uuid: rahul.uuid, role: 'admin', page: '1', limit: '100', ...allEmpty, counsellor: rahul.uuid })}`,
      priya.headers,
    );
    expect(response.statusCode).toBe(200);
    const creators = new Set(response.json().data.map((row: { createdBy: string }) => row.createdBy));
    expect([...creators]).toEqual([priya.uuid]);
  });
});

describe('visiting forms from the existing client', () => {
  let phoneNo = 9_600_000_000;
  const visit = (reason: string) => {
    phoneNo += 1;
    return {
      studentName: 'Omkar Pawar',
      gender: 'Male',
      dob: '2011-01-09',
      address: 'Near Bus Stand, Nashik',
      pincode: '422001',
      standard: '12th',
      branch: 'PCB',
      schoolCollege: 'KTHM College',
      previousYearPercent: '71.20',
      email: 'omkar@example.com',
      studentNo: String(phoneNo),
      parentsNo: '9822011111',
      notificationNo: String(phoneNo),
      demoGiven: 'NO',
      reason,
      motherName: 'not require',
      uuid: priya.uuid,
      counsellor: 'Priya Deshmukh',
      counsellorBranch: 'Pune - Kothrud',
    };
  };

  it.each([...visitingReasons])('records the reason %s', async (reason) => {
    const response = await call('POST', '/api/counsellor/visiting', priya.headers, visit(reason));
    expect(response.statusCode).toBe(201);
  });

  it("records Other as the counsellor's own words, sent as the reason itself", async () => {
    const response = await call('POST', '/api/counsellor/visiting', priya.headers, visit('Wants an evening batch'));
    expect(response.statusCode).toBe(201);
    const records = (await call('GET', '/api/counsellor/getVisiting?uuid=&role=counsellor', priya.headers)).json().data;
    expect(records.some((record: { reason: string }) => record.reason === 'Wants an evening batch')).toBe(true);
  });

  it('lists the same fields as before, as a bare list, without the enquiries our own screen closed', async () => {
    const kept = (await call('POST', '/api/counsellor/visiting', priya.headers, visit(visitingReasons[1]))).json().data;
    const closed = (await call('POST', '/api/counsellor/visiting', priya.headers, visit(visitingReasons[2]))).json()
      .data;
    const closing = await call('PUT', `/api/counsellor/visiting/${closed.id}/close`, priya.headers, {
      reason: 'Duplicate',
    });
    expect(closing.statusCode).toBe(200);
    const response = await call('GET', '/api/counsellor/getVisiting?uuid=&role=counsellor', priya.headers);
    expect(Object.keys(response.json())).toEqual(['data']);
    const records: { id: number }[] = response.json().data;
    expect(records.map((record) => record.id)).toContain(kept.id);
    expect(records.map((record) => record.id)).not.toContain(closed.id);
    const spec = ['id', 'studentName', 'gender', 'dob', 'address', 'pincode', 'standard', 'previousYear', 'branch'];
    const more = ['schoolCollege', 'previousYearPercent', 'email', 'studentNo', 'parentsNo', 'notificationNo'];
    const rest = ['demoGiven', 'reason', 'motherName', 'uuid', 'counsellor', 'counsellorBranch', 'createdBy'];
    expect(records[0]).toEqual(
      expect.objectContaining(
        Object.fromEntries([...spec, ...more, ...rest, 'createdAt', 'updatedAt'].map((k) => [k, expect.anything()])),
      ),
    );
  });
});

describe('collections from the existing client', () => {
  /** Collects a fee, then settles ₹100 of it twice: with a remark of the client's list, then with Other: text. */
  const settleTwice = async () => {
    const centreId = await addCentreAsTheClientDoes('Camp');
    await call('POST', '/api/counsellor/register', priya.headers, registrationForm(centreId, { amountPaid: '5850' }));
    const answers = [];
    for (const remark of ['Company Account - SBI', 'Other: Handed to the branch head']) {
      answers.push(
        await call('POST', '/api/counsellor/myCollection/settle', priya.headers, {
          counsellorId: priya.uuid,
          counsellorName: 'Priya Deshmukh',
          amountPaid: '100',
          remark,
          proofUrl: photo,
          paymentDate: today,
        }),
      );
    }
    return answers;
  };

  it('settles with a remark of its own list and with Other: text', async () => {
    expect((await settleTwice()).map((response) => response.statusCode)).toEqual([201, 201]);
  });

  it('lists every transaction for an admin, newest first, and verifies or rejects each once', async () => {
    await settleTwice();
    const response = await call('GET', '/api/counsellor/collection/AllTransactions', admin);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toMatchObject({
      counsellorId: priya.uuid,
      counsellorName: 'Priya Deshmukh',
      remark: 'Other: Handed to the branch head',
      amountPaid: 100,
      verifyStatus: 'pending',
    });
    for (const key of ['id', 'paymentDate', 'proofUrl']) expect(list[0]).toHaveProperty(key);
    const times = list.map((row: { createdAt: string }) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const verify = (id: number, status: string) =>
      call('PUT', `/api/counsellor/collection/verifyPayment/${id}`, admin, { status });
    expect((await verify(list[0].id, 'rejected')).json()).toEqual({ message: messages.settlementRejected });
    expect((await verify(list[1].id, 'verified')).json()).toEqual({ message: messages.settlementVerified });
    const again = await verify(list[1].id, 'rejected');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.settlementAlreadyDecided);

    const history = (await call('GET', `/api/counsellor/collection/payments/${priya.uuid}`, priya.headers)).json();
    expect(history.find((row: { id: number }) => row.id === list[0].id).rejectionReason).toBe(
      messages.rejectedWithoutReason,
    );
  });

  it('keeps the admin list and verify from counsellors', async () => {
    expect((await call('GET', '/api/counsellor/collection/AllTransactions', priya.headers)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/counsellor/collection/verifyPayment/1', priya.headers, { status: 'verified' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('users from the existing client', () => {
  it('lists users with their details', async () => {
    const response = await call('GET', '/api/admin/getUserWithDetails', admin);
    expect(response.statusCode).toBe(200);
    const found = response.json().data.find((user: { uuid: string }) => user.uuid === priya.uuid);
    expect(found).toMatchObject({
      name: 'Priya Deshmukh',
      email: priya.email,
      role: 'counsellor',
      contactNum: '9876543210',
      dob: '1990-01-01',
      branch: 'Pune - Kothrud',
      commission: 10,
      isActive: true,
    });
    expect(found).not.toHaveProperty('passwordHash');
  });
});
