import type { ChallanFilter } from '@app/domain/books.schemas';
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { bookSetsGiven, bookStock, challanItems, challans, students, users } from '../../db/schema';

/**
 * Adds `count` to the pending stock of one book of one counsellor, creating the row on its first
 * challan. The upsert takes the row's lock until the transaction ends.
 */
export async function addToNewStock(
  db: Executor,
  values: { counsellorId: string; standard: string; bookName: string; count: number },
) {
  const [row] = await db
    .insert(bookStock)
    .values({
      counsellorId: values.counsellorId,
      standard: values.standard,
      bookName: values.bookName,
      newStock: values.count,
    })
    .onConflictDoUpdate({
      target: [bookStock.counsellorId, bookStock.standard, bookStock.bookName],
      set: { newStock: sql`${bookStock.newStock} + ${values.count}` },
    })
    .returning();
  if (!row) throw new Error('upsert book_stock returned nothing');
  return row;
}

export async function insertChallan(db: Executor, values: typeof challans.$inferInsert) {
  const [row] = await db.insert(challans).values(values).returning();
  if (!row) throw new Error('insert challans returned nothing');
  return row;
}

export async function insertChallanItems(db: Executor, values: (typeof challanItems.$inferInsert)[]) {
  await db.insert(challanItems).values(values);
}

/** The counsellor's stock, locked row by row until the transaction ends. */
export async function lockStock(db: Executor, where: { id: number; counsellorId: string }) {
  const [row] = await db
    .select()
    .from(bookStock)
    .where(and(eq(bookStock.id, where.id), eq(bookStock.counsellorId, where.counsellorId)))
    .for('update');
  return row;
}

export async function lockStockOf(db: Executor, where: { counsellorId: string; standard: string; bookName: string }) {
  const [row] = await db
    .select()
    .from(bookStock)
    .where(
      and(
        eq(bookStock.counsellorId, where.counsellorId),
        eq(bookStock.standard, where.standard),
        eq(bookStock.bookName, where.bookName),
      ),
    )
    .for('update');
  return row;
}

export async function updateStock(
  db: Executor,
  id: number,
  values: { newStock: number; totalCount: number; distributedCount: number },
) {
  const { newStock, totalCount, distributedCount } = values;
  await db.update(bookStock).set({ newStock, totalCount, distributedCount }).where(eq(bookStock.id, id));
}

export async function listStock(db: Executor, counsellorId: string) {
  return db
    .select()
    .from(bookStock)
    .where(eq(bookStock.counsellorId, counsellorId))
    .orderBy(asc(bookStock.standard), asc(bookStock.bookName), asc(bookStock.id));
}

/** The student's row until the transaction ends, FOR NO KEY UPDATE (docs/decisions/009-lock-order.md). */
export async function lockStudent(db: Executor, studentId: string) {
  const [row] = await db.select().from(students).where(eq(students.studentId, studentId)).for('no key update');
  return row;
}

export async function findGivenSet(db: Executor, studentId: string, bookSet: string) {
  const [row] = await db
    .select()
    .from(bookSetsGiven)
    .where(and(eq(bookSetsGiven.studentId, studentId), eq(bookSetsGiven.bookSet, bookSet)));
  return row;
}

export async function insertGivenSet(db: Executor, values: typeof bookSetsGiven.$inferInsert) {
  await db.insert(bookSetsGiven).values(values);
}

/** Students (of one counsellor, or all who paid something) with the sets they were given. */
export async function listStudentsWithSets(db: Executor, filter: { counsellorId?: string; onlyPaid?: boolean }) {
  const conditions: SQL[] = [];
  if (filter.counsellorId) conditions.push(eq(students.createdBy, filter.counsellorId));
  if (filter.onlyPaid) conditions.push(gt(students.paidPaise, 0));
  return db
    .select({
      studentId: students.studentId,
      studentName: students.studentName,
      standard: students.standard,
      totalPaise: students.totalPaise,
      paidPaise: students.paidPaise,
      createdAt: students.createdAt,
      createdBy: students.createdBy,
      counsellorName: users.name,
      givenSets: sql<
        string[] | null
      >`(select array_agg(${bookSetsGiven.bookSet}) from ${bookSetsGiven} where ${bookSetsGiven.studentId} = ${students.studentId})`,
    })
    .from(students)
    .innerJoin(users, eq(users.uuid, students.createdBy))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(users.name), asc(students.createdAt), asc(students.studentId));
}

