import { z } from 'zod';
import { optionalNumberField, queryText } from './common.schemas';
import { messages } from './messages';
import { standards } from './standards.rules';

const positiveInt = (max: number, invalid: string) => optionalNumberField({ invalid, min: 1, max, decimals: 0 });

/** An empty query value means the parameter is absent (`?search=&standard=`). */
const blankToAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * Paging, search and filters of a list screen, all optional: a list asked without `page` answers the
 * SPEC §7 shape (the whole list) for clients written against it; with `page` it answers one page.
 * Every parameter may be present and empty; empty means absent.
 */
export const listQueryFields = {
  /** Accepted for compatibility (SPEC §7 sends them); the session decides. */
  uuid: queryText(64),
  role: queryText(20),
  page: positiveInt(100_000, 'Page must be a whole number from 1'),
  limit: positiveInt(200, 'Limit must be a whole number from 1 to 200'),
  search: queryText(100),
  standard: z.preprocess(blankToAbsent, z.enum(standards, { error: messages.standardRequired }).optional()),
  /** A counsellor's uuid (admin only; a counsellor always gets their own). */
  counsellor: z.preprocess(blankToAbsent, z.uuid({ error: 'Counsellor must be a user ID' }).optional()),
};

export const DEFAULT_PAGE_SIZE = 25;

/** A list asked for without `page` (SPEC §7's getRegister) answers at most this many rows, newest first. */
export const UNPAGED_REGISTRATIONS_LIMIT = 1000;

/** One page of a list and how many there are in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), totalCount: z.number().int(), totalPages: z.number().int() });
}
export type Page<T> = { data: T[]; totalCount: number; totalPages: number };

export function totalPagesOf(totalCount: number, limit: number): number {
  return Math.max(1, Math.ceil(totalCount / limit));
}
