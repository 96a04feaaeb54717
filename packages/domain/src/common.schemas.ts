import { z } from 'zod';
import { messages } from './messages';

/** Reusable field schemas with the bounds every endpoint shares. */
export const uuidSchema = z.uuid();

export const nameSchema = z.string().trim().min(1, { error: 'Name is required' }).max(100);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: messages.invalidEmail }));

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, { error: messages.phoneDigits });

/** A calendar date as YYYY-MM-DD that really exists (no 31 February). */
export const isoDateSchema = z.iso.date({ error: messages.invalidDate });

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
