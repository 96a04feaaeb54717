import {
  type BookStandard,
  bookSetsOf,
  booksOfSet,
  daysBetween,
  formatChallanNo,
  giveOne,
  itemKindOf,
  notEnoughInHand,
  receive,
  receiveFromChallan,
} from '@app/domain/books.rules';
import type {
  AddChallanInput,
  BookStockItem,
  ChallanFilter,
  ChallanPage,
  ChallanView,
  CounsellorStudent,
  PendingDistributionRow,
} from '@app/domain/books.schemas';
import { CHALLAN_PAGE_SIZE } from '@app/domain/books.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import { messages } from '@app/domain/messages';
import { toRupees } from '@app/domain/money.rules';
import { totalPagesOf } from '@app/domain/paging.schemas';
import { isStandard } from '@app/domain/standards.rules';
import type { Db } from '../../db/client';
import { nextNumber } from '../../db/counters';
import type { Deps } from '../../deps';
import type { Actor } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { PHOTO_URL_PREFIX, storedPhotoHash } from '../files/files.service';
import { findCounsellor } from '../users/users.repository';
import {
  addToNewStock,
  challanTotals,
  findChallan,
  findGivenSet,
  insertChallan,
  insertChallanItems,
  insertGivenSet,
  listChallanItems,
  listChallanLines,
  listChallans,
  listStock,
  listStudentsWithSets,
  lockChallan,
  lockStock,
  lockStockOf,
  lockStudent,
  markChallanReceived,
  updateStock,
} from './books.repository';

const CHALLAN_COUNTER = 'challan';

/** A counsellor sees only their own books and students (another's answers like an unknown one); an admin anyone's. */
async function counsellorFor(db: Db, { counsellorId, by }: { counsellorId: string; by: Actor }) {
  const counsellor =
    by.role === 'admin' || counsellorId === by.uuid ? await findCounsellor(db, counsellorId) : undefined;
  if (!counsellor) throw new DomainError('NOT_FOUND', messages.counsellorNotFound);
  return counsellor;
}

/** The same book twice in one challan is one line with the counts added. */
function mergeItems(items: AddChallanInput['items']) {
  const merged = new Map<string, { standard: string; bookName: string; count: number }>();
  for (const item of items) {
    const key = JSON.stringify([item.standard, item.bookName]);
    const line = merged.get(key);
    if (line) line.count += item.totalCount;
    else merged.set(key, { standard: item.standard, bookName: item.bookName, count: item.totalCount });
  }
  // One lock order for stock rows everywhere (standard, then book), so concurrent writers cannot deadlock.
  return [...merged.values()].sort((a, b) =>
    a.standard === b.standard ? a.bookName.localeCompare(b.bookName) : a.standard.localeCompare(b.standard),
  );
}

const describeItem = (item: { standard: string; bookName: string; count: number }) =>
  `${item.standard} ${item.bookName} × ${item.count}`;

/**
 * An admin sends books to a counsellor: in one transaction the challan takes the next number (the
 * counter row stays locked until commit: unique and gap-free) and every item adds to the pending stock.
 */
export async function addChallan(db: Db, { input, by }: { input: AddChallanInput; by: Actor }) {
  return db.transaction(async (tx) => {
    const counsellor = await findCounsellor(tx, input.counsellorId);
    if (!counsellor) throw new DomainError('NOT_FOUND', messages.counsellorNotFound);
    const items = mergeItems(input.items);
    const chalanNo = await nextNumber(tx, CHALLAN_COUNTER);
    const copiesOf = (kind: string) =>
      items.filter((item) => itemKindOf(item.standard) === kind).reduce((sum, item) => sum + item.count, 0);
    const challan = await insertChallan(tx, {
      chalanNo,
      chalanDate: input.chalanDate,
      counsellorId: counsellor.uuid,
      createdBy: by.uuid,
      itemCount: items.length,
      booksSent: copiesOf('book'),
      pamphletsSent: copiesOf('pamphlet'),
      receiptBookCount: items.filter((item) => itemKindOf(item.standard) === 'receiptBook').length,
    });
    const lines = [];
    for (const item of items) {
      const stock = await addToNewStock(tx, { counsellorId: counsellor.uuid, ...item });
      lines.push({ challanId: challan.id, bookId: stock.id, countSent: item.count });
    }
    await insertChallanItems(tx, lines);
    await recordAudit(tx, {
      by,
      entity: 'challan',
      entityId: challan.id,
      action: 'create',
      entityName: `No. ${formatChallanNo(chalanNo)} to ${counsellor.name}`,
      after: {
        chalanNo: formatChallanNo(chalanNo),
        chalanDate: input.chalanDate,
        counsellorId: counsellor.uuid,
        items: items.map(describeItem),
      },
    });
    return { id: challan.id, chalanNo: formatChallanNo(chalanNo) };
  });
}

type ChallanHead = Awaited<ReturnType<typeof listChallans>>[number];

