import { messages } from '@app/domain/messages';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@app/domain/session.rules';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('answers the flat session object the browser keeps', async () => {
    const before = Date.now();
    const response = await login({ email: ADMIN.email, password: ADMIN.password, role: 'admin' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      ['branch', 'email', 'expiresAt', 'name', 'role', 'token', 'userName', 'uuid'].sort(),
    );
    expect(body).toMatchObject({ email: ADMIN.email, role: 'admin', branch: null });
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + 60 * 60 * 1000);
    expect(body.expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
  });

  it('finds the account whatever the case of the email', async () => {
    const response = await login({ email: ADMIN.email.toUpperCase(), password: ADMIN.password, role: 'admin' });
    expect(response.statusCode).toBe(200);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const unknown = await login({ email: 'nobody@test.local', password: 'whatever1', role: 'admin' }, '10.0.1.1');
    const wrong = await login({ email: ADMIN.email, password: 'not-the-password', role: 'admin' }, '10.0.1.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(messages.invalidCredentials);
    expect(wrong.json().message).toBe(messages.invalidCredentials);
  });

  it('refuses a role the user does not have', async () => {
    const response = await login({ email: ADMIN.email, password: ADMIN.password, role: 'counsellor' }, '10.0.2.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.wrongRole);
  });

  it('refuses a deactivated user', async () => {
    const staff = await t.createStaff({ role: 'teacher' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${staff.uuid}`, headers: await t.adminAuth() });
    const response = await login({ email: staff.email, password: staff.password, role: 'teacher' }, '10.0.3.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.accountDeactivated);
  });

  it.each([
    [{ password: 'x', role: 'admin' }, 'email'],
    [{ email: 'not-an-email', password: 'x', role: 'admin' }, 'email'],
    [{ email: ADMIN.email, role: 'admin' }, 'password'],
    [{ email: ADMIN.email, password: 'x', role: 'principal' }, 'role'],
    [{ email: ADMIN.email, password: 'x'.repeat(500), role: 'admin' }, 'password'],
  ])('answers 400 for %j', async (payload, field) => {
    const response = await login(payload, '10.0.4.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('rate-limits repeated failures, even when the right password follows', async () => {
    const ip = '10.0.5.1';
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await login({ email: ADMIN.email, password: 'wrong-pass', role: 'admin' }, ip)).statusCode).toBe(401);
    }
    const blocked = await login({ email: ADMIN.email, password: ADMIN.password, role: 'admin' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.tooManyLoginAttempts);
    expect(Number(blocked.headers['retry-after'])).toBe(LOGIN_FAILURE_WINDOW_MS / 1000);
    // Another address is not locked out by this one.
    expect((await login({ email: ADMIN.email, password: ADMIN.password, role: 'admin' }, '10.0.5.2')).statusCode).toBe(
      200,
    );
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the signed-in user without secrets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: await t.adminAuth() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: ADMIN.email, role: 'admin', isActive: true });
    expect(response.body).not.toMatch(/password|argon2/i);
  });

  it('refuses a request without a token, with a malformed one, or with a forged one', async () => {
    const me = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });
    const { authorization } = await t.adminAuth();
    const [, payload] = (authorization.split(' ')[1] ?? '').split('.');
    const forged = createSigner({ key: 'another-secret-another-secret-1234' })({
      sub: JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).sub,
      role: 'admin',
      sv: 0,
    });
    for (const header of [undefined, 'Bearer', 'Bearer abc.def.ghi', `Bearer ${forged}`, 'Basic dXNlcjpwYXNz']) {
      const response = await me(header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a well-signed token that never expires or names no user', async () => {
    const { authorization } = await t.adminAuth();
    const claims = JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString());
    const sign = createSigner({ key: TEST_JWT_SECRET });
    for (const token of [
      sign({ sub: claims.sub, role: 'admin', sv: 0 }),
      sign({ sub: 'not-a-uuid', role: 'admin', sv: 0, exp: claims.exp }),
      sign({ sub: "1' or '1'='1", role: 'admin', sv: 0, exp: claims.exp }),
      sign({ sub: claims.sub, role: 'principal', sv: 0, exp: claims.exp }),
      sign({ sub: claims.sub, role: 'admin', sv: 'x', exp: claims.exp }),
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(messages.signInRequired);
    }
  });

  it('refuses an expired token with the session-expired message', async () => {
    const { authorization } = await t.adminAuth();
    const claims = JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const expired = createSigner({ key: TEST_JWT_SECRET })({
      sub: claims.sub,
      role: 'admin',
      sv: 0,
      iat: now - 7200,
      exp: now - 3600,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.sessionExpired);
  });

  it('tokens live 60 minutes', async () => {
    const { authorization } = await t.adminAuth();
    const claims = JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('a deactivated user is out on their next request', async () => {
    const staff = await t.createStaff({ role: 'counsellor' });
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: staff.headers });
    expect((await me()).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${staff.uuid}`, headers: await t.adminAuth() });
    expect((await me()).statusCode).toBe(401);
    // Reactivation does not revive the old token: the user signs in again.
    await t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${staff.uuid}`, headers: await t.adminAuth() });
    expect((await me()).statusCode).toBe(401);
    const again = await t.login(staff.email, staff.password, 'counsellor');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: again })).statusCode).toBe(200);
  });
});
