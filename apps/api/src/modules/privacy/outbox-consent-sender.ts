import type { Db } from '../../db/client';
import { sendConsentCode } from '../messages/messages.service';
import type { ConsentCodeSender } from './consent-code-sender';

/**
 * A provider is configured: the code is queued in the outbox (its own transaction, after the code's) and
 * the worker is woken. A parent who said STOP still gets it: they asked for this code.
 */
export function outboxSender(db: Db, wake: () => void): ConsentCodeSender {
  return {
    carriesLink: true,
    async send({ phone, code, link }) {
      const queued = await db.transaction((tx) => sendConsentCode(tx, { phone, code, link }));
      if (queued === undefined) return { sent: false };
      wake();
      return { sent: true };
    },
  };
}
