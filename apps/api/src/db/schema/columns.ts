import { date, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * The column kinds every table writes the same way, so each is spelled once: an instant is a UTC
 * `timestamptz` and a calendar day a `date` read as 'YYYY-MM-DD' (docs/architecture.md, decision 15); a
 * surrogate key is a generated identity. References to staff and students: `userRef` (users.ts) and
 * `studentRef` (students.ts), beside the tables they point at.
 */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const isoDate = (name: string) => date(name, { mode: 'string' });
export const identityId = (name = 'id') => integer(name).primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
