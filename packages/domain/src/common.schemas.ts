import { z } from 'zod';
import { type DateWindow, indianToday, isCalendarDate } from './dates.rules';
import { messages } from './messages';
import { phoneNumberSchema } from './phone.rules';

/**
 * The one rule for each kind of input. Every field of every request is built from these, so a class of
 * bad input (a number of the wrong type, a control character, the year 0000) is refused everywhere.
 */

// Numbers -------------------------------------------------------------------------------------------

/** A plain decimal as text: digits, an optional sign and fraction. Not '0x10', '1e3', ' ', '１２', '١٢'. */
const DECIMAL_TEXT = /^-?\d{1,12}(?:\.\d{1,6})?$/;
const MAX_NUMBER_TEXT = 40;

/**
 * Reads a number as a form or a JSON client sends it: a JSON number, or a plain decimal string
 * ('2000', '2000.50'). Empty text and null read as absent. Anything else (true, [5], {}, '0x10') is left
 * as it is, so the number schema refuses it for its type.
 */
export function readNumber(value: unknown): unknown {
  if (value === null) return undefined;
  // Text longer than any number is not one, even if it is all spaces.
  if (typeof value !== 'string' || value.length > MAX_NUMBER_TEXT) return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : value;
}

type NumberRule = {
  /** The message for a missing or empty value. */
  required: string;
  /** The message for anything else that is not a number in range. */
  invalid: string;
  min: number;
  max: number;
  /** At most this many decimals: 0 for whole numbers, 2 for rupees and percentages. */
  decimals: 0 | 2;
};

const fitsDecimals = (decimals: number) => (value: number) =>
  Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6;

function numberIn({ required, invalid, min, max, decimals }: NumberRule) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
    .min(min, { error: invalid })
    .max(max, { error: invalid })
    .refine(fitsDecimals(decimals), { error: invalid });
}

/** A required number: see `readNumber` for what is accepted. */
export function numberField(rule: NumberRule) {
  return z.preprocess(readNumber, numberIn(rule));
}

/** An optional number: missing, null or empty text read as absent. */
export function optionalNumberField(rule: Omit<NumberRule, 'required'>) {
  return z.preprocess(readNumber, numberIn({ ...rule, required: rule.invalid }).optional());
}

/** A whole number (IDs, codes, counts), sent as a number or as digits. */
export function wholeNumber(rule: Omit<NumberRule, 'decimals'>) {
  return numberField({ ...rule, decimals: 0 });
}

/**
 * A record's id in a path: 1 to 999,999,999 in plain digits (' 12 ', '+5' or '012' name no record);
 * anything else answers `notFound`.
 */
export const idParam = (notFound: string) =>
  z
    .string({ error: notFound })
    .regex(/^[1-9]\d{0,8}$/, { error: notFound })
    .transform(Number);

// Text ----------------------------------------------------------------------------------------------

/** C0 and C1 control characters and DEL; multi-line text may hold tabs and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Half of a UTF-16 surrogate pair without its other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text that can be stored and shown as it is: no control characters, no broken Unicode. */
export function isCleanText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !LONE_SURROGATE.test(value) && !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value);
}

type TextRule = { max: number; multiline?: boolean };

function textIn({ max, multiline, required }: TextRule & { required?: string }) {
  return z
    .string({ error: (issue) => (issue.input === undefined && required ? required : messages.textInvalid) })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .refine((value) => isCleanText(value, { multiline }), { error: messages.textControlCharacters });
}

/** Required text: trimmed, at most `max` characters, no control characters; missing or blank gives `required`. */
export function requiredText(max: number, required: string, { multiline = false }: { multiline?: boolean } = {}) {
  return z.preprocess(
    (value) => (value === null ? undefined : value),
    textIn({ max, multiline, required }).pipe(z.string().min(1, { error: required })),
  );
}

/** Optional text: missing, null or blank read as absent; otherwise as `requiredText`. */
export function optionalText(max: number, { multiline = false }: { multiline?: boolean } = {}) {
  return z.preprocess(
    (value) => (value === null ? undefined : value),
    textIn({ max, multiline })
      .transform((value) => value || undefined)
      .optional(),
  );
}

/** A query-string or path value: text in bounds; empty means absent (`?search=&standard=`). */
export const queryText = (max: number) => optionalText(max);

// Dates ---------------------------------------------------------------------------------------------

type DateRule = {
  /** The message for a missing or empty date. */
  required: string;
  /** The window of sensible dates and the message for one outside it (or one for each side). */
  window: DateWindow;
  outside: string | { before: string; after: string };
};

function dateIn({ required, window, outside }: DateRule) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? required : messages.invalidDate) })
    .trim()
    .max(10, { error: messages.invalidDate })
    .refine(isCalendarDate, { error: messages.invalidDate, abort: true })
    .superRefine((value, ctx) => {
      const { from, to } = window(indianToday());
      if (value >= from && value <= to) return;
      const message = typeof outside === 'string' ? outside : value < from ? outside.before : outside.after;
      ctx.addIssue({ code: 'custom', message });
    });
}

const blankDate = (value: unknown) => (value === null || value === '' ? undefined : value);

/** A required calendar date 'YYYY-MM-DD' that exists and falls in its window. */
export function dateField(rule: DateRule) {
  return z.preprocess(blankDate, dateIn(rule));
}

/** An optional date: missing, null or empty read as absent. */
export function optionalDateField(rule: Omit<DateRule, 'required'>) {
  return z.preprocess(blankDate, dateIn({ ...rule, required: messages.invalidDate }).optional());
}

/** Any real calendar date in the product's years (for filters and lookups). */
export const isoDateSchema = z
  .string({ error: messages.invalidDate })
  .refine(isCalendarDate, { error: messages.invalidDate });

/** An optional real calendar date whose window a rule checks later; missing, null or empty read as absent. */
export const optionalCalendarDate = z.preprocess(blankDate, isoDateSchema.optional());

// Shared fields -------------------------------------------------------------------------------------

export const uuidSchema = z.uuid();

export const nameSchema = requiredText(100, 'Name is required');

export const emailSchema = z
  .string({ error: messages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: messages.invalidEmail })
  .pipe(z.email({ error: messages.invalidEmail }));

export const phoneSchema = phoneNumberSchema;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/**
 * For a rule between fields: run it as soon as the fields it reads are valid, even while other
 * fields of the form still have problems (zod skips such rules otherwise until the whole object parses).
 * Never on a body that is not an object at all (an issue at the root).
 */
export function whenValid(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => issue.path?.length && !fields.includes(String(issue.path[0])));
}
