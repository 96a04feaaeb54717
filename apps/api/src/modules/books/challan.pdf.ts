import { itemKindOf } from '@app/domain/books.rules';
import type { ChallanView } from '@app/domain/books.schemas';
import { createPdf, fields, header, section, signatures, table } from '../../lib/pdf/document';
import { formatIsoDate } from '../../lib/pdf/format';

/**
 * The delivery note that travels with the parcel: company header, challan number and date, the
 * counsellor and branch, the items grouped (books, pamphlets, receipt books) with totals, and lines
 * for the sender's and the receiver's signatures.
 */
export async function renderChallanPdf(challan: ChallanView): Promise<Buffer> {
  const { doc, finish } = createPdf(`Challan ${challan.chalanNo}`);
  header(doc, 'Delivery Challan', 'Books and stationery sent to a counsellor');
  fields(doc, [
    ['Challan No.', challan.chalanNo],
    ['Date', formatIsoDate(challan.date)],
    ['Counsellor', challan.counsellorName],
    ['Branch', challan.counsellorBranch ?? '-'],
  ]);

  const books = challan.items.filter((item) => itemKindOf(item.book.standard) === 'book');
  const pamphlets = challan.items.filter((item) => itemKindOf(item.book.standard) === 'pamphlet');
  const receiptBooks = challan.items.filter((item) => itemKindOf(item.book.standard) === 'receiptBook');
  if (books.length > 0) {
    section(doc, 'Books');
    table(
      doc,
      [
        { title: 'Standard', width: 120 },
        { title: 'Book Name', width: 275 },
        { title: 'Count Sent', width: 120, align: 'right' },
      ],
      [
        ...books.map((item) => [item.book.standard, item.book.bookName, String(item.countSent)]),
        ['', 'Total books', String(challan.books)],
      ],
    );
  }
  if (pamphlets.length > 0) {
    section(doc, 'Pamphlets');
    table(
      doc,
      [
        { title: 'Pamphlet', width: 395 },
        { title: 'Count Sent', width: 120, align: 'right' },
      ],
      [
        ...pamphlets.map((item) => [item.book.bookName, String(item.countSent)]),
        ['Total pamphlets', String(challan.pamphlets)],
      ],
    );
  }
  if (receiptBooks.length > 0) {
    section(doc, 'Receipt Books');
    table(
      doc,
      [
        { title: 'Book Number', width: 395 },
        { title: 'Range Count', width: 120, align: 'right' },
      ],
      [
        ...receiptBooks.map((item) => [item.book.bookName, String(item.countSent)]),
        [
          `${challan.receiptBooks} receipt book${challan.receiptBooks === 1 ? '' : 's'}, total range`,
          String(receiptBooks.reduce((sum, item) => sum + item.countSent, 0)),
        ],
      ],
    );
  }
  section(doc, 'Summary');
  fields(doc, [
    ['Total Items', String(challan.totalItems)],
    ['Books', String(challan.books)],
    ['Pamphlets', String(challan.pamphlets)],
    ['Receipt Books', String(challan.receiptBooks)],
  ]);
  signatures(doc, ["Sender's signature", "Receiver's signature (counsellor)"]);
  return finish();
}
