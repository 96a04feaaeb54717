/**
 * `npm run seed:demo`: realistic demo data created through the services, so a newcomer can
 * click through every screen. Refuses a database that already holds anything beyond the first admin.
 */

import path from 'node:path';
import { indianToday, shiftDate } from '@app/domain/dates.rules';
import { count, eq, ne } from 'drizzle-orm';
import { bootstrapDatabase } from './bootstrap';
import { ConfigError, readEnv } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { type UserRow, users } from './db/schema';
import { databaseFileStore, diskFileStore } from './lib/file-store';
import { formatIsoDate } from './lib/pdf/format';
import { addCentre } from './modules/centres/centres.service';
import { seedMessages } from './modules/messages/messages.service';
import { getOpenSession } from './modules/sessions/sessions.service';
import { addSubject, scheduleSubject } from './modules/subjects/subjects.service';
import { findUserByUuid } from './modules/users/users.repository';
import { createUser } from './modules/users/users.service';
import type { Actor } from './plugins/auth';
import { seedBooks } from './seed/books';
import { seedCorrections } from './seed/corrections';
import { seedCourses } from './seed/courses';
import { seedEnrolment, seedInstalments, seedSettlements, spreadOverMonths } from './seed/enrolment';
import { seedExamDay } from './seed/exam-day';
import { seedFunnel } from './seed/funnel';
import { seedOnlineTests } from './seed/online-tests';
import { seedPrivacy } from './seed/privacy';
import { openDatabase } from './server-database';

export const DEMO_PASSWORD = 'demo1234';

const counsellors = [
  {
    name: 'Priya Deshmukh',
    email: 'priya@demo.test',
    branch: 'Pune - Kothrud',
    contactNum: '9822012345',
    commission: 10,
  },
  {
    name: 'Rahul Patil',
    email: 'rahul@demo.test',
    branch: 'Nashik - College Road',
    contactNum: '9881054321',
    commission: 12.5,
  },
  {
    name: 'Sneha Kulkarni',
    email: 'sneha@demo.test',
    branch: 'Mumbai - Dadar',
    contactNum: '9930098765',
    commission: 8,
  },
];

const centres = [
  { centerId: 1, centerName: 'Mumbai - Dadar', collegeName: 'Ruparel College', capicity: 500, city: 'Mumbai' },
  { centerId: 2, centerName: 'Pune - Shivajinagar', collegeName: 'Fergusson College', capicity: 400, city: 'Pune' },
  {
    centerId: 3,
    centerName: 'Nashik - College Road',
    collegeName: 'HPT Arts and RYK Science College',
    capicity: 300,
    city: 'Nashik',
  },
  { centerId: 4, centerName: 'Thane - Naupada', collegeName: 'Bedekar Vidya Mandir', capicity: 250, city: 'Thane' },
  {
    centerId: 5,
    centerName: 'Kolhapur - Rajarampuri',
    collegeName: 'Vivekanand College',
    capicity: 200,
    city: 'Kolhapur',
  },
  {
    centerId: 6,
    centerName: 'Chhatrapati Sambhajinagar',
    collegeName: 'Deogiri College',
    capicity: 220,
    city: 'Chhatrapati Sambhajinagar',
  },
].map((centre) => ({ ...centre, listedPublicly: true })); // real centres: the public site lists them

