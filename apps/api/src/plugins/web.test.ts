import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** A small built web app, laid out the way apps/web's build lays it out. */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'pages'));
  const write = (file: string, content: string, compressed = false) => {
    writeFileSync(path.join(root, file), content);
    if (!compressed) return;
    writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(root, `${file}.gz`), gzipSync(content));
  };
  write('index.html', '<!doctype html><title>app</title>');
  write('assets/app-abc123.js', `console.log(${JSON.stringify('x'.repeat(2000))});`, true);
  write('pages/home.html', `<!doctype html><title>home</title>${'<p>home</p>'.repeat(200)}`, true);
  write('pages/about.html', '<!doctype html><title>about</title>');
  write('pages/app-result.html', '<!doctype html><title>result: asks the API</title>');
  write('pages/app-result.on.html', '<!doctype html><title>result: declared</title>', true);
  write('pages/app-result.off.html', '<!doctype html><title>result: not yet</title>', true);
  write(
    'pages/manifest.json',
    JSON.stringify({
      pages: {
        '/': 'pages/home.html',
        '/about': 'pages/about.html',
        '/login': 'index.html',
        '/result': 'pages/app-result.html',
        '/dashboard': 'index.html',
        '/dashboard/*': 'index.html',
      },
      flagged: { '/result': { flag: 'RESULT', on: 'pages/app-result.on.html', off: 'pages/app-result.off.html' } },
    }),
  );
  return root;
}

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = fakeWebBuild();
  t = await createTestApp({ webDist: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app', () => {
  it('serves the marketing pages as static HTML, brotli when accepted, revalidated on each visit', async () => {
    const home = await get('/', 'br, gzip');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.vary).toMatch(/accept-encoding/i);

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>home</title>');
    expect((await get('/about')).body).toContain('<title>about</title>');
  });

  it('sends hashed assets compressed (gzip when brotli is not accepted) and cached for a year', async () => {
    const asset = await get('/assets/app-abc123.js', 'gzip');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers a flagged page with its first paint for the flag as it is now, never cached by ETag', async () => {
    const setResult = async (flagValue: 'true' | 'false') => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/updateSettingFlag/RESULT',
        headers: await t.adminAuth(),
        payload: { flagValue },
      });
      expect(response.statusCode).toBe(200);
    };
    const off = await get('/result', 'br');
    expect(off.statusCode).toBe(200);
    expect(off.headers['content-encoding']).toBe('br');
    expect(off.headers.etag).toBeUndefined();
    expect(off.headers['last-modified']).toBeUndefined();
    expect(off.headers['cache-control']).toBe('no-cache');
    expect((await get('/result')).body).toContain('result: not yet');

    await setResult('true');
    expect((await get('/result')).body).toContain('result: declared');
    await setResult('false');
    expect((await get('/result')).body).toContain('result: not yet');
  });

  it("answers the app's own paths with the app and 200, unknown paths with the app and 404", async () => {
    for (const url of ['/login', '/dashboard', '/dashboard/home']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>app</title>');
    }
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>app</title>');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
  });
});
