import { messages } from '@app/domain/messages';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@app/domain/session.rules';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryAttemptStore } from '../../lib/attempt-store';
import { failureKeys } from '../../lib/failure-limits';
import { ADMIN, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../testing/test-app';
import { LOGIN_FAILURES } from './auth.service';

let t: TestApp;
/** The failure counters' clock: moved forward to end a window. */
let now = Date.now();
const attempts = memoryAttemptStore(() => now);
beforeAll(async () => {
  t = await createTestApp({ attempts });
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

describe('login failure limits (lib/failure-limits.ts, LOGIN_FAILURES)', () => {
  /** Others' failures, put straight into the attempt store as the service would count them. */
  const othersFailed = async (key: string, times: number) => {
    for (let i = 0; i < times; i += 1) await attempts.hit(key, LOGIN_FAILURES.windowMs);
  };

  it('an account tried from many addresses: an address with 2 failures of its own is refused, a clean one signs in', async () => {
    const user = await t.createStaff({ role: 'counsellor' });
    const right = { email: user.email, password: user.password, role: 'counsellor' };
    const keys = (ip: string) => failureKeys(LOGIN_FAILURES, { subject: user.email, ip });
    await othersFailed(keys('10.7.0.1').subject, LOGIN_FAILURES.subject - 2);
    for (let n = 0; n < LOGIN_FAILURES.ownUnderPressure; n += 1) {
      expect((await login({ ...right, password: 'wrong-pass' }, '10.7.1.1')).statusCode).toBe(401);
    }
    // 20 failures on the account now: under pressure, 2 own failures are the most an address may have.
    expect(await attempts.count(keys('10.7.1.1').subject)).toBe(LOGIN_FAILURES.subject);
    const refused = await login(right, '10.7.1.1');
    expect([refused.statusCode, refused.json().message]).toEqual([429, messages.tooManyLoginAttempts]);
    expect((await login(right, '10.7.1.2')).statusCode).toBe(200);
    now += LOGIN_FAILURES.windowMs;
    expect((await login(right, '10.7.1.1')).statusCode).toBe(200);
  });

  it('a branch office past 500 failures: a correct password of an account clean there still signs in', async () => {
    const user = await t.createStaff({ role: 'counsellor' });
    const other = await t.createStaff({ role: 'counsellor' });
    const office = '10.8.0.1';
    await othersFailed(failureKeys(LOGIN_FAILURES, { subject: 'x@test.local', ip: office }).address, 499);
    // The 500th failure from the office, by a colleague: the office is now under pressure.
    expect((await login({ email: other.email, password: 'wrong-pass', role: 'counsellor' }, office)).statusCode).toBe(
      401,
    );
    expect(await attempts.count(failureKeys(LOGIN_FAILURES, { subject: user.email, ip: office }).address)).toBe(
      LOGIN_FAILURES.address,
    );
    expect((await login({ email: user.email, password: user.password, role: 'counsellor' }, office)).statusCode).toBe(
      200,
    );
    // The colleague, on their second failure there, is refused from the office; elsewhere they sign in.
    expect((await login({ email: other.email, password: 'wrong-pass', role: 'counsellor' }, office)).statusCode).toBe(
      401,
    );
    const right = { email: other.email, password: other.password, role: 'counsellor' };
    expect((await login(right, office)).statusCode).toBe(429);
    expect((await login(right, '10.8.0.2')).statusCode).toBe(200);
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

  it('refuses a token it accepted before once that token expires (a verified token is not trusted past its exp)', async () => {
    const { authorization } = await t.adminAuth();
    const claims = JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const shortLived = createSigner({ key: TEST_JWT_SECRET })({
      sub: claims.sub,
      role: 'admin',
      sv: 0,
      iat: now,
      exp: now + 2,
    });
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${shortLived}` } });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: (now + 3) * 1000 });
    try {
      const response = await me();
      expect([response.statusCode, response.json().message]).toEqual([401, messages.sessionExpired]);
    } finally {
      vi.useRealTimers();
    }
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

describe('POST /api/auth/renew (Stay signed in)', () => {
  const renew = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/renew', headers });
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  /** A token of `uuid` signed as the login signs it, issued `ageMinutes` ago and ending `leftMinutes` from now. */
  const tokenOf = (uuid: string, role: string, ageMinutes: number, leftMinutes: number) => {
    const now = Math.floor(Date.now() / 1000);
    const token = createSigner({ key: TEST_JWT_SECRET })({
      sub: uuid,
      role,
      sv: 0,
      iat: now - ageMinutes * 60,
      exp: now + leftMinutes * 60,
    });
    return { authorization: `Bearer ${token}` };
  };
  const renewalsOf = async (uuid: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/activity?entity=user&entityId=${uuid}`,
        headers: await t.adminAuth(),
      })
    )
      .json()
      .data.filter((entry: { action: string }) => entry.action === 'renew');

  it('answers a new 60-minute session for the same user while the old one is valid, and audits it', async () => {
    const staff = await t.createStaff({ role: 'counsellor', name: 'Renew Me' });
    const old = tokenOf(staff.uuid, 'counsellor', 57, 3);
    const before = Date.now();
    const response = await renew(old);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json();
    expect(Object.keys(session).sort()).toEqual(
      ['branch', 'email', 'expiresAt', 'name', 'role', 'token', 'userName', 'uuid'].sort(),
    );
    expect(session).toMatchObject({ uuid: staff.uuid, email: staff.email, name: 'Renew Me', role: 'counsellor' });
    expect(session.expiresAt).toBeGreaterThanOrEqual(before + 60 * 60 * 1000);
    const claims = claimsOf(session.token);
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.exp).toBeGreaterThan(claimsOf(old.authorization.slice('Bearer '.length)).exp + 50 * 60);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json().uuid).toBe(staff.uuid);

    const renewals = await renewalsOf(staff.uuid);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      actor: { uuid: staff.uuid, name: 'Renew Me', role: 'counsellor' },
      entity: 'user',
      entityName: 'Renew Me',
    });
    expect(JSON.stringify(renewals[0])).not.toContain(session.token);
  });

  it('answers a token of its own even in the second of the sign-in (each session carries its own id)', async () => {
    const signedIn = (await login({ email: ADMIN.email, password: ADMIN.password, role: 'admin' })).json();
    const again = (await login({ email: ADMIN.email, password: ADMIN.password, role: 'admin' })).json();
    const renewed = (await renew({ authorization: `Bearer ${signedIn.token}` })).json();
    const tokens = [signedIn.token, again.token, renewed.token];
    expect(new Set(tokens).size).toBe(3);
    expect(new Set(tokens.map((token) => claimsOf(token).jti)).size).toBe(3);
  });

  it('refuses an expired session, a deactivated user and a missing token, and records nothing', async () => {
    const staff = await t.createStaff({ role: 'teacher' });
    const expired = await renew(tokenOf(staff.uuid, 'teacher', 61, -1));
    expect([expired.statusCode, expired.json().message]).toEqual([401, messages.sessionExpired]);
    expect((await renew({})).statusCode).toBe(401);

    await t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${staff.uuid}`, headers: await t.adminAuth() });
    const deactivated = await renew(staff.headers);
    expect(deactivated.statusCode).toBe(401);
    expect(deactivated.json().code).toBe('UNAUTHORIZED');
    expect(await renewalsOf(staff.uuid)).toEqual([]);
  });
});
