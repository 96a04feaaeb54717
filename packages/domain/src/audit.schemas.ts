import { z } from 'zod';
import { auditEntities } from './audit.rules';
import { isoDateSchema, optionalNumberField, queryText, uuidSchema } from './common.schemas';
import { messages } from './messages';

/** Filters arrive as text; an empty field means no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const ACTIVITY_PAGE_SIZE = 50;

/**
 * GET /api/admin/activity: the newest entries first, `limit` at a time; `before` is the cursor (the
 * last id of the previous page). Dates are Indian calendar dates, both ends included.
 */
export const activityQuery = z
  .object({
    actor: optional(uuidSchema),
    entity: optional(z.enum(auditEntities, { error: messages.activityEntityUnknown })),
    entityId: queryText(100),
    studentId: queryText(20),
    from: optional(isoDateSchema),
    to: optional(isoDateSchema),
    before: optionalNumberField({
      invalid: 'The cursor must be an entry number',
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
      decimals: 0,
    }),
    limit: optionalNumberField({
      invalid: 'Limit must be a whole number from 1 to 100',
      min: 1,
      max: 100,
      decimals: 0,
    }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: messages.activityDateRange,
  });
export type ActivityQuery = z.input<typeof activityQuery>;
export type ActivityFilter = z.output<typeof activityQuery>;

const recordedFields = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** uuid null: the system itself. */
  actor: z.object({ uuid: z.string().nullable(), name: z.string(), role: z.string() }),
  entity: z.string(),
  entityId: z.string(),
  entityName: z.string().nullable(),
  studentId: z.string().nullable(),
  action: z.string(),
  /** Only the fields that changed. */
  before: recordedFields,
  after: recordedFields,
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `nextCursor` is the `before` of the next page; null when this is the last page. */
export const activityResponse = z.object({ data: z.array(auditEntry), nextCursor: z.number().int().nullable() });
export type ActivityResponse = z.infer<typeof activityResponse>;
