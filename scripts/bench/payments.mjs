// Payments under load: 50 connections paying on one hot student, then spread over many, followed by
// an invariant check straight in the database (no balance below zero, paid = sum of payments,
// receipt numbers without gaps). And the receipt PDF.
import autocannon from 'autocannon';
import { createCounsellor, load, loadCells, loginToken, startProduct, stopProcess, studentsSql } from './harness.mjs';

const STUDENTS = 2_000;
const due = new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** 2,000 students of one counsellor with ₹10 lakh each to pay, so load never runs out of balance. */
export function seedPaymentsSql({ counsellorUuid, photoHash }) {
  return `
insert into exam_centres (center_id, center_name, college_name, capacity) values (1, 'Bench', 'Bench College', 100000) on conflict do nothing;
${studentsSql({
  count: STUDENTS,
  columns: {
    student_id: `'P' || lpad(g::text, 6, '0')`,
    student_name: `'Payer ' || g`,
    gender: `'Male'`,
    email: `'p@example.com'`,
    exam_year: '2027',
    student_photo: `'${photoHash}'`,
    total_paise: '100000000',
    paid_paise: '0',
    created_by: `'${counsellorUuid}'::uuid`,
  },
})}
analyze students;`;
}

export const invariantSql = `
select
  (select count(*) from students where remaining_paise < 0) as negative,
  (select count(*) from students s where s.paid_paise <> coalesce((select sum(amount_paise) from payments p where p.student_id = s.student_id), 0)) as mismatched,
  (select count(*) from payments) as payments,
  (select coalesce(max(split_part(system_receipt_no, '/', 2)::int), 0) from payments) as last_receipt`;

export async function benchPayments({ label, env, runSql, port = 4804 }) {
  const base = `http://127.0.0.1:${port}`;
  const start = () => startProduct(port, env);

  let server = await start();
  const created = await createCounsellor(base, await loginToken(base), 'payments');
  const login = created.login;
  const photoForm = new FormData();
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .jpeg()
    .toBuffer();
  photoForm.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'receipt.jpg');
  const { imageUrl } = await (
    await fetch(`${base}/api/upload-photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await login()}` },
      body: photoForm,
    })
  ).json();
  await stopProcess(server.child);
  await runSql(seedPaymentsSql({ counsellorUuid: created.uuid, photoHash: imageUrl.slice('/api/files/'.length, -4) }));

  server = await start();
  try {
    const headers = { authorization: `Bearer ${await login()}`, 'content-type': 'application/json' };
    const body = (studentId) =>
      JSON.stringify({ studentId, amountPaid: 1, paymentMode: 'Cash', newDueDate: due, receiptPhoto: imageUrl });
    const pid = server.child.pid;
    const rows = [];
    const hot = await load({
      url: `${base}/api/counsellor/makePayment`,
      method: 'POST',
      headers,
      body: body('P000001'),
      pid,
      connections: 50,
      duration: 5,
    });
    rows.push({
      database: label,
      what: 'payments, one hot student',
      ...loadCells(hot),
      errors: hot.non2xx,
    });
    let next = 0;
    const spread = await autocannon({
      url: `${base}/api/counsellor/makePayment`,
      method: 'POST',
      headers,
      connections: 50,
      duration: 5,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: body(`P${String((next++ % STUDENTS) + 1).padStart(6, '0')}`),
          }),
        },
      ],
    });
    rows.push({
      database: label,
      what: `payments, spread over ${STUDENTS} students`,
      'req/s': Math.round(spread.requests.average),
      'p50 ms': spread.latency.p50,
      'p99 ms': spread.latency.p99,
      errors: spread.non2xx + spread.errors,
    });
    for (const [what, path] of [
      ['collection summary (thousands of payments)', `/api/counsellor/collection/${created.uuid}`],
      ['payment receipt PDF', '/api/pdf/payment-receipt?studentId=P000002'],
    ]) {
      const result = await load({ url: `${base}${path}`, headers, pid, connections: 1, duration: 5 });
      rows.push({ database: label, what, ...loadCells(result), errors: result.non2xx });
    }
    await stopProcess(server.child);
    const check = await runSql(invariantSql);
    const breaks =
      Number(check.negative) +
      Number(check.mismatched) +
      (Number(check.payments) === Number(check.last_receipt) ? 0 : 1);
    rows.push({
      database: label,
      what: `invariant breaks after ${check.payments} payments`,
      'req/s': '-',
      'p50 ms': '-',
      'p99 ms': '-',
      errors: breaks,
    });
    return rows;
  } finally {
    await stopProcess(server.child);
  }
}
