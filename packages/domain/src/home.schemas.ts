import { z } from 'zod';
import { uuidSchema } from './common.schemas';
import { listQueryFields, pageOf } from './paging.schemas';

/** GET /api/admin/home/figures: the admin Home's cards, amounts in rupees. */
export const adminFigures = z.object({
  registrationsToday: z.number().int(),
  registrationsThisMonth: z.number().int(),
  collected: z.number(),
  outstanding: z.number(),
  /** Fees counsellors hold: collected less commission, less verified settlements (the collections ledger). */
  cashInHand: z.number(),
  settlementsPending: z.number().int(),
  overdueStudents: z.number().int(),
});
export type AdminFigures = z.infer<typeof adminFigures>;

/** GET /api/admin/home/charts: what the admin Home draws. */
export const adminCharts = z.object({
  /** The last 60 Indian days, oldest first, days without registrations included. */
  perDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  perCentre: z.array(
    z.object({
      centerId: z.number().int(),
      centerName: z.string(),
      registered: z.number().int(),
      capacity: z.number().int().nullable(),
    }),
  ),
  perCounsellor: z.array(
    z.object({ uuid: z.string(), name: z.string(), collected: z.number(), outstanding: z.number() }),
  ),
});
export type AdminCharts = z.infer<typeof adminCharts>;
export const CHART_DAYS = 60;

/** GET /api/counsellor/home/figures: the counsellor's own cards. */
export const counsellorFigures = z.object({
  registrations: z.number().int(),
  collected: z.number(),
  outstanding: z.number(),
  cashInHand: z.number(),
  overdueStudents: z.number().int(),
  /** Enquiries (visiting forms) of the last 7 Indian days, today included. */
  enquiriesThisWeek: z.number().int(),
});
export type CounsellorFigures = z.infer<typeof counsellorFigures>;

/**
 * GET /api/counsellor/overdue: due date passed and something remains. Admins may pick a counsellor.
 * As JSON one page (page 1 and OVERDUE_PAGE_SIZE unless asked); as Excel (`format=xlsx`) every row.
 */
export const overdueQuery = z.object({
  counsellor: z.preprocess((value) => (value === '' ? undefined : value), uuidSchema.optional()),
  format: z.enum(['json', 'xlsx']).optional(),
  page: listQueryFields.page,
  limit: listQueryFields.limit,
});
export const OVERDUE_PAGE_SIZE = 25;
export type OverdueQuery = z.infer<typeof overdueQuery>;

export const overdueRow = z.object({
  studentId: z.string(),
  studentName: z.string(),
  standard: z.string(),
  studentNo: z.string(),
  parentsNo: z.string(),
  counsellor: z.string(),
  amountRemaining: z.number(),
  dueDate: z.string(),
  /** Whole days since the due date. */
  daysOverdue: z.number().int(),
  /** Their exam session holds hall tickets while fees are overdue, and no admin has allowed theirs (issue 21). */
  ticketHeld: z.boolean(),
});
export type OverdueRow = z.infer<typeof overdueRow>;
export const overduePage = pageOf(overdueRow);
