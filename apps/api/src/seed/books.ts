import { bookCatalogue, bookStandards, pamphletName } from '@app/domain/books.rules';
import { addChallanRequest } from '@app/domain/books.schemas';
import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { DomainError } from '@app/domain/errors';
import type { Deps } from '../deps';
import {
  addChallan,
  getBooksByCounsellor,
  getStudentsByCounsellor,
  markBookReceived,
  markStudentGiven,
  receiveChallan,
} from '../modules/books/books.service';
import type { Actor } from '../plugins/auth';
import { documentPhoto } from './enrolment';

/** A challan of every catalogue book (`perBook` copies), pamphlets and two receipt books. */
function challanOf(counsellor: Actor, chalanDate: string, perBook: number, receiptFrom: number) {
  return addChallanRequest.parse({
    chalanDate,
    counsellorId: counsellor.uuid,
    items: [
      ...bookStandards.flatMap((standard) =>
        bookCatalogue[standard].map((bookName) => ({ standard, bookName, totalCount: perBook })),
      ),
      { standard: 'pamphlet', bookName: pamphletName(chalanDate), totalCount: 100 },
      { standard: 'receiptBook', bookName: `RB-${receiptFrom}`, totalCount: 50 },
      { standard: 'receiptBook', bookName: `RB-${receiptFrom + 1}`, totalCount: 50 },
    ],
  });
}

/**
 * For each counsellor, through the services: an older challan received (confirmed with the signed copy,
 * or for the last counsellor book by book as the existing client does), a recent one still pending, and
 * book sets handed to about half of their students (until a book runs out).
 */
export async function seedBooks(
  deps: Pick<Deps, 'db' | 'files'>,
  { counsellors, admin }: { counsellors: Actor[]; admin: Actor },
): Promise<{ challans: number; given: number }> {
  const { db } = deps;
  const today = indianToday();
  let challans = 0;
  let given = 0;
  for (const [index, counsellor] of counsellors.entries()) {
    const older = await addChallan(db, {
      input: challanOf(counsellor, shiftDate(today, { days: -20 }), 25, 1000 + index * 10),
      by: admin,
    });
    if (index < counsellors.length - 1) {
      const signedCopyUrl = await documentPhoto(deps, `Challan No. ${older.chalanNo}: received, signed`);
      await receiveChallan(deps, { id: older.id, signedCopyUrl, by: counsellor });
    } else {
      for (const book of await getBooksByCounsellor(db, { counsellorId: counsellor.uuid, by: counsellor })) {
        if (book.newStock > 0) await markBookReceived(db, { bookId: book.id, by: counsellor });
      }
    }
    await addChallan(db, {
      input: challanOf(counsellor, shiftDate(today, { days: -3 }), 10, 1005 + index * 10),
      by: admin,
    });
    challans += 2;
    const students = await getStudentsByCounsellor(db, { counsellorId: counsellor.uuid, by: counsellor });
    for (const student of students.filter((_, position) => position % 2 === 0)) {
      try {
        await markStudentGiven(db, { studentId: student.studentId, bookSet: student.bookSet1, by: counsellor });
        given += 1;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'CONFLICT') break;
        throw error;
      }
    }
  }
  return { challans, given };
}
