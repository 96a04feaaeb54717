import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from '../bootstrap';
import { type Database, executeRows, openPglite } from './client';

/**
 * Migration 0018 moves a running database's exam data into exam sessions without loss: the database
 * is migrated up to the migration before, given the rows a season leaves (papers, students of both courses, released
 * hall tickets), then migrated to the end.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const dirs: string[] = [];
const databases: Database[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh embedded database migrated up to (and including) migration `last`. */
async function migratedUpTo(last: string): Promise<Database> {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag === last);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
  const database = openPglite();
  databases.push(database);
  await migrate(database.db as never, { migrationsFolder: dir });
  return database;
}

const sessionsOf = (database: Database) =>
  executeRows<Record<string, unknown>>(
    database.db,
    sql`select name, exam_year, two_year_exam_year, starts_on::text as starts_on, ends_on::text as ends_on,
          open_for_registration, hall_tickets_released, results_released
        from exam_sessions order by exam_year`,
  );

// Each test migrates a new embedded database from nothing: slow on a busy machine.
describe('migration 0018 (exam sessions)', { timeout: 120_000 }, () => {
  it("moves a season's data into a first session, open, with its releases; next year's students into their own", async () => {
    const database = await migratedUpTo('0017_public_centres');
    const { db } = database;
    await db.execute(
      sql`insert into setting_flags (flag_name, flag_value) values ('HALLTICKET', 'true'), ('RESULT', 'false')`,
    );
    await db.execute(sql`insert into users (uuid, name, user_name, email, role, branch, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'Priya', 'Priya', 'priya@example.com', 'counsellor', 'Pune', 'x')`);
    await db.execute(
      sql`insert into exam_centres (center_id, center_name, college_name) values (1, 'Pune', 'College')`,
    );
    await db.execute(sql`insert into subjects (subject_code, subject_name, language, standard, exam_year)
      values (1001, 'English', 'English', '10th', 2026)`);
    for (const [id, standard, year] of [
      ['2600001', '10th', 2026],
      ['2600002', '9th+10th', 2027],
      // Registered on 10 January under the old calendar rule: the split this issue is about, kept as it is.
      ['2700001', '10th', 2027],
    ] as const) {
      await db.execute(sql`insert into students (student_id, student_name, gender, dob, mother_name, address, pincode,
          email, student_no, parents_no, app_no, notification_no, standard, previous_year, school_college,
          pre_year_percent_bp, branch, exam_centre_id, exam_year, student_photo, payment_standard, total_paise,
          paid_paise, remaining_paise, due_date, created_by, counsellor, counsellor_branch)
        values (${id}, 'Asha', 'Female', '2010-01-01', 'Sunita', 'Pune', '411001', 'a@example.com', '9800000001',
          '9800000002', '9800000001', '9800000001', ${standard}, '9th', 'School', 8000, 'English', 1, ${year},
          'hash', ${standard}, 585000, 585000, 0, null, '00000000-0000-4000-8000-000000000001', 'Priya', 'Pune')`);
    }

    await migrate(db as never, { migrationsFolder: migrations });

    expect(await sessionsOf(database)).toEqual([
      {
        name: 'Mock Board Exams 2026-27',
        exam_year: 2026,
        two_year_exam_year: 2027,
        starts_on: '2026-06-01',
        ends_on: '2027-03-31',
        open_for_registration: true,
        hall_tickets_released: true,
        results_released: false,
      },
      {
        name: 'Mock Board Exams 2027-28',
        exam_year: 2027,
        two_year_exam_year: 2028,
        starts_on: '2027-06-01',
        ends_on: '2028-03-31',
        open_for_registration: false,
        hall_tickets_released: false,
        results_released: false,
      },
    ]);
    // Nothing else moved: every student keeps the exam year they had, every paper its year.
    const students = await executeRows<{ student_id: string; exam_year: number }>(
      db,
      sql`select student_id, exam_year from students order by student_id`,
    );
    expect(students.map((row) => [row.student_id, row.exam_year])).toEqual([
      ['2600001', 2026],
      ['2600002', 2027],
      ['2700001', 2027],
    ]);
    // The flags live on as the first session's releases; their old table is gone.
    const [flagsTable] = await executeRows<{ name: string | null }>(
      db,
      sql`select to_regclass('setting_flags')::text as name`,
    );
    expect(flagsTable?.name).toBeNull();
    // A bootstrap afterwards adds no session: the data already has its own.
    await bootstrapDatabase(db, { email: 'admin@example.com', password: 'admin-pass-1' }, new Date('2031-01-10'));
    expect(await sessionsOf(database)).toHaveLength(2);
  });

  it('gives a new, empty database no session: its bootstrap opens the first, as of its clock', async () => {
    const database = await migratedUpTo('0018_exam_sessions');
    expect(await sessionsOf(database)).toEqual([]);
    // The server bootstraps after every migration (later ones give a new session its courses).
    await migrate(database.db as never, { migrationsFolder: migrations });
    expect(await sessionsOf(database)).toEqual([]);
    // 31 December 19:00 UTC is already 1 January 2031 in India.
    await bootstrapDatabase(
      database.db,
      { email: 'admin@example.com', password: 'admin-pass-1' },
      new Date('2030-12-31T19:00:00Z'),
    );
    expect(await sessionsOf(database)).toEqual([
      expect.objectContaining({ name: 'Mock Board Exams 2031-32', exam_year: 2031, open_for_registration: true }),
    ]);
  });
});

