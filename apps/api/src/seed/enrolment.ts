import { OTHER_PREFIX, settleRequest } from '@app/domain/collections.schemas';
import { indianToday } from '@app/domain/dates.rules';
import { financialYearOf, makePaymentRequest } from '@app/domain/payments.schemas';
import { registerStudentRequest } from '@app/domain/registrations.schemas';
import { branchesOf, feeOf, type Standard, standards } from '@app/domain/standards.rules';
import { OTHER_REASON, visitingReasons, visitingRequest } from '@app/domain/visiting.schemas';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Deps } from '../deps';
import {
  decide,
  getAccounts,
  getCollection,
  getCollectionPayments,
  reverseSettlement,
  settle,
  withdrawSettlement,
} from '../modules/collections/collections.service';
import { storePhoto } from '../modules/files/files.service';
import { makePayment } from '../modules/payments/payments.service';
import { listRegistrations, registerStudent } from '../modules/registrations/registrations.service';
import { recordVisit } from '../modules/visiting/visiting.service';
import type { Actor } from '../plugins/auth';

/** What enrolment uses: the database, the file store for photos, the clock registration reads. */
type SeedDeps = Pick<Deps, 'db' | 'files' | 'clock'>;

const firstNames = [
  'Aarav',
  'Vivaan',
  'Ananya',
  'Diya',
  'Ishaan',
  'Saanvi',
  'Arjun',
  'Kavya',
  'Rohan',
  'Sneha',
  'Omkar',
  'Gauri',
  'Pranav',
  'Rutuja',
  'Siddhesh',
  'Mrunal',
  'Atharva',
  'Tanvi',
  'Yash',
  'Shravani',
];
const surnames = [
  'Patil',
  'Deshmukh',
  'Kulkarni',
  'Joshi',
  'Pawar',
  'Shinde',
  'More',
  'Jadhav',
  'Chavan',
  'Gaikwad',
  'Bhosale',
  'Kale',
];
const mothers = ['Sunita', 'Anjali', 'Meena', 'Kavita', 'Rekha', 'Shobha', 'Vaishali', 'Manisha'];
const schools = [
  'New English School',
  'Modern High School',
  'Fergusson College',
  'Abhinav Vidyalaya',
  'Ruparel College',
  'HPT Arts and RYK Science College',
];
const areas = [
  'Kothrud, Pune',
  'Shivajinagar, Pune',
  'College Road, Nashik',
  'Dadar, Mumbai',
  'Naupada, Thane',
  'Rajarampuri, Kolhapur',
];

