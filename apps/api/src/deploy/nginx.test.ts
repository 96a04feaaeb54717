import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '../plugins/security-headers';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The README's deployment example, run: docs/deploy/nginx.conf in front of the app with TRUST_PROXY,
 * on free ports with a certificate made for the test. Needs nginx (CI installs nginx-light); on a
 * developer's machine without it the test is skipped, under CI=true it fails.
 */
const NGINX = '/usr/sbin/nginx';
const pgliteProject = process.env.TEST_DB_DRIVER !== 'postgres';
const hasNginx = existsSync(NGINX);
if (process.env.CI && pgliteProject && !hasNginx)
  throw new Error('The deployment test needs nginx: apt-get install nginx-light');

const work = mkdtempSync(path.join(tmpdir(), 'nginx-test-'));
let t: TestApp;
let nginx: ReturnType<typeof spawn> | undefined;
const ports = { http: 0, https: 0 };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function get(url: string): Promise<Answer> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { rejectUnauthorized: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.runIf(pgliteProject && hasNginx)('behind nginx as the README deploys it', () => {
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
    const appAddress = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = new URL(appAddress).port;
    ports.http = await freePort();
    ports.https = await freePort();
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=exams.example.in',
        '-keyout',
        path.join(work, 'key.pem'),
        '-out',
        path.join(work, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const site = readFileSync(path.join(import.meta.dirname, '../../../../docs/deploy/nginx.conf'), 'utf8')
      .replaceAll('127.0.0.1:3000', `127.0.0.1:${appPort}`)
      .replace(/listen \[::\]:\d+[^;]*;\n/g, '')
      .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
      .replace('https://$host$request_uri', `https://$host:${ports.https}$request_uri`)
      .replace(/\/etc\/letsencrypt\/live\/exams\.example\.in\/fullchain\.pem/, path.join(work, 'cert.pem'))
      .replace(/\/etc\/letsencrypt\/live\/exams\.example\.in\/privkey\.pem/, path.join(work, 'key.pem'));
    mkdirSync(path.join(work, 'temp'));
    const temp = (name: string) => `${name}_temp_path ${path.join(work, 'temp', name)};`;
    writeFileSync(
      path.join(work, 'nginx.conf'),
      `pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'error.log')} warn;
events {}
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${site}
}
`,
    );
    nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    for (let i = 0; i < 50; i += 1) {
      if (
        await get(`https://127.0.0.1:${ports.https}/api/health`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the API over TLS with HSTS, and the app knows the request came over https', async () => {
    const answer = await get(`https://127.0.0.1:${ports.https}/api/health`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
    expect(answer.headers['strict-transport-security']).toBe(HSTS);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends plain http to https', async () => {
    const answer = await get(`http://127.0.0.1:${ports.http}/result`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://127.0.0.1:${ports.https}/result`);
  });

  it('passes errors through in our shape', async () => {
    const answer = await get(`https://127.0.0.1:${ports.https}/api/nothing-here`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
