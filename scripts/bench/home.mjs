// The Home figures at 20,000 registrations: each Home endpoint (one per card group) p50/p99 on one
// connection, as the screens call them. 12 counsellors share the students; each student has two
// payments, there are 20,000 enquiries and 600 settlements (verified, pending, rejected).
// `BENCH_ONLY=home node scripts/bench.mjs` runs only this part.
import { createCounsellor, load, loginToken, startProduct, stopProcess, studentsSql } from './harness.mjs';

export const HOME_STUDENTS = 20_000;
const COUNSELLORS = 12;

/** Bulk rows straight in SQL: a bench seeding step, not the product's path (that is tested elsewhere). */
function seedSql(counsellors) {
  const ids = `array[${counsellors.map((uuid) => `'${uuid}'`).join(',')}]::uuid[]`;
  const pick = (g) => `(${ids})[1 + (${g}) % ${counsellors.length}]`;
  return `
insert into exam_centres (center_id, center_name, college_name, capacity)
select c, 'Home Centre ' || c, 'Home College ' || c, 1000 from generate_series(1, 25) c on conflict do nothing;
${studentsSql({
  count: HOME_STUDENTS,
  columns: {
    student_id: `'H' || lpad(g::text, 6, '0')`,
    student_name: `'Home Student ' || g`,
    email: `'h@example.com'`,
    standard: `(array['9th+10th','10th','11th+12th','12th'])[1 + g % 4]`,
    exam_centre_id: '1 + g % 25',
    exam_year: '2027',
    paid_paise: 'case when g % 3 = 0 then 585000 else 200000 end',
    due_date: 'case when g % 3 = 0 then null else current_date + (g % 90) - 45 end',
    created_by: pick('g / 3'),
    counsellor: `'Counsellor ' || (g / 3 % ${counsellors.length})`,
    created_at: `now() - (g % 400) * interval '1 day' - (g % 600) * interval '1 minute'`,
  },
})}
-- Two instalments each, so paid = the sum of payments.
insert into payments (student_id, amount_paise, payment_mode, receipt_no, system_receipt_no, receipt_photo, created_by, created_at)
select s.student_id, case when i = 1 then s.paid_paise / 4 else s.paid_paise - s.paid_paise / 4 end, 'Cash', '1',
  'H/' || lpad((2 * s.g + i)::text, 7, '0'), repeat('a', 64), s.created_by, s.created_at + i * interval '1 minute'
from (select row_number() over (order by student_id) g, * from students where student_id like 'H%') s
cross join generate_series(1, 2) i;
insert into visiting_records (student_name, gender, dob, address, pincode, standard, previous_year, branch,
  school_college, previous_year_percent_bp, email, student_no, parents_no, notification_no, demo_given, reason,
  mother_name, created_by, counsellor, counsellor_branch, created_at, updated_at)
select 'Visitor ' || g, 'Female', date '2010-01-01', 'Address', '411005', '10th', '9th', 'English', 'School', 7000,
  'v@example.com', (7000000000 + g)::text, '6000000000', (7000000000 + g)::text, 'NO', 'Other reason', 'Mother',
  ${pick('g')}, 'Counsellor', 'Bench', now() - (g % 200) * interval '1 day', now()
from generate_series(1, ${HOME_STUDENTS}) g;
insert into settlements (counsellor_id, amount_paise, payment_date, remark, proof_photo, verify_status, created_at)
select ${pick('g')}, 100000, current_date - g % 100, 'Other: bench', repeat('a', 64),
  (array['verified','pending','rejected'])[1 + g % 3], now() - (g % 100) * interval '1 day'
from generate_series(1, 600) g;
analyze students;
analyze payments;
analyze visiting_records;
analyze settlements;`;
}

export async function benchHome({ label, env, runSql, port = 4807, duration = 4 }) {
  const base = `http://127.0.0.1:${port}`;
  const start = () => startProduct(port, env);

  let server = await start();
  const adminToken = await loginToken(base);
  const counsellors = [];
  for (let i = 0; i < COUNSELLORS; i += 1) counsellors.push(await createCounsellor(base, adminToken, `home${i}`));
  await stopProcess(server.child);
  await runSql(seedSql(counsellors.map((counsellor) => counsellor.uuid)));

  server = await start();
  const rows = [];
  try {
    const admin = { authorization: `Bearer ${await loginToken(base)}` };
    const counsellor = { authorization: `Bearer ${await counsellors[0].login()}` };
    const pid = server.child.pid;
    for (const [what, path, headers] of [
      ['admin figures', '/api/admin/home/figures', admin],
      ['admin charts', '/api/admin/home/charts', admin],
      ['counsellor figures', '/api/counsellor/home/figures', counsellor],
      ['overdue page 1, all (admin)', '/api/counsellor/overdue?page=1&limit=25', admin],
      ['overdue page 40, all (admin)', '/api/counsellor/overdue?page=40&limit=25', admin],
      [
        'overdue page 1, one counsellor (admin)',
        `/api/counsellor/overdue?page=1&limit=25&counsellor=${counsellors[1].uuid}`,
        admin,
      ],
      ['overdue page 1, own (counsellor)', '/api/counsellor/overdue?page=1&limit=25', counsellor],
    ]) {
      const result = await load({ url: `${base}${path}`, headers, pid, connections: 1, duration });
      rows.push({
        database: label,
        what: `Home: ${what}`,
        'p50 ms': result.p50,
        'p99 ms': result.p99,
        'req/s': Math.round(result.rps),
        errors: result.non2xx,
      });
    }
  } finally {
    await stopProcess(server.child);
  }
  return rows;
}