async function withItems(db: Db, heads: ChallanHead[]): Promise<ChallanView[]> {
  const items = await listChallanItems(
    db,
    heads.map((head) => head.id),
  );
  const byChallan = new Map<number, typeof items>();
  for (const item of items) {
    const list = byChallan.get(item.challanId) ?? [];
    list.push(item);
    byChallan.set(item.challanId, list);
  }
  return heads.map((head) => {
    const lines = byChallan.get(head.id) ?? [];
    return {
      id: head.id,
      chalanNo: formatChallanNo(head.chalanNo),
      counsellorId: head.counsellorId,
      counsellorName: head.counsellorName,
      counsellorBranch: head.counsellorBranch,
      date: head.chalanDate,
      items: lines.map((line) => ({
        countSent: line.countSent,
        book: { standard: line.standard, bookName: line.bookName },
      })),
      totalItems: head.itemCount,
      books: head.booksSent,
      pamphlets: head.pamphletsSent,
      receiptBooks: head.receiptBookCount,
      receivedAt: head.receivedAt?.toISOString() ?? null,
      signedCopyUrl: head.signedCopyPhoto ? `${PHOTO_URL_PREFIX}${head.signedCopyPhoto}.jpg` : null,
    };
  });
}

/**
 * Challans newest first. Without `page` the SPEC §7 shape (every challan that matches); with `page`
 * one page, the number of matches and the six tiles over them.
 */
export async function getChallans(db: Db, filter: ChallanFilter): Promise<ChallanPage | { data: ChallanView[] }> {
  if (!filter.page) return { data: await withItems(db, await listChallans(db, filter)) };
  const limit = filter.limit ?? CHALLAN_PAGE_SIZE;
  const totals = await challanTotals(db, filter);
  const heads = await listChallans(db, filter, { limit, offset: (filter.page - 1) * limit });
  return {
    data: await withItems(db, heads),
    totalCount: totals.totalChallans,
    totalPages: totalPagesOf(totals.totalChallans, limit),
    totals,
  };
}

/** One challan: admins any, a counsellor only their own (another's answers like an unknown one). */
export async function getChallan(db: Db, { id, by }: { id: number; by: Actor }): Promise<ChallanView> {
  const head = await findChallan(db, id);
  if (!head || (by.role !== 'admin' && head.counsellorId !== by.uuid)) {
    throw new DomainError('NOT_FOUND', messages.challanNotFound);
  }
  const [view] = await withItems(db, [head]);
  if (!view) throw new DomainError('NOT_FOUND', messages.challanNotFound);
  return view;
}

/** The signed-in counsellor's own challans, one page, newest first (with the tiles). */
export async function getOwnChallans(
  db: Db,
  { page, limit, by }: { page?: number | undefined; limit?: number | undefined; by: Actor },
): Promise<ChallanPage> {
  const answer = await getChallans(db, { counsellor: by.uuid, page: page ?? 1, limit });
  if (!('totalCount' in answer)) throw new Error('a page was asked for');
  return answer;
}

/**
 * The counsellor confirms a challan's receipt with the receiver's signed copy, as the paper challan is
 * signed today: in one transaction the challan is marked received and each of its books moves from
 * pending to in hand (no more than is still pending). Only the challan's own counsellor, only once.
 */
export async function receiveChallan(
  deps: Pick<Deps, 'db' | 'files'>,
  { id, signedCopyUrl, by }: { id: number; signedCopyUrl: string; by: Actor },
): Promise<void> {
  const signedCopyPhoto = await storedPhotoHash(deps.files, signedCopyUrl);
  await deps.db.transaction(async (tx) => {
    // 009 step 1: the challan queues concurrent confirmations; then its stock rows (step 2), in order.
    const challan = await lockChallan(tx, id);
    if (!challan || challan.counsellorId !== by.uuid) throw new DomainError('NOT_FOUND', messages.challanNotFound);
    if (challan.receivedAt) throw new DomainError('CONFLICT', messages.challanAlreadyReceived);
    const received: string[] = [];
    for (const line of await listChallanLines(tx, id)) {
      const stock = await lockStock(tx, { id: line.bookId, counsellorId: by.uuid });
      if (!stock) continue;
      const after = receiveFromChallan(stock, line.countSent);
      if (after.totalCount === stock.totalCount) continue;
      await updateStock(tx, stock.id, after);
      received.push(describeItem({ ...line, count: after.totalCount - stock.totalCount }));
    }
    await markChallanReceived(tx, id, { receivedBy: by.uuid, signedCopyPhoto });
    await recordAudit(tx, {
      by,
      entity: 'challan',
      entityId: id,
      action: 'receive',
      entityName: `No. ${formatChallanNo(challan.chalanNo)}`,
      after: { signedCopyPhoto, items: received },
    });
  });
}

