// Enrolment figures with 20,000 registrations (two payments each) and 20,000 enquiries: the
// Registration Table (paged + filtered, and the whole compatible list), Payment Records and the
// Visiting Table (pages 1 and 40 again and again, and every page once), the registration-form PDF,
// and a 3 MB phone photo upload.
import {
  load,
  loadCells,
  loginToken,
  multipart,
  phoneJpeg,
  startProduct,
  stopProcess,
  studentsSql,
} from './harness.mjs';

export const STUDENTS = 20_000;

/** Bulk rows straight in SQL: a bench seeding step, not the product's path (that is tested elsewhere). */
export function seedSql({ adminUuid, photoHash }) {
  return `
insert into exam_centres (center_id, center_name, college_name, capacity)
  select g, 'Centre ' || g, 'College ' || g, 2000 from generate_series(1, 25) g on conflict do nothing;
${studentsSql({
  count: STUDENTS,
  join: `cross join lateral (select * from (values
  ('10th', '9th', 'Semi-English', 585000), ('12th', '11th', 'PCM', 790000),
  ('9th+10th', '8th', 'Marathi', 585000), ('11th+12th', '10th', 'PCB', 985000)) v(standard, previous, branch, fee)
  offset (g % 4) limit 1) s`,
  columns: {
    student_id: `lpad(g::text, 7, '0')`,
    student_name: `(array['Aarav','Vivaan','Ananya','Diya','Ishaan','Saanvi','Arjun','Kavya','Rohan','Sneha'])[1 + g % 10] || ' ' ||
  (array['Patil','Deshmukh','Kulkarni','Joshi','Pawar','Shinde','More','Jadhav'])[1 + g % 8] || ' ' || g`,
    gender: `case when g % 2 = 0 then 'Male' else 'Female' end`,
    dob: `date '2010-01-01' + (g % 700)`,
    mother_name: `'Mother ' || g`,
    address: `'Address ' || g`,
    email: `'student' || g || '@example.com'`,
    parents_no: '(8000000000 + g)::text',
    notification_no: '(8000000000 + g)::text',
    standard: 's.standard',
    previous_year: 's.previous',
    school_college: `'School ' || (g % 300)`,
    pre_year_percent_bp: '6000 + g % 4000',
    branch: 's.branch',
    exam_centre_id: '1 + g % 25',
    exam_year: '2027',
    student_photo: `'${photoHash}'`,
    payment_standard: 's.standard',
    total_paise: 's.fee',
    paid_paise: 's.fee / 2',
    due_date: `date '2027-01-15'`,
    created_by: `'${adminUuid}'::uuid`,
    counsellor: `'Counsellor ' || (g % 12)`,
    counsellor_branch: `'Branch ' || (g % 12)`,
    created_at: `now() - (g || ' minutes')::interval`,
  },
})}
-- Two instalments each (a quarter of the fee, then the rest of the half paid), so paid = the sum of payments.
insert into payments (student_id, amount_paise, payment_mode, receipt_no, system_receipt_no, receipt_photo, created_by, created_at)
select s.student_id, case when i = 1 then s.total_paise / 4 else s.paid_paise - s.total_paise / 4 end,
  (array['Cash','Online','Cheque'])[1 + (g + i) % 3], (1000 + g)::text,
  '2026-27/' || lpad((2 * g + i)::text, 6, '0'), '${photoHash}', '${adminUuid}'::uuid,
  s.created_at + (i * g % 997 || ' minutes')::interval
from (select row_number() over (order by student_id) g, * from students) s cross join generate_series(1, 2) i;
insert into visiting_records (student_name, gender, dob, address, pincode, standard, previous_year, branch,
  school_college, previous_year_percent_bp, email, student_no, parents_no, notification_no, demo_given, reason,
  mother_name, created_by, counsellor, counsellor_branch, created_at, updated_at)
select 'Visitor ' || g, 'Female', date '2010-01-01' + (g % 700), 'Address ' || g, '411005', '10th', '9th', 'English',
  'School ' || (g % 300), 7000, 'v' || g || '@example.com', (7000000000 + g)::text, (6000000000 + g)::text,
  (7000000000 + g)::text, 'NO', 'Other reason', 'not require', '${adminUuid}'::uuid, 'Counsellor ' || (g % 12),
  'Branch ' || (g % 12), now() - (g || ' minutes')::interval, now()
from generate_series(1, ${STUDENTS}) g;
analyze students;
analyze payments;
analyze visiting_records;`;
}