/** A deterministic sequence, so every demo database is the same. */
function picker(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, of: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

async function avatar(deps: Pick<Deps, 'files'>, hue: number): Promise<string> {
  const r = 80 + ((hue * 37) % 150);
  const g = 80 + ((hue * 71) % 150);
  const b = 80 + ((hue * 13) % 150);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="rgb(${r},${g},${b})"/><circle cx="150" cy="150" r="70" fill="#f1f5f9"/><rect x="60" y="250" width="180" height="150" rx="90" fill="#f1f5f9"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return (await storePhoto(deps.files, jpeg)).imageUrl;
}

/** A photographed paper document with a title line (a receipt, a signed challan), stored; its URL. */
export async function documentPhoto(deps: Pick<Deps, 'files'>, title: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#fffbeb"/><text x="40" y="80" font-size="36" font-family="sans-serif">${title}</text><line x1="40" y1="120" x2="560" y2="120" stroke="#94a3b8"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return (await storePhoto(deps.files, jpeg)).imageUrl;
}

const receipt = (deps: Pick<Deps, 'files'>, number: number) => documentPhoto(deps, `Fee receipt No. ${number}`);

/** Enquiries and registrations by each counsellor, through the same services the API uses. */
export async function seedEnrolment(
  deps: SeedDeps,
  {
    counsellors,
    centreIds,
    students: studentCount,
    visits: visitCount,
  }: { counsellors: Actor[]; centreIds: number[]; students: number; visits: number },
): Promise<void> {
  const random = picker(20_261_122);
  const phoneOf = (i: number, base: number) => String(base + i);
  const dueDate = (() => {
    const date = new Date(`${indianToday()}T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + 2);
    return date.toISOString().slice(0, 10);
  })();

  for (let i = 0; i < visitCount; i += 1) {
    const standard = random.of(standards);
    const studentNo = phoneOf(i, 9_700_000_000);
    const reason = random.next() < 0.1 ? OTHER_REASON : random.of(visitingReasons);
    const input = visitingRequest.parse({
      studentName: `${random.of(firstNames)} ${random.of(surnames)}`,
      gender: random.next() < 0.5 ? 'Male' : 'Female',
      dob: `${2008 + Math.floor(random.next() * 4)}-0${1 + Math.floor(random.next() * 9)}-1${Math.floor(random.next() * 9)}`,
      address: `${1 + Math.floor(random.next() * 200)}, ${random.of(areas)}`,
      pincode: String(411_001 + Math.floor(random.next() * 50)),
      standard,
      branch: random.of(branchesOf(standard)),
      schoolCollege: random.of(schools),
      previousYearPercent: Math.round(5500 + random.next() * 4400) / 100,
      email: `enquiry${i}@example.com`,
      studentNo,
      parentsNo: phoneOf(i, 9_600_000_000),
      notificationNo: studentNo,
      demoGiven: random.next() < 0.6 ? 'YES' : 'NO',
      reason,
      otherReason: reason === OTHER_REASON ? 'Wants a weekend batch' : undefined,
    });
    await recordVisit(deps.db, { input, by: counsellors[i % counsellors.length] as Actor });
  }

  const photos = await Promise.all(Array.from({ length: 12 }, (_, i) => avatar(deps, i)));
  const receipts = await Promise.all(Array.from({ length: 6 }, (_, i) => receipt(deps, 1000 + i)));
  for (let i = 0; i < studentCount; i += 1) {
    const standard: Standard = random.of(standards);
    const fee = feeOf(standard) / 100;
    // A third pay in full, the rest a part of the fee.
    const amountPaid = random.next() < 0.33 ? fee : Math.round(fee * (0.2 + random.next() * 0.5));
    const studentNo = phoneOf(i, 9_800_000_000);
    const parentsNo = phoneOf(i, 9_900_000_000);
    const surname = random.of(surnames);
    const input = registerStudentRequest.parse({
      studentName: `${random.of(firstNames)} ${surname}`,
      gender: random.next() < 0.5 ? 'Male' : 'Female',
      dob: `${2008 + Math.floor(random.next() * 4)}-0${1 + Math.floor(random.next() * 9)}-2${Math.floor(random.next() * 8)}`,
      motherName: `${random.of(mothers)} ${surname}`,
      address: `${1 + Math.floor(random.next() * 200)}, ${random.of(areas)}`,
      pincode: String(411_001 + Math.floor(random.next() * 50)),
      email: `student${i}@example.com`,
      studentNo,
      parentsNo,
      appNo: studentNo,
      notificationNo: parentsNo,
      standard,
      schoolCollege: random.of(schools),
      preYearPercent: Math.round(5000 + random.next() * 4900) / 100,
      branch: random.of(branchesOf(standard)),
      examCentre: random.of(centreIds),
      amountPaid,
      receiptNo: String(5000 + i),
      modeOfPayment: random.of(['Cash', 'Online', 'Cheque']),
      dueDate: amountPaid < fee ? dueDate : undefined,
      studentPhoto: photos[i % photos.length],
      receiptPhoto: receipts[i % receipts.length],
    });
    await registerStudent(deps, { input, by: counsellors[i % counsellors.length] as Actor });
  }
}

/** About half the students who still owe paid a second instalment. */
export async function seedInstalments(
  deps: Pick<Deps, 'db' | 'files' | 'clock'>,
  { counsellors }: { counsellors: Actor[] },
) {
  const random = picker(7);
  const receipts = await receipt(deps, 7000);
  const dueDate = (() => {
    const date = new Date(`${indianToday()}T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + 3);
    return date.toISOString().slice(0, 10);
  })();
  for (const counsellor of counsellors) {
    const rows = await listRegistrations(deps.db, { by: counsellor, query: { includeWithdrawn: false } });
    for (const row of rows.data) {
      if (row.amountRemaining <= 0 || random.next() < 0.5) continue;
      const amountPaid = Math.max(1, Math.round(row.amountRemaining * (0.3 + random.next() * 0.7)));
      const input = makePaymentRequest.parse({
        studentId: row.studentId,
        amountPaid,
        paymentMode: random.of(['Cash', 'Online', 'Card']),
        receiptNo: String(8000 + Math.floor(random.next() * 1000)),
        newDueDate: amountPaid < row.amountRemaining ? dueDate : undefined,
        receiptPhoto: receipts,
      });
      await makePayment(deps, { input, by: counsellor });
    }
  }
}

/**
 * Demo only: spreads what was just created over the past months, oldest first in the order it was
 * made (so receipt numbers stay in date order), without leaving the current financial year.
 */
export async function spreadOverMonths(deps: Pick<Deps, 'db'>) {
  const today = new Date(`${indianToday()}T12:00:00+05:30`);
  const financialYearStart = new Date(`${financialYearOf(indianToday()).slice(0, 4)}-04-01T10:00:00+05:30`);
  const start = new Date(Math.max(financialYearStart.getTime(), today.getTime() - 120 * 24 * 3600 * 1000));
  const span = Math.max(1, today.getTime() - start.getTime() - 24 * 3600 * 1000);
  const spread = (table: 'students' | 'payments', key: string) =>
    deps.db.execute(
      sql.raw(`with ordered as (select ${key} as k, row_number() over (order by created_at, ${key}) as n, count(*) over () as total from ${table})
        update ${table} set created_at = timestamptz '${start.toISOString()}' + ((${span} * (o.n - 1) / greatest(o.total, 1)) || ' milliseconds')::interval
        from ordered o where ${table}.${key} = o.k`),
    );
  await spread('students', 'student_id');
  await spread('payments', 'payment_id');
  // A registration happens with its first payment, so no payment is older than its student.
  await deps.db.execute(
    sql`update students s set created_at = first.at from (select student_id, min(created_at) as at from payments group by student_id) first
        where first.student_id = s.student_id and first.at < s.created_at`,
  );
}

/** Each counsellor has passed some cash on: one settlement verified, one rejected, one pending. */
export async function seedSettlements(
  deps: Pick<Deps, 'db' | 'files'>,
  { counsellors, admin }: { counsellors: Actor[]; admin: Actor },
) {
  const accounts = await getAccounts(deps.db);
  const proof = await receipt(deps, 9000);
  const today = indianToday();
  for (const counsellor of counsellors) {
    const owed = (await getCollection(deps.db, { counsellorId: counsellor.uuid, by: counsellor })).balance;
    const amounts = [Math.floor(owed * 0.4), Math.floor(owed * 0.1), Math.floor(owed * 0.2)];
    for (const [index, amountPaid] of amounts.entries()) {
      const remark =
        index === 1 ? `${OTHER_PREFIX} Cash handed to the branch head` : (accounts[index % accounts.length] as string);
      await settle(deps, {
        input: settleRequest.parse({ amountPaid, remark, proofUrl: proof, paymentDate: today }),
        by: counsellor,
      });
    }
    // Newest first: the pending one, then the one to reject, then the one to verify.
    const [, rejected, verified] = await getCollectionPayments(deps.db, {
      counsellorId: counsellor.uuid,
      by: counsellor,
    });
    if (verified) await decide(deps.db, { id: verified.id, status: 'verified', by: admin });
    if (rejected)
      await decide(deps.db, {
        id: rejected.id,
        status: 'rejected',
        reason: 'Not found in the bank statement',
        by: admin,
      });
    // Corrections: a settlement the counsellor withdrew, and one an admin verified and then reversed.
    for (const action of ['withdraw', 'reverse'] as const) {
      await settle(deps, {
        input: settleRequest.parse({
          amountPaid: Math.floor(owed * 0.05),
          remark: accounts[0],
          proofUrl: proof,
          paymentDate: today,
        }),
        by: counsellor,
      });
      const [newest] = await getCollectionPayments(deps.db, { counsellorId: counsellor.uuid, by: counsellor });
      if (!newest) continue;
      if (action === 'withdraw') {
        await withdrawSettlement(deps.db, { id: newest.id, by: counsellor });
      } else {
        await decide(deps.db, { id: newest.id, status: 'verified', by: admin });
        await reverseSettlement(deps.db, {
          id: newest.id,
          reason: 'Deposit returned by the bank: wrong account number',
          by: admin,
        });
      }
    }
  }
}
