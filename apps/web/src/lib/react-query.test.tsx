import { messages } from '@app/domain/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './react-query';

const notFound = () => Promise.reject(new ApiError(404, { message: messages.studentNotFoundWithId }));

describe('failed queries', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are logged when the screen does not tell them', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient({ notifyError: () => {} });
    await client.fetchQuery({ queryKey: ['glitch'], queryFn: notFound }).catch(() => {});
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('are not logged when the screen tells them itself (a student ID that does not exist)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient({ notifyError: () => {} });
    await client
      .fetchQuery({ queryKey: ['student', '2699999'], queryFn: notFound, meta: { isShownByScreen: true } })
      .catch(() => {});
    expect(log).not.toHaveBeenCalled();
  });
});
