import { messages } from '@app/domain/messages';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { users } from './db/schema';
import { hashPassword } from './lib/passwords';
import { ADMIN, createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the app', () => {
  it('GET /api/health checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api/admin/getUser/extra/bits']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.notFound, code: 'NOT_FOUND' });
    }
  });

  it('sends a compact security header set on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the strict document policy on pages, never upgrade-insecure-requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard/home' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the API reference page its own policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self' 'unsafe-inline'");
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ADMIN.email, password: 'x'.repeat(2 * 1024 * 1024), role: 'admin' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['a broken %-escape', 'PUT', '/api/admin/editcapicity/%E0%A4%A', 400, messages.badUrl],
    ['an over-long path parameter', 'PUT', `/api/admin/editcapicity/${'9'.repeat(10_000)}`, 414, messages.urlTooLong],
  ])('answers %s in our error format with our headers', async (_, method, url, status, message) => {
    const response = await t.app.inject({
      method: method as 'PUT',
      url,
      headers: await t.adminAuth(),
      payload: { centerName: 'X', collegeName: 'Y' },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it.each([null, [], 'x', 42, true])('refuses a body of %j that is not an object', async (body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addCenter',
      headers: { ...(await t.adminAuth()), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.bodyNotObject, code: 'BAD_REQUEST' });
  });

  it('refuses a NUL character in a query or a text field', async () => {
    const headers = await t.adminAuth();
    const query = await t.app.inject({ method: 'GET', url: '/api/counsellor/getRegister?search=a%00b', headers });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe(messages.textControlCharacters);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/admin/addCenter',
      headers,
      payload: { centerId: 77, centerName: 'Nul\u0000Centre', collegeName: 'Y' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe(messages.textControlCharacters);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/admin/getUser', '/api/admin/getSettingFlags']),
    );
  });

  it('two admins deactivating each other at once leave one active admin', async () => {
    // An app of its own: either admin may be the one left, and the other tests sign in as the first.
    const t = await createTestApp();
    onTestFinished(() => t.close());
    await t.app.deps.db.insert(users).values({
      name: 'Second Admin',
      userName: 'Second Admin',
      email: 'admin2@test.local',
      role: 'admin',
      passwordHash: await hashPassword('admin-pass-2'),
    });
    const first = await t.adminAuth();
    const second = await t.login('admin2@test.local', 'admin-pass-2', 'admin');
    const uuidOf = async (headers: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().uuid as string;
    const [firstUuid, secondUuid] = [await uuidOf(first), await uuidOf(second)];

    const results = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${secondUuid}`, headers: first }),
      t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${firstUuid}`, headers: second }),
    ]);
    const codes = results.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = results.find((response) => response.statusCode === 409);
    expect(refused?.json().message).toBe(messages.lastAdmin);
    const admins = (await t.app.deps.db.select().from(users)).filter((user) => user.role === 'admin' && user.isActive);
    expect(admins).toHaveLength(1);
  });
});

describe('failures inside the server', () => {
  it('answer 500 with a generic message, never the error itself', async () => {
    const broken = await createTestApp();
    const headers = await broken.adminAuth();
    await broken.app.deps.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/admin/getUser', headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: messages.internalError, code: 'INTERNAL' });
    const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    broken.app.deps.database.close = async () => {};
    await broken.close();
  });
});

describe('answers at the edges of HTTP (issue 24)', () => {
  it('sends HSTS only over https, as a TLS proxy reports it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('keeps the OpenAPI document to our own origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never lets a session token be cached', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...ADMIN, role: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a body in another character set instead of reading it as UTF-8, and changes nothing', async () => {
    const body = Buffer.from(JSON.stringify({ ...ADMIN, role: 'admin' }), 'utf16le');
    for (const contentType of ['application/json; charset=utf-16', 'application/json;charset="UTF-16LE"']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: body,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: messages.unsupportedCharset, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    const utf8 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      payload: JSON.stringify({ ...ADMIN, role: 'admin' }),
    });
    expect(utf8.statusCode).toBe(200);
  });

  it('answers an address over 16 KB in our shape, with our headers, over a real socket', async () => {
    const server = await createTestApp();
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${address}/api/health?q=${'x'.repeat(20_000)}`);
      expect(response.status).toBe(431);
      expect(await response.json()).toEqual({ message: messages.headersTooLarge, code: 'BAD_REQUEST' });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await fetch(`${address}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the log (issue 24)', () => {
  it('writes JSON lines with the request id the answer carries, and no name or query from a lookup', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logStream: { write: (line) => lines.push(line) } });
    try {
      const response = await logged.app.inject({
        method: 'GET',
        url: '/api/result/fetch?studentName=Gauri%20Shinde&studentId=2600001&motherName=Sunita',
      });
      const id = response.headers['x-request-id'];
      expect(typeof id).toBe('string');
      const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } });
      const ofRequest = entries.filter((entry) => entry.reqId === id);
      expect(ofRequest.length).toBeGreaterThanOrEqual(2);
      expect(ofRequest.find((entry) => entry.req)?.req?.url).toBe('/api/result/fetch');
      const text = lines.join('\n');
      for (const secret of ['Gauri', 'Sunita', '2600001']) expect(text).not.toContain(secret);
      // Another request, another id; a proxy's own id is kept.
      const again = await logged.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'proxy-1234-abcd' },
      });
      expect(again.headers['x-request-id']).toBe('proxy-1234-abcd');
    } finally {
      await logged.close();
    }
  });
});