describe('migration 0022 (courses)', { timeout: 120_000 }, () => {
  it("gives every session SPEC §9's four courses and each student their course, fee and no concession", async () => {
    const database = await migratedUpTo('0020_student_status');
    const { db } = database;
    await db.execute(sql`insert into users (uuid, name, user_name, email, role, branch, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'Priya', 'Priya', 'priya@example.com', 'counsellor', 'Pune', 'x')`);
    await db.execute(
      sql`insert into exam_centres (center_id, center_name, college_name) values (1, 'Pune', 'College')`,
    );
    await db.execute(sql`insert into exam_sessions (name, exam_year, two_year_exam_year, starts_on, ends_on, open_for_registration)
      values ('Mock Board Exams 2026-27', 2027, 2028, '2026-06-01', '2027-03-31', true),
             ('Mock Board Exams 2027-28', 2028, 2029, '2027-06-01', '2028-03-31', false)`);
    // A 10th student of the 2027 session, and a 9th+10th student it registered for 2028.
    for (const [id, standard, year, total, paid] of [
      ['2600001', '10th', 2027, 585000, 200000],
      ['2600002', '9th+10th', 2028, 585000, 585000],
    ] as const) {
      await db.execute(sql`insert into students (student_id, student_name, gender, dob, mother_name, address, pincode,
          email, student_no, parents_no, app_no, notification_no, standard, previous_year, school_college,
          pre_year_percent_bp, branch, exam_centre_id, exam_year, student_photo, payment_standard, total_paise,
          paid_paise, remaining_paise, due_date, created_by, counsellor, counsellor_branch)
        values (${id}, 'Asha', 'Female', '2010-01-01', 'Sunita', 'Pune', '411001', 'a@example.com', '9800000001',
          '9800000002', '9800000001', '9800000001', ${standard}, '9th', 'School', 8000, 'English', 1, ${year},
          'hash', ${standard}, ${total}, ${paid}, ${total - paid}, ${paid === total ? null : '2027-01-15'},
          '00000000-0000-4000-8000-000000000001', 'Priya', 'Pune')`);
    }

    await migrate(db as never, { migrationsFolder: migrations });

    const courses = await executeRows<{ session: string; name: string; fee_paise: number }>(
      db,
      sql`select s.name as session, c.name, c.fee_paise from courses c join exam_sessions s on s.id = c.session_id
          order by s.exam_year, c.id`,
    );
    expect(courses.map((c) => `${c.session.slice(-7)} ${c.name} ${c.fee_paise}`)).toEqual([
      '2026-27 9th+10th 585000',
      '2026-27 10th 585000',
      '2026-27 11th+12th 985000',
      '2026-27 12th 790000',
      '2027-28 9th+10th 585000',
      '2027-28 10th 585000',
      '2027-28 11th+12th 985000',
      '2027-28 12th 790000',
    ]);
    const students = await executeRows<Record<string, unknown>>(
      db,
      sql`select st.student_id, s.name as session, c.name as course, st.fee_paise, st.concession_paise, st.total_paise
          from students st join courses c on c.id = st.course_id join exam_sessions s on s.id = c.session_id
          order by st.student_id`,
    );
    expect(students).toEqual([
      {
        student_id: '2600001',
        session: 'Mock Board Exams 2026-27',
        course: '10th',
        fee_paise: 585000,
        concession_paise: 0,
        total_paise: 585000,
      },
      {
        student_id: '2600002',
        session: 'Mock Board Exams 2026-27',
        course: '9th+10th',
        fee_paise: 585000,
        concession_paise: 0,
        total_paise: 585000,
      },
    ]);
    // A fee below what is paid is refused by the database itself.
    await expect(
      db.execute(sql`update students set concession_paise = 1 where student_id = '2600001'`),
    ).rejects.toThrow();
  });
});
