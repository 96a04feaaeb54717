import { createHmac, timingSafeEqual } from 'node:crypto';
import { isStartReply, isStopReply } from '@app/domain/family-messages.rules';
import { normalisePhone } from '@app/domain/phone.rules';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { systemActor } from '../audit/audit.service';
import { recordDeliveryReport } from './messages.repository';
import { setConsent } from './messages.service';

/** True when `signature` ('sha256=<hex>', X-Hub-Signature-256) is the HMAC of the raw body with the app secret. */
export function isWhatsAppSignature(rawBody: string, signature: string | undefined, appSecret: string | undefined) {
  if (!appSecret || !signature?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex'), 'utf8');
  const given = Buffer.from(signature.slice('sha256='.length), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The part of WhatsApp's webhook we read; anything else in it is ignored. */
const whatsAppWebhook = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  messages: z
                    .array(
                      z.object({
                        from: z.string().max(20),
                        type: z.string().max(30),
                        text: z.object({ body: z.string().max(4096) }).optional(),
                        button: z.object({ text: z.string().max(256) }).optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().max(200),
                        status: z.string().max(30),
                        biz_opaque_callback_data: z.string().max(512).optional(),
                        errors: z
                          .array(z.object({ code: z.number().optional(), title: z.string().max(500).optional() }))
                          .optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                })
                .optional(),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A verified WhatsApp webhook: a parent's STOP (or START) reply records their choice; a status report
 * (sent, delivered, failed) updates the message it names, by WhatsApp's id or by our callback data.
 * Answers what it did, for the log and tests.
 */
export async function handleWhatsAppWebhook(db: Db, payload: unknown) {
  const parsed = whatsAppWebhook.safeParse(payload);
  const done = { optedOut: 0, optedIn: 0, reports: 0 };
  if (!parsed.success) return done;
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      for (const message of change.value?.messages ?? []) {
        const text = message.text?.body ?? message.button?.text ?? '';
        const phone = normalisePhone(message.from);
        if (!/^\d{10}$/.test(phone)) continue;
        if (isStopReply(text)) {
          await setConsent(db, {
            phone,
            optedOut: true,
            source: 'reply',
            note: `Replied "${text.trim().slice(0, 40)}"`,
            by: systemActor,
          });
          done.optedOut += 1;
        } else if (isStartReply(text)) {
          await setConsent(db, {
            phone,
            optedOut: false,
            source: 'reply',
            note: `Replied "${text.trim().slice(0, 40)}"`,
            by: systemActor,
          });
          done.optedIn += 1;
        }
      }
      for (const status of change.value?.statuses ?? []) {
        const kind = status.status === 'delivered' || status.status === 'read' ? 'delivered' : status.status;
        if (kind !== 'sent' && kind !== 'delivered' && kind !== 'failed') continue;
        const key = status.biz_opaque_callback_data;
        done.reports += await recordDeliveryReport(db, {
          providerMessageId: status.id,
          idempotencyKey: key && UUID.test(key) ? key : undefined,
          status: kind,
          ...(kind === 'failed'
            ? {
                failReason: `WhatsApp ${status.errors?.[0]?.code ?? ''}: ${status.errors?.[0]?.title ?? 'not delivered'}`,
              }
            : {}),
        });
      }
    }
  }
  return done;
}