function challanConditions(filter: ChallanFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.counsellor) conditions.push(eq(challans.counsellorId, filter.counsellor));
  if (filter.from) conditions.push(sql`${challans.chalanDate} >= ${filter.from}`);
  if (filter.to) conditions.push(sql`${challans.chalanDate} <= ${filter.to}`);
  if (filter.chalanNo) {
    const pattern = containsPattern(filter.chalanNo.toLowerCase());
    conditions.push(sql`lpad(${challans.chalanNo}::text, 4, '0') like ${pattern}`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const challanColumns = {
  id: challans.id,
  chalanNo: challans.chalanNo,
  chalanDate: challans.chalanDate,
  counsellorId: challans.counsellorId,
  counsellorName: users.name,
  counsellorBranch: users.branch,
  itemCount: challans.itemCount,
  booksSent: challans.booksSent,
  pamphletsSent: challans.pamphletsSent,
  receiptBookCount: challans.receiptBookCount,
  receivedAt: challans.receivedAt,
  signedCopyPhoto: challans.signedCopyPhoto,
};

/** Challans newest first (by number), filtered; one page when `page` is given. */
export async function listChallans(db: Executor, filter: ChallanFilter, page?: { limit: number; offset: number }) {
  const query = db
    .select(challanColumns)
    .from(challans)
    .innerJoin(users, eq(users.uuid, challans.counsellorId))
    .where(challanConditions(filter))
    .orderBy(desc(challans.chalanNo));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function findChallan(db: Executor, id: number) {
  const [row] = await db
    .select(challanColumns)
    .from(challans)
    .innerJoin(users, eq(users.uuid, challans.counsellorId))
    .where(eq(challans.id, id));
  return row;
}

export async function listChallanItems(db: Executor, challanIds: number[]) {
  if (challanIds.length === 0) return [];
  return db
    .select({
      challanId: challanItems.challanId,
      countSent: challanItems.countSent,
      standard: bookStock.standard,
      bookName: bookStock.bookName,
    })
    .from(challanItems)
    .innerJoin(bookStock, eq(bookStock.id, challanItems.bookId))
    .where(inArray(challanItems.challanId, challanIds))
    .orderBy(asc(challanItems.challanId), asc(challanItems.id));
}

/** The six tiles over the filtered challans (their figures are kept on the challan row). */
export async function challanTotals(db: Executor, filter: ChallanFilter) {
  const [row] = await db
    .select({
      totalChallans: sql<string>`count(*)`,
      counsellors: sql<string>`count(distinct ${challans.counsellorId})`,
      totalItems: sql<string>`coalesce(sum(${challans.itemCount}), 0)`,
      booksSent: sql<string>`coalesce(sum(${challans.booksSent}), 0)`,
      pamphlets: sql<string>`coalesce(sum(${challans.pamphletsSent}), 0)`,
      receiptBooks: sql<string>`coalesce(sum(${challans.receiptBookCount}), 0)`,
    })
    .from(challans)
    .where(challanConditions(filter));
  return {
    totalChallans: Number(row?.totalChallans ?? 0),
    counsellors: Number(row?.counsellors ?? 0),
    totalItems: Number(row?.totalItems ?? 0),
    booksSent: Number(row?.booksSent ?? 0),
    pamphlets: Number(row?.pamphlets ?? 0),
    receiptBooks: Number(row?.receiptBooks ?? 0),
  };
}

/** Copies of each book of a counsellor sent by challan (for the stock invariant). */
export async function sentByBook(db: Executor, counsellorId: string) {
  return db
    .select({ bookId: challanItems.bookId, sent: sql<string>`sum(${challanItems.countSent})` })
    .from(challanItems)
    .innerJoin(bookStock, eq(bookStock.id, challanItems.bookId))
    .where(eq(bookStock.counsellorId, counsellorId))
    .groupBy(challanItems.bookId);
}

/**
 * The challan being received, FOR NO KEY UPDATE (its items reference it; it queues concurrent
 * confirmations), before the stock rows it names (docs/decisions/009-lock-order.md, step 1).
 */
export async function lockChallan(db: Executor, id: number) {
  const [row] = await db.select().from(challans).where(eq(challans.id, id)).for('no key update');
  return row;
}

/** A challan's lines with their stock rows' ids, in the stock lock order (standard, then book). */
export async function listChallanLines(db: Executor, challanId: number) {
  return db
    .select({
      bookId: challanItems.bookId,
      countSent: challanItems.countSent,
      standard: bookStock.standard,
      bookName: bookStock.bookName,
    })
    .from(challanItems)
    .innerJoin(bookStock, eq(bookStock.id, challanItems.bookId))
    .where(eq(challanItems.challanId, challanId))
    .orderBy(asc(bookStock.standard), asc(bookStock.bookName), asc(challanItems.id));
}

export async function markChallanReceived(
  db: Executor,
  id: number,
  values: { receivedBy: string; signedCopyPhoto: string },
) {
  await db
    .update(challans)
    .set({ ...values, receivedAt: new Date() })
    .where(eq(challans.id, id));
}
