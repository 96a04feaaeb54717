import { messages } from '@app/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const flags = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/getSettingFlags' })).json().data;

const update = async (flagName: string, payload: unknown, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/updateSettingFlag/${flagName}`,
    headers: headers ?? (await t.adminAuth()),
    payload: payload as Record<string, unknown>,
  });

describe('setting flags', () => {
  it('exist from the first start, off, and are readable without signing in', async () => {
    expect(await flags()).toEqual([
      { flagName: 'HALLTICKET', flagValue: 'false' },
      { flagName: 'RESULT', flagValue: 'false' },
    ]);
  });

  it('an admin switches a flag on and off', async () => {
    expect((await update('HALLTICKET', { flagValue: 'true' })).statusCode).toBe(200);
    expect(await flags()).toContainEqual({ flagName: 'HALLTICKET', flagValue: 'true' });
    expect((await update('HALLTICKET', { flagValue: 'false' })).statusCode).toBe(200);
    expect(await flags()).toContainEqual({ flagName: 'HALLTICKET', flagValue: 'false' });
  });

  it.each([[{ flagValue: 'yes' }], [{ flagValue: true }], [{ flagValue: 'TRUE' }], [{}]])(
    'answers 400 for %j and changes nothing',
    async (payload) => {
      const response = await update('RESULT', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.flagValueInvalid);
      expect(await flags()).toContainEqual({ flagName: 'RESULT', flagValue: 'false' });
    },
  );

  it('answers 404 for an unknown flag', async () => {
    const response = await update('MAINTENANCE', { flagValue: 'true' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.flagNotFound);
  });

  it('is switched by admins only', async () => {
    const counsellor = await t.createStaff({ role: 'counsellor' });
    expect((await update('RESULT', { flagValue: 'true' }, counsellor.headers)).statusCode).toBe(403);
    expect((await update('RESULT', { flagValue: 'true' }, {})).statusCode).toBe(401);
    expect(await flags()).toContainEqual({ flagName: 'RESULT', flagValue: 'false' });
  });
});