export async function getBooksByCounsellor(
  db: Db,
  request: { counsellorId: string; by: Actor },
): Promise<BookStockItem[]> {
  const counsellor = await counsellorFor(db, request);
  return (await listStock(db, counsellor.uuid)).map((row) => ({
    id: row.id,
    standard: row.standard,
    bookName: row.bookName,
    totalCount: row.totalCount,
    distributedCount: row.distributedCount,
    newStock: row.newStock,
  }));
}

/** Mark Received: the counsellor confirms the pending stock of one book; it is now in hand. */
export async function markBookReceived(db: Db, { bookId, by }: { bookId: number; by: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockStock(tx, { id: bookId, counsellorId: by.uuid });
    if (!row) throw new DomainError('NOT_FOUND', messages.bookNotFound);
    if (row.newStock === 0) throw new DomainError('CONFLICT', messages.nothingToReceive);
    const after = receive(row);
    await updateStock(tx, row.id, after);
    await recordAudit(tx, {
      by,
      entity: 'book_stock',
      entityId: row.id,
      action: 'receive',
      entityName: `${row.standard} ${row.bookName}`,
      before: { newStock: row.newStock, totalCount: row.totalCount, distributedCount: row.distributedCount },
      after,
    });
  });
}

type StudentWithSets = Awaited<ReturnType<typeof listStudentsWithSets>>[number];

/** The sets a student's course brings and whether each was given. */
function setsOf(student: StudentWithSets): { set: BookStandard; given: boolean }[] {
  if (!isStandard(student.standard)) return [];
  const given = new Set(student.givenSets ?? []);
  return bookSetsOf(student.standard).map((set) => ({ set, given: given.has(set) }));
}

const statusOf = (given: boolean) => (given ? ('given' as const) : ('not_given' as const));

/** The counsellor's students that still have a set not given (SPEC §4: eligible). */
export async function getStudentsByCounsellor(
  db: Db,
  request: { counsellorId: string; by: Actor },
): Promise<CounsellorStudent[]> {
  const counsellor = await counsellorFor(db, request);
  const rows = await listStudentsWithSets(db, { counsellorId: counsellor.uuid });
  return rows.flatMap((student) => {
    const [first, second] = setsOf(student);
    if (!first || (first.given && (!second || second.given))) return [];
    return [
      {
        studentId: student.studentId,
        studentName: student.studentName,
        totalAmount: toRupees(student.totalPaise),
        bookSet1: first.set,
        status1: statusOf(first.given),
        bookSet2: second?.set ?? null,
        status2: second ? statusOf(second.given) : null,
      },
    ];
  });
}

/**
 * Mark Given: with the student's row locked, the set is marked given and one copy of each of its
 * books moves from in hand to distributed. A book not in hand refuses the whole set, naming the book.
 */
export async function markStudentGiven(
  db: Db,
  { studentId, bookSet, by }: { studentId: string; bookSet: BookStandard; by: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const student = await lockStudent(tx, studentId);
    if (!student || student.createdBy !== by.uuid) throw new DomainError('NOT_FOUND', messages.studentNotFound);
    if (!isStandard(student.standard) || !bookSetsOf(student.standard).includes(bookSet)) {
      throw new DomainError('BAD_REQUEST', messages.bookSetNotForStudent);
    }
    if (await findGivenSet(tx, studentId, bookSet)) throw new DomainError('CONFLICT', messages.bookSetAlreadyGiven);
    const books = [...booksOfSet(bookSet)].sort((a, b) => a.localeCompare(b));
    for (const bookName of books) {
      const row = await lockStockOf(tx, { counsellorId: by.uuid, standard: bookSet, bookName });
      const after = row && giveOne(row);
      if (!row || !after) throw new DomainError('CONFLICT', notEnoughInHand(bookSet, bookName));
      await updateStock(tx, row.id, after);
    }
    await insertGivenSet(tx, { studentId, bookSet, givenBy: by.uuid });
    await recordAudit(tx, {
      by,
      entity: 'book_set',
      entityId: `${studentId}/${bookSet}`,
      studentId,
      action: 'give',
      entityName: `${bookSet} set`,
      after: { bookSet, items: books },
    });
  });
}

const indianDateOf = (instant: Date) => indianToday(instant);

/** Students who paid something and still wait for a set, per counsellor, longest waiting first within each. */
export async function getPendingDistribution(db: Db): Promise<PendingDistributionRow[]> {
  const today = indianToday();
  const rows = await listStudentsWithSets(db, { onlyPaid: true });
  return rows.flatMap((student) =>
    setsOf(student)
      .filter((entry) => !entry.given)
      .map((entry) => {
        const registeredOn = indianDateOf(student.createdAt);
        return {
          counsellorId: student.createdBy,
          counsellorName: student.counsellorName,
          studentId: student.studentId,
          studentName: student.studentName,
          standard: student.standard,
          bookSet: entry.set,
          amountPaid: toRupees(student.paidPaise),
          registeredOn,
          daysWaiting: daysBetween(registeredOn, today),
        };
      }),
  );
}