/**
 * Starts the server, takes the admin and a photo, stops it, seeds through `runSql` (the embedded
 * database is only open to one process at a time), starts it again and measures.
 */
export async function benchEnrolment({ label, env, runSql, port = 4803 }) {
  const base = `http://127.0.0.1:${port}`;
  const start = () => startProduct(port, env);

  let server = await start();
  let token = await loginToken(base);
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await fetch(`${base}/api/auth/me`, { headers: auth })).json();
  const photo = await phoneJpeg();
  const upload = multipart(photo);
  const uploaded = await (
    await fetch(`${base}/api/upload-photo`, {
      method: 'POST',
      headers: { ...auth, 'content-type': upload.contentType },
      body: upload.body,
    })
  ).json();
  const photoHash = uploaded.imageUrl.slice('/api/files/'.length, -'.jpg'.length);
  await stopProcess(server.child);

  const seeded = performance.now();
  await runSql(seedSql({ adminUuid: me.uuid, photoHash }));
  const seedMs = performance.now() - seeded;

  server = await start();
  try {
    token = await loginToken(base);
    const headers = { authorization: `Bearer ${token}` };
    const pid = server.child.pid;
    const rows = [];
    const row = (what, result, extra = '') =>
      rows.push({
        database: label,
        what,
        ...loadCells(result),
        errors: result.non2xx,
        note: extra,
      });

    /** A GET of `path` for 5 s on `connections` connections. */
    const get = (path, connections = 1) => load({ url: `${base}${path}`, headers, pid, connections, duration: 5 });
    const filtered = '/api/counsellor/getRegister?page=1&limit=25&search=patil&examCentre=3&standard=10th';
    row('list page 1, search+centre+standard', await get(filtered));
    row('list page 40, no filter', await get('/api/counsellor/getRegister?page=40&limit=25'));
    row('list page 1, filtered, 10 at once', await get(filtered, 10));
    // Payment Records and the Visiting Table: pages 1 and 40 (the first and a deep page), and a search.
    for (const [what, path] of [
      ['Payment Records page 1', '/api/counsellor/getPayments?page=1&limit=20'],
      ['Payment Records page 40', '/api/counsellor/getPayments?page=40&limit=20'],
      ['Payment Records page 1, search', '/api/counsellor/getPayments?page=1&limit=20&search=patil'],
      ['Visiting Table page 1', '/api/counsellor/getVisiting?page=1&limit=25'],
      ['Visiting Table page 40', '/api/counsellor/getVisiting?page=40&limit=25'],
      ['Visiting Table page 1, search', '/api/counsellor/getVisiting?page=1&limit=25&search=visitor 19'],
    ]) {
      row(what, await get(path), what.startsWith('Visiting') ? 'the same page again: kept in memory' : '');
    }
    // The Visiting Table's pages are kept until an enquiry changes (decision 021): every page once, each a read.
    const visitingPages = Array.from(
      { length: STUDENTS / 25 },
      (_, n) => `/api/counsellor/getVisiting?page=${n + 1}&limit=25`,
    );
    row(
      'Visiting Table, each page read once',
      await load({ url: base, paths: visitingPages, headers, pid, connections: 1, duration: 5 }),
      `${visitingPages.length} pages in turn`,
    );
    const whole = await fetch(`${base}/api/counsellor/getRegister`, { headers });
    const size = (await whole.arrayBuffer()).byteLength;
    row(
      'whole list (compatible, unpaged)',
      await get('/api/counsellor/getRegister'),
      `${(size / 1024 / 1024).toFixed(1)} MB, ${STUDENTS} rows`,
    );
    row('registration-form PDF', await get('/api/pdf/registration-form?studentId=0001234'));
    row(
      'upload 3 MB phone JPEG',
      await load({
        url: `${base}/api/upload-photo`,
        method: 'POST',
        headers: { ...headers, 'content-type': upload.contentType },
        body: upload.body,
        pid,
        connections: 1,
        duration: 5,
      }),
      `${(photo.length / 1024 / 1024).toFixed(1)} MB in`,
    );
    return { rows, seedMs };
  } finally {
    await stopProcess(server.child);
  }
}
