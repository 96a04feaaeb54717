import { z } from 'zod';
import { messages } from './messages';
import { phoneNumberSchema } from './phone.rules';

/** Reusable field schemas with the bounds every endpoint shares. */
export const uuidSchema = z.uuid();

export const nameSchema = z.string().trim().min(1, { error: 'Name is required' }).max(100);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: messages.invalidEmail }));

export const phoneSchema = phoneNumberSchema;

/** A calendar date as YYYY-MM-DD that really exists (no 31 February). */
export const isoDateSchema = z.iso.date({ error: messages.invalidDate });

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/**
 * A whole number sent as a number or as digits (form fields and path parameters are text).
 * Missing or empty gives the `required` message; anything else not a whole number in range, `invalid`.
 */
export function wholeNumber({
  required,
  invalid,
  min,
  max,
}: {
  required: string;
  invalid: string;
  min: number;
  max: number;
}) {
  return z.preprocess(
    (value) => {
      if (value === '' || value === null) return undefined;
      return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    },
    z
      .number({ error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? required : invalid) })
      .int({ error: invalid })
      .min(min, { error: invalid })
      .max(max, { error: invalid }),
  );
}

/** Required text up to `max` characters; missing or blank gives `required`, too long says so. */
export function requiredText(max: number, required: string) {
  return z.preprocess(
    (value) => value ?? '',
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(max, { error: `Must be at most ${max} characters` }),
  );
}

/**
 * For a rule between fields: run it as soon as the fields it reads are valid, even while other
 * fields of the form still have problems (zod skips such rules otherwise until the whole object parses).
 */
export function whenValid(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}
