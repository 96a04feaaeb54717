import { z } from 'zod';
import {
  bookCatalogue,
  bookSetStatuses,
  bookStandards,
  isBookStandard,
  itemKindOf,
  itemStandards,
  PAMPHLET,
} from './books.rules';
import {
  dateField,
  optionalCalendarDate,
  optionalNumberField,
  optionalText,
  queryText,
  requiredText,
  wholeNumber,
} from './common.schemas';
import { dateWindows } from './dates.rules';
import { messages } from './messages';

/** At most this many copies of one book in one challan. */
export const MAX_COUNT_SENT = 100_000;
/** SPEC §9: challan page size 10. */
export const CHALLAN_PAGE_SIZE = 10;

const blankToAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

export const challanItem = z
  .object({
    standard: z.enum(itemStandards, { error: messages.challanStandardInvalid }),
    /** The book's name; a pamphlet's date as DD/MM/YYYY; a receipt book's number. */
    bookName: optionalText(100),
    /** Copies sent; for a receipt book, its range. 0 means the row is left empty. */
    totalCount: wholeNumber({
      required: messages.challanCountInvalid,
      invalid: messages.challanCountInvalid,
      min: 0,
      max: MAX_COUNT_SENT,
    }),
  })
  .superRefine((item, ctx) => {
    if (item.totalCount === 0) return;
    if (!item.bookName) {
      ctx.addIssue({ code: 'custom', path: ['bookName'], message: messages.challanBookRequired });
      return;
    }
    const kind = itemKindOf(item.standard);
    if (kind === 'book' && isBookStandard(item.standard) && !bookCatalogue[item.standard].includes(item.bookName)) {
      ctx.addIssue({ code: 'custom', path: ['bookName'], message: messages.challanBookUnknown });
    }
    if (item.standard === PAMPHLET && !/^\d{2}\/\d{2}\/\d{4}$/.test(item.bookName)) {
      ctx.addIssue({ code: 'custom', path: ['bookName'], message: messages.challanPamphletName });
    }
  });

/**
 * POST /api/admin/addBooksWithChalan (SPEC §3 Challan payload, §5 Challan). Rows with a count of 0 are
 * the form's empty rows and are dropped; at least one row must send something.
 */
export const addChallanRequest = z.object({
  chalanDate: dateField({
    required: messages.challanDateRequired,
    window: dateWindows.challanDate,
    outside: messages.challanDateRange,
  }),
  counsellorId: z.preprocess(blankToAbsent, z.uuid({ error: messages.selectCounsellor })),
  items: z
    .array(challanItem, { error: messages.challanEntryRequired })
    .max(200, { error: messages.challanEntryRequired })
    .transform((items) =>
      items.flatMap((item) =>
        item.totalCount > 0 && item.bookName
          ? [{ standard: item.standard, bookName: item.bookName, totalCount: item.totalCount }]
          : [],
      ),
    )
    .refine((items) => items.length > 0, { error: messages.challanEntryRequired }),
});
export type AddChallanRequest = z.input<typeof addChallanRequest>;
export type AddChallanInput = z.output<typeof addChallanRequest>;

export const addChallanResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), chalanNo: z.string() }),
});
export type AddChallanResponse = z.infer<typeof addChallanResponse>;

const positiveInt = (max: number, invalid: string) => optionalNumberField({ invalid, min: 1, max, decimals: 0 });

