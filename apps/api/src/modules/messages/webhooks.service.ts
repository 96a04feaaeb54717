import { createHmac, timingSafeEqual } from 'node:crypto';
import { optionalText, requiredText } from '@app/domain/common.schemas';
import { isStartReply, isStopReply } from '@app/domain/family-messages.rules';
import { normalisePhone } from '@app/domain/phone.rules';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  type DeliveryReport,
  isKnownProviderMessage,
  keepEarlyReport,
  recordDeliveryReport,
  takeEarlyReports,
} from './messages.repository';
import { recordReplyChoice } from './messages.service';

/** Equal strings in constant time (compared as HMACs, so lengths leak nothing); false without a secret. */
export function isWebhookSecret(given: string | undefined, secret: string | undefined) {
  if (!secret || !given) return false;
  const digest = (value: string) => createHmac('sha256', 'webhook-secret').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

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

type Done = { optedOut: number; optedIn: number; reports: number };

/**
 * A parent's reply on either channel: STOP opts their phone out (their waiting messages are skipped),
 * START back in, recorded as their consent choice; anything else is not ours to read. A reply that
 * repeats the choice already recorded (or a webhook delivered twice) changes nothing.
 */
async function recordReply(db: Db, from: string, text: string, done: Done) {
  const phone = normalisePhone(from);
  if (!/^\d{10}$/.test(phone)) return;
  const optedOut = isStopReply(text) ? true : isStartReply(text) ? false : undefined;
  if (optedOut === undefined) return;
  const changed = await recordReplyChoice(db, { phone, optedOut, note: `Replied "${text.trim().slice(0, 40)}"` });
  if (changed) done[optedOut ? 'optedOut' : 'optedIn'] += 1;
}

/**
 * A verified WhatsApp webhook: a parent's STOP (or START) reply records their choice; a status report
 * (sent, delivered, failed) updates the message it names, by WhatsApp's id or by our callback data.
 * Answers what it did, for the log and tests.
 */
export async function handleWhatsAppWebhook(db: Db, payload: unknown) {
  const parsed = whatsAppWebhook.safeParse(payload);
  const done: Done = { optedOut: 0, optedIn: 0, reports: 0 };
  if (!parsed.success) return done;
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      for (const message of change.value?.messages ?? []) {
        await recordReply(db, message.from, message.text?.body ?? message.button?.text ?? '', done);
      }
      for (const status of change.value?.statuses ?? []) {
        const kind = status.status === 'delivered' || status.status === 'read' ? 'delivered' : status.status;
        if (kind !== 'sent' && kind !== 'delivered' && kind !== 'failed') continue;
        const key = status.biz_opaque_callback_data;
        const changed = await recordDeliveryReport(db, {
          providerMessageId: status.id,
          idempotencyKey: key && UUID.test(key) ? key : undefined,
          status: kind,
          ...(kind === 'failed'
            ? {
                failReason: `WhatsApp ${status.errors?.[0]?.code ?? ''}: ${status.errors?.[0]?.title ?? 'not delivered'}`,
              }
            : {}),
        });
        if (changed) done.reports += 1;
      }
    }
  }
  return done;
}

/** A phone number as MSG91 writes it: digits with the country code, perhaps a leading +. */
const msg91Number = z.string().regex(/^\+?\d{6,15}$/, { error: 'number must be a phone number in digits' });

/** One MSG91 delivery report (webhook version 3: JSON, one report a request). */
export const msg91ReportBody = z.object({
  requestId: requiredText(200, 'requestId is required'),
  number: msg91Number.optional(),
  // A status code: digits, as text or a number.
  status: z.union([
    z.string().regex(/^\d{1,3}$/, { error: 'status must be a status code' }),
    z.number().int().min(0).max(999),
  ]),
  desc: optionalText(200),
  failedReason: optionalText(500),
});

/** An SMS a parent sent to our inbound number, as MSG91 forwards it. */
export const msg91ReplyBody = z.object({
  number: msg91Number,
  message: optionalText(2000, { multiline: true }),
  keyword: optionalText(100),
  inboundNumber: msg91Number.optional(),
});

/** MSG91's status codes: 1 delivered; these failed (2 failed, 9 NDNC, 16/25/26 rejected, 17 blocked); the rest are on the way. */
const MSG91_FAILED = new Set(['2', '9', '16', '17', '25', '26']);

/**
 * A verified MSG91 delivery report: it settles the message MSG91's request id names (our SMS carry one
 * recipient per request), delivered or failed with MSG91's reason. A report repeated, or older than what
 * is recorded, changes nothing. MSG91 echoes nothing of ours, so a report can overtake the worker's record
 * of the send, and MSG91 does not promise to send one we refuse again: such a report is kept, and taken
 * when the send is recorded (`kept`).
 */
export async function handleMsg91Report(db: Db, report: z.infer<typeof msg91ReportBody>) {
  const done: Done = { optedOut: 0, optedIn: 0, reports: 0 };
  const code = String(report.status);
  const status = code === '1' ? 'delivered' : MSG91_FAILED.has(code) ? 'failed' : undefined;
  if (!status) return { ...done, kept: false };
  const delivery: DeliveryReport = {
    providerMessageId: report.requestId,
    status,
    ...(status === 'failed'
      ? { failReason: `MSG91 ${code}: ${report.failedReason || report.desc || 'not delivered'}` }
      : {}),
  };
  // Checked first: once a message carries the id, the report's update finds it.
  if (await isKnownProviderMessage(db, report.requestId)) {
    done.reports = (await recordDeliveryReport(db, delivery)) ? 1 : 0;
    return { ...done, kept: false };
  }
  await keepEarlyReport(db, delivery);
  // The worker may have recorded the send meanwhile and looked for kept reports before this one was kept:
  // look again. (If it recorded it after this look, its own look finds the kept report.)
  const sentMeanwhile = await isKnownProviderMessage(db, report.requestId);
  if (sentMeanwhile) done.reports = await takeEarlyReports(db, [report.requestId]);
  return { ...done, kept: !sentMeanwhile };
}

/** A verified inbound SMS: STOP or START, as on WhatsApp. */
export async function handleMsg91Reply(db: Db, payload: z.infer<typeof msg91ReplyBody>) {
  const done: Done = { optedOut: 0, optedIn: 0, reports: 0 };
  await recordReply(db, payload.number, payload.message ?? '', done);
  return done;
}
