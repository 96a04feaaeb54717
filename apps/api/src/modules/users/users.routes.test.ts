import { messages } from '@app/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  name: 'Priya Deshmukh',
  email: 'priya@test.local',
  role: 'counsellor',
  contactNum: '9822012345',
  branch: 'Pune - Kothrud',
  commission: 10,
  dob: '1992-04-18',
  password: 'secret12',
};

const register = async (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', headers: await t.adminAuth(), payload });

const listUsers = async (query = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/getUser${query}`, headers: await t.adminAuth() })).json()
    .data as Array<Record<string, unknown>>;

describe('POST /api/auth/register', () => {
  it('creates a counsellor with branch and commission', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: messages.userCreated,
      data: {
        name: valid.name,
        email: valid.email,
        role: 'counsellor',
        branch: valid.branch,
        commission: 10,
        isActive: true,
      },
    });
    await expect(t.login(valid.email, valid.password, 'counsellor')).resolves.toBeDefined();
  });

  it('creates a teacher with no branch and no commission, whatever was sent', async () => {
    const response = await register({
      ...valid,
      email: 'teacher@test.local',
      role: 'teacher',
      branch: 'Ignored',
      commission: 30,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ role: 'teacher', branch: null, commission: 0 });
  });

  it('refuses a duplicate email, whatever its case', async () => {
    expect((await register({ ...valid, email: 'duplicate@test.local' })).statusCode).toBe(201);
    const response = await register({ ...valid, email: 'DUPLICATE@Test.Local' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.emailTaken);
  });

  it.each([
    ['a short password', { password: 'abc12' }, messages.passwordTooShort],
    ['a missing password', { password: undefined }, messages.passwordTooShort],
    ['a huge password', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ['a counsellor without branch', { branch: '' }, messages.branchRequired],
    ['a counsellor with null branch', { branch: null }, messages.branchRequired],
    ['a 9-digit phone', { contactNum: '982201234' }, messages.phoneDigits],
    ['a phone with letters', { contactNum: '98220abcde' }, messages.phoneDigits],
    ['a bad email', { email: 'priya@' }, messages.invalidEmail],
    ['an admin role', { role: 'admin' }, 'Role must be counsellor or teacher'],
    ['an impossible date', { dob: '2001-02-30' }, messages.invalidDate],
    ['a future date of birth', { dob: '2099-01-01' }, messages.staffDobRange],
    ['the year 0000', { dob: '0000-01-01' }, messages.invalidDate],
    ['a commission above 100', { commission: 101 }, messages.commissionInvalid],
    ['a negative commission', { commission: -1 }, messages.commissionInvalid],
    ['a commission with 3 decimals', { commission: 1.234 }, messages.commissionInvalid],
    ['a commission in hexadecimal', { commission: '0x10' }, messages.commissionInvalid],
    ['a commission of true', { commission: true }, messages.commissionInvalid],
  ])('refuses %s with its message', async (_label, change, message) => {
    const before = (await listUsers()).length;
    const response = await register({ ...valid, email: `other-${Math.random()}@test.local`, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await listUsers()).length).toBe(before);
  });

  it('refuses a name of 10,000 characters', async () => {
    const response = await register({ ...valid, email: 'long@test.local', name: 'x'.repeat(10_000) });
    expect(response.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: counsellor.headers,
      payload: { ...valid, email: 'sneaky@test.local' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/admin/getUser', () => {
  it('lists users without password hashes, and filters by role', async () => {
    await t.createStaff({ role: 'counsellor' });
    await t.createStaff({ role: 'teacher' });
    const all = await listUsers();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|argon2|password/);
    const counsellors = await listUsers('?role=counsellor');
    expect(counsellors.length).toBeGreaterThan(0);
    expect(counsellors.every((user) => user.role === 'counsellor')).toBe(true);
  });

  it('answers 400 for an unknown role filter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/getUser?role=owner',
      headers: await t.adminAuth(),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/admin/changePassword/:uuid', () => {
  it('sets a new password and ends the user’s other sessions', async () => {
    const staff = await t.createStaff({ role: 'counsellor' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/changePassword/${staff.uuid}`,
      headers: await t.adminAuth(),
      payload: { password: 'brand-new-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.passwordChanged);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: staff.headers })).statusCode).toBe(401);
    await expect(t.login(staff.email, staff.password, 'counsellor')).rejects.toThrow();
    await expect(t.login(staff.email, 'brand-new-1', 'counsellor')).resolves.toBeDefined();
  });

  it('applies the password rules', async () => {
    const staff = await t.createStaff({ role: 'teacher' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/changePassword/${staff.uuid}`,
      headers: await t.adminAuth(),
      payload: { password: '12345' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.passwordTooShort);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/changePassword/00000000-0000-4000-8000-000000000000',
      headers: await t.adminAuth(),
      payload: { password: 'another-1' },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/changePassword/not-a-uuid',
      headers: await t.adminAuth(),
      payload: { password: 'another-1' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/deleteUser/:uuid', () => {
  it('toggles the active state both ways', async () => {
    const staff = await t.createStaff({ role: 'teacher' });
    const toggle = async () =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${staff.uuid}`, headers: await t.adminAuth() });
    const off = await toggle();
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: messages.userDeactivated, data: { isActive: false } });
    const on = await toggle();
    expect(on.json()).toMatchObject({ message: messages.userActivated, data: { isActive: true } });
  });

  it('does not let an admin deactivate themselves (the last admin)', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: await t.adminAuth() })).json();
    expect(me.email).toBe(ADMIN.email);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/deleteUser/${me.uuid}`,
      headers: await t.adminAuth(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.cannotDeactivateSelf);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: await t.adminAuth() })).statusCode).toBe(
      200,
    );
  });
});