/** The board's papers in the order they are written, with the day of the mock exam and the session. */
const morning = '11:00 AM-2:00 PM';
const afternoon = '3:00 PM-5:00 PM';
const timetable = [
  {
    subjectCode: 1001,
    subjectName: 'Marathi (First Language)',
    language: 'Marathi',
    standard: '10th',
    day: 2,
    time: morning,
  },
  {
    subjectCode: 1002,
    subjectName: 'Hindi (Second Language)',
    language: 'Hindi',
    standard: '10th',
    day: 4,
    time: morning,
  },
  {
    subjectCode: 1003,
    subjectName: 'English (Third Language)',
    language: 'English',
    standard: '10th',
    day: 6,
    time: morning,
  },
  {
    subjectCode: 1004,
    subjectName: 'Mathematics Part I (Algebra)',
    language: 'English',
    standard: '10th',
    day: 9,
    time: morning,
  },
  {
    subjectCode: 1005,
    subjectName: 'Mathematics Part II (Geometry)',
    language: 'English',
    standard: '10th',
    day: 11,
    time: morning,
  },
  {
    subjectCode: 1006,
    subjectName: 'Science and Technology Part I',
    language: 'English',
    standard: '10th',
    day: 13,
    time: morning,
  },
  {
    subjectCode: 1007,
    subjectName: 'Science and Technology Part II',
    language: 'English',
    standard: '10th',
    day: 16,
    time: morning,
  },
  {
    subjectCode: 1008,
    subjectName: 'History and Political Science',
    language: 'Marathi',
    standard: '10th',
    day: 18,
    time: morning,
  },
  { subjectCode: 1009, subjectName: 'Geography', language: 'Marathi', standard: '10th', day: 18, time: afternoon },
  { subjectCode: 1201, subjectName: 'English', language: 'English', standard: '12th', day: 3, time: morning },
  { subjectCode: 1202, subjectName: 'Marathi', language: 'Marathi', standard: '12th', day: 5, time: afternoon },
  { subjectCode: 1203, subjectName: 'Physics', language: 'English', standard: '12th', day: 8, time: morning },
  { subjectCode: 1204, subjectName: 'Chemistry', language: 'English', standard: '12th', day: 10, time: morning },
  {
    subjectCode: 1205,
    subjectName: 'Mathematics and Statistics',
    language: 'English',
    standard: '12th',
    day: 12,
    time: morning,
  },
  { subjectCode: 1206, subjectName: 'Biology', language: 'English', standard: '12th', day: 15, time: morning },
] as const;

/**
 * The mock exams start three weeks from today, so every exam screen has a timetable to show. The
 * papers belong to the first exam session, which the bootstrap opens for registration with SPEC §9's
 * years as of today (docs/decisions/007-exam-sessions.md): its exam year is the one the 10th and 12th
 * students' hall tickets are for.
 */
const MOCK_EXAMS_IN_DAYS = 21;

