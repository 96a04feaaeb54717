import { z } from 'zod';
import { messages } from './messages';

/**
 * An Indian mobile number as people type or paste it — '+91 98220 12345', '098220-12345',
 * '91-98220-12345', '98220 12345' — reduced to its 10 digits. Spaces, dashes, dots and brackets
 * are dropped, then a leading +91 / 91 (before 10 more digits) or a trunk 0 is removed. Anything that
 * is not a phone number comes back as typed (trimmed), so the 10-digit rule can say so.
 */
export function normalisePhone(input: string): string {
  const trimmed = input.trim();
  const compact = trimmed.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return trimmed;
  const digits = compact.replace(/^\+/, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  if (digits.length === 10 && !compact.startsWith('+')) return digits;
  return trimmed;
}

export const isPhone = (value: string) => /^\d{10}$/.test(value);

/** A phone number field: normalised as above, then exactly 10 digits (SPEC §9). */
export const phoneNumberSchema = z
  .string({ error: messages.phoneDigits })
  .transform(normalisePhone)
  .refine(isPhone, { error: messages.phoneDigits });

/** A wa.me link (no third-party API): opens WhatsApp with the text, addressed to the Indian number. */
export function whatsAppLink(phone: string, text: string): string {
  return `https://wa.me/91${phone.replace(/\D/g, '').slice(-10)}?text=${encodeURIComponent(text)}`;
}
