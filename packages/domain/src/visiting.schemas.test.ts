import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { OTHER_REASON, visitingRequest } from './visiting.schemas';

describe('visitingRequest', () => {
  it('asks for the written reason even while other fields are still empty', () => {
    const result = visitingRequest.safeParse({
      reason: OTHER_REASON,
      studentNo: '9800000001',
      parentsNo: '9800000002',
      notificationNo: '9000000000',
    });
    const messagesFound = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messagesFound).toContain(messages.otherReasonRequired);
    expect(messagesFound).toContain(messages.notificationNumber);
  });

  it('does not judge a rule whose fields are themselves invalid', () => {
    const result = visitingRequest.safeParse({
      studentNo: '98',
      parentsNo: '9800000002',
      notificationNo: '9000000000',
    });
    expect(result.error?.issues.map((issue) => issue.message)).not.toContain(messages.notificationNumber);
  });
});