async function main(): Promise<void> {
  const env = readEnv();
  const database = await openDatabase(env);
  // The services get the same database and file store as the server's; no app is built.
  const deps = {
    db: database.db,
    files:
      env.FILE_STORE === 'database' ? databaseFileStore(database.db) : diskFileStore(path.join(env.DATA_DIR, 'files')),
    clock: () => new Date(),
  };
  try {
    const { db } = database;
    await bootstrapDatabase(db, {
      email: env.ADMIN_EMAIL ?? 'admin@demo.test',
      password: env.ADMIN_PASSWORD ?? DEMO_PASSWORD,
    });
    const [others] = await db.select({ n: count() }).from(users).where(ne(users.role, 'admin'));
    if ((others?.n ?? 0) > 0) {
      console.error('The database already has data: demo data goes only into a new, empty database.');
      console.error('Use a fresh DATA_DIR (or an empty DATABASE_URL) and run `npm run seed:demo` again.');
      process.exitCode = 1;
      return;
    }
    // The admin does what an admin does, so the audit trail shows who set everything up.
    const [adminRow] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);
    const { passwordHash: _adminSecret, ...admin } = adminRow as UserRow;
    const actors: Actor[] = [];
    for (const counsellor of counsellors) {
      const created = await createUser(db, {
        ...counsellor,
        role: 'counsellor',
        dob: '1990-06-15',
        password: DEMO_PASSWORD,
        by: admin,
      });
      const { passwordHash: _secret, ...actor } = (await findUserByUuid(db, created.uuid)) as UserRow;
      actors.push(actor);
    }
    const createdTeacher = await createUser(db, {
      name: 'Anil Joshi',
      email: 'anil@demo.test',
      role: 'teacher',
      branch: null,
      commission: 0,
      contactNum: '9765043210',
      dob: '1985-02-01',
      password: DEMO_PASSWORD,
      by: admin,
    });
    const { passwordHash: _teacherSecret, ...teacher } = (await findUserByUuid(db, createdTeacher.uuid)) as UserRow;
    const session = await getOpenSession(db);
    for (const centre of centres) await addCentre(db, { ...centre, by: admin });
    const firstDay = shiftDate(indianToday(), { days: MOCK_EXAMS_IN_DAYS - 1 });
    for (const { day, time, ...paper } of timetable) {
      await addSubject(db, { ...paper, by: admin });
      await scheduleSubject(db, {
        subjectCode: paper.subjectCode,
        examDate: shiftDate(firstDay, { days: day }),
        examTime: time,
        by: admin,
      });
    }
    console.log(
      `Exam setup: session '${session.name}' open for registration, ${centres.length} centres, ` +
        `${timetable.length} subjects of the ${session.examYear} exams, ` +
        `from ${formatIsoDate(shiftDate(firstDay, { days: 1 }))}.`,
    );
    await seedEnrolment(deps, {
      counsellors: actors,
      centreIds: centres.map((c) => c.centerId),
      students: 200,
      visits: 60,
    });
    console.log('Enrolment: 60 enquiries and 200 registered students with photos and first payments.');
    await seedInstalments(deps, { counsellors: actors });
    await spreadOverMonths(deps);
    console.log('Payments: second instalments for about half the students, spread over the past months.');
    const courses = await seedCourses(deps, { sessionId: session.id, admin, counsellors: actors });
    console.log(`Courses: a crash course with three instalments; ${courses.concessions} concessions asked for.`);
    const funnel = await seedFunnel(deps, { counsellors: actors });
    console.log(
      `Funnel: ${funnel.website} website enquiries, ${funnel.followUps} follow-ups (overdue, today, upcoming).`,
    );
    await seedSettlements(deps, { counsellors: actors, admin });
    console.log('Collections: settlements verified, rejected and pending for each counsellor.');
    await seedCorrections(deps, { counsellors: actors, admin });
    console.log('Corrections: a cancelled receipt and cancellation requests per counsellor, and two refunds.');
    const books = await seedBooks(deps, { counsellors: actors, admin });
    console.log(
      `Books: ${books.challans} challans (older ones received, most with the signed copy; recent ones pending), ${books.given} sets given.`,
    );
    const exam = await seedExamDay(db, { centreIds: centres.map((c) => c.centerId), admin, teacher });
    console.log(
      `Exam day: ${exam.seated} seat numbers, marks for ${exam.marked} students (${exam.pending} still without); ` +
        'hall tickets and results are released from Home (Admin Controls).',
    );
    if (exam.example) {
      const { studentName, studentId, motherName } = exam.example;
      console.log(`  try the hall ticket / result with: ${studentName}, ${studentId}, mother ${motherName}`);
    }
    const privacy = await seedPrivacy(deps, { counsellors: actors, admin });
    console.log(
      `Families' data: ${privacy.consents} parents' consents recorded, ${privacy.held} registrations waiting; ` +
        'three requests, one breach.',
    );
    // After the consents: a parent who has not consented gets no message (issue 27).
    const sent = await seedMessages(deps, { admin });
    console.log(
      `Messages: receipts queued with each payment (skipped while a parent's consent is awaited; prepared until a provider is set), one reminder job of ${sent}.`,
    );
    const portal = await seedOnlineTests(deps, { admin });
    console.log(
      'Online tests: a question bank of 10 questions in 2 chapters, a past test 40 students sat, one open this week.',
    );
    if (portal)
      console.log(`  a student signs in at /student/login with ${portal.studentId} and date of birth ${portal.dob}`);
    console.log(`Demo data ready. Every demo account's password is ${DEMO_PASSWORD}:`);
    console.log(`  admin       ${env.ADMIN_EMAIL ?? 'admin@demo.test'} (unless an admin existed already)`);
    for (const counsellor of counsellors) console.log(`  counsellor  ${counsellor.email}  (${counsellor.branch})`);
    console.log('  teacher     anil@demo.test');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirBusyError ? error.message : error);
  process.exit(1);
});
