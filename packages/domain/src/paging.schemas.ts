import { z } from 'zod';
import { standards } from './standards.rules';

const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

/**
 * Paging, search and filters of a list screen, all optional: a list asked without `page` answers the
 * SPEC §7 shape (the whole list) for clients written against it; with `page` it answers one page.
 */
export const listQueryFields = {
  /** Accepted for compatibility (SPEC §7 sends them); the session decides. */
  uuid: z.string().max(64).optional(),
  role: z.string().max(20).optional(),
  page: positiveInt(100_000).optional(),
  limit: positiveInt(200).optional(),
  search: z.string().trim().max(100).optional(),
  standard: z.enum(standards).optional(),
  /** A counsellor's uuid (admin only; a counsellor always gets their own). */
  counsellor: z.uuid().optional(),
};

export const DEFAULT_PAGE_SIZE = 25;

/** One page of a list and how many there are in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), totalCount: z.number().int(), totalPages: z.number().int() });
}
export type Page<T> = { data: T[]; totalCount: number; totalPages: number };

export function totalPagesOf(totalCount: number, limit: number): number {
  return Math.max(1, Math.ceil(totalCount / limit));
}