/** GET /api/admin/chalans: no query answers SPEC §7's whole list; `page` answers one page with the tiles. */
export const challanListQuery = z
  .object({
    counsellor: z.preprocess(blankToAbsent, z.uuid({ error: 'Counsellor must be a user ID' }).optional()),
    from: optionalCalendarDate,
    to: optionalCalendarDate,
    chalanNo: queryText(10),
    page: positiveInt(100_000, 'Page must be a whole number from 1'),
    limit: positiveInt(200, 'Limit must be a whole number from 1 to 200'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    error: messages.challanDatesOrder,
  });
export type ChallanListQuery = z.input<typeof challanListQuery>;
export type ChallanFilter = z.output<typeof challanListQuery>;

export const challanItemView = z.object({
  countSent: z.number().int(),
  book: z.object({ standard: z.string(), bookName: z.string() }),
});

/** SPEC §3 Challan, with the counsellor's name and the row's figures for our screen. */
export const challanView = z.object({
  id: z.number().int(),
  chalanNo: z.string(),
  counsellorId: z.string(),
  counsellorName: z.string(),
  counsellorBranch: z.string().nullable(),
  date: z.string(),
  items: z.array(challanItemView),
  totalItems: z.number().int(),
  books: z.number().int(),
  pamphlets: z.number().int(),
  receiptBooks: z.number().int(),
  /** When the counsellor confirmed receipt with the receiver's signed copy (null: not yet). */
  receivedAt: z.string().nullable().optional(),
  /** The signed copy's photo, `/api/files/<sha256>.jpg` (null: none attached). */
  signedCopyUrl: z.string().nullable().optional(),
});
export type ChallanView = z.infer<typeof challanView>;

/** GET /api/counsellor/myChalans: the signed-in counsellor's challans, one page, newest first. */
export const myChallansQuery = z.object({
  page: positiveInt(100_000, 'Page must be a whole number from 1'),
  limit: positiveInt(200, 'Limit must be a whole number from 1 to 200'),
});
export type MyChallansQuery = z.input<typeof myChallansQuery>;

/** PUT /api/counsellor/chalans/{id}/receive: receipt confirmed with the receiver's signed copy (a saved photo). */
export const receiveChallanRequest = z.object({
  signedCopyUrl: requiredText(200, messages.challanSignedCopyRequired),
});
export type ReceiveChallanRequest = z.input<typeof receiveChallanRequest>;

export const challanParams = z.object({
  id: wholeNumber({
    required: messages.challanNotFound,
    invalid: messages.challanNotFound,
    min: 1,
    max: 2_147_483_647,
  }),
});

/** The six tiles of the Challan Management System, over the filtered challans. */
export const challanTotals = z.object({
  totalChallans: z.number().int(),
  totalItems: z.number().int(),
  booksSent: z.number().int(),
  pamphlets: z.number().int(),
  receiptBooks: z.number().int(),
  counsellors: z.number().int(),
});
export type ChallanTotals = z.infer<typeof challanTotals>;

/** One page of challans with the tiles (GET /api/admin/chalans with `page`). */
export const challanPage = z.object({
  data: z.array(challanView),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  totals: challanTotals,
});
export type ChallanPage = z.infer<typeof challanPage>;
export const challanListResponse = z.union([challanPage, z.object({ data: z.array(challanView) })]);

/** SPEC §3 Book stock item. */
export const bookStockItem = z.object({
  id: z.number().int(),
  standard: z.string(),
  bookName: z.string(),
  totalCount: z.number().int(),
  distributedCount: z.number().int(),
  newStock: z.number().int(),
});
export type BookStockItem = z.infer<typeof bookStockItem>;
export const bookStockResponse = z.object({ data: z.array(bookStockItem) });

/** SPEC §3 Counsellor's student (book view); a student with one set has null in the second. */
export const counsellorStudent = z.object({
  studentId: z.string(),
  studentName: z.string(),
  totalAmount: z.number(),
  bookSet1: z.enum(bookStandards),
  status1: z.enum(bookSetStatuses),
  bookSet2: z.enum(bookStandards).nullable(),
  status2: z.enum(bookSetStatuses).nullable(),
});
export type CounsellorStudent = z.infer<typeof counsellorStudent>;
export const counsellorStudentsResponse = z.object({ data: z.array(counsellorStudent) });

export const markGivenRequest = z.object({
  bookSet: z.enum(bookStandards, { error: messages.bookSetInvalid }),
});
export type MarkGivenRequest = z.input<typeof markGivenRequest>;

export const bookIdParams = z.object({
  bookId: wholeNumber({ required: messages.bookNotFound, invalid: messages.bookNotFound, min: 1, max: 2_147_483_647 }),
});
export const studentIdParams = z.object({ studentId: requiredText(20, messages.studentNotFound) });
export const counsellorIdParams = z.object({ counsellorId: z.uuid({ error: messages.counsellorNotFound }) });
export const challanIdQuery = z.object({
  id: wholeNumber({
    required: messages.challanNotFound,
    invalid: messages.challanNotFound,
    min: 1,
    max: 2_147_483_647,
  }),
});

/** A student who paid something and still waits for a book set. */
export const pendingDistributionRow = z.object({
  counsellorId: z.string(),
  counsellorName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  standard: z.string(),
  bookSet: z.enum(bookStandards),
  amountPaid: z.number(),
  registeredOn: z.string(),
  daysWaiting: z.number().int(),
});
export type PendingDistributionRow = z.infer<typeof pendingDistributionRow>;
export const pendingDistributionResponse = z.object({ data: z.array(pendingDistributionRow) });
