import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

const TOKEN = 'metrics-token-0123456789-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

describe('GET /api/metrics', () => {
  it('gives Prometheus requests by route and status, latency, errors, queues, memory and event-loop delay', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/counsellor/student/2600001' });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/http_requests_total\{route="\/api\/health",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(
      /http_requests_total\{route="\/api\/counsellor\/student\/:studentId",method="GET",status="401"\} 1/,
    );
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",route="/api/health",method="GET"}');
    expect(text).toContain('# TYPE http_server_errors_total counter');
    expect(text).toMatch(/photo_decode_queue\{state="waiting"\} 0/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    if (t.app.deps.database.driver === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });

  it('answers an admin, and no one else: not a counsellor, not a wrong token, not nobody', async () => {
    expect((await scrape((await t.adminAuth()).authorization)).statusCode).toBe(200);
    const counsellor = await t.createStaff({ role: 'counsellor' });
    expect((await scrape(counsellor.headers.authorization)).statusCode).toBe(403);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape()).statusCode).toBe(401);
  });
});
