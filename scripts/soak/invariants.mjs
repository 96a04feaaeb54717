// The checks after the load: through the API (what staff would see) and in the database itself (read
// only): balances, receipt serials, student IDs, seats and challans unique and without gaps, one audit
// entry per payment, registration and challan, book stock, and every acknowledged write present.

/** Duplicates and gaps of serial numbers that must run 1..N: answers a list of problems (empty: fine). */
export function serialProblems(what, numbers) {
  const problems = [];
  const seen = new Set();
  const duplicates = new Set();
  for (const n of numbers) {
    if (seen.has(n)) duplicates.add(n);
    seen.add(n);
  }
  if (duplicates.size > 0) problems.push(`${what}: ${duplicates.size} duplicated (${[...duplicates].slice(0, 5)})`);
  const max = Math.max(0, ...seen);
  const missing = [];
  for (let n = 1; n <= max; n += 1) if (!seen.has(n)) missing.push(n);
  if (missing.length > 0) problems.push(`${what}: ${missing.length} missing of 1..${max} (${missing.slice(0, 5)})`);
  return problems;
}

/** Groups 'prefix' → serials, e.g. receipts '2026-27/000123' by financial year. */
function serialsBy(values, parse) {
  const groups = new Map();
  for (const value of values) {
    const parsed = parse(value);
    if (!parsed) continue;
    const list = groups.get(parsed.prefix) ?? [];
    list.push(parsed.serial);
    groups.set(parsed.prefix, list);
  }
  return groups;
}

const receiptParts = (value) => {
  const match = /^(.+)\/(\d+)$/.exec(value);
  return match ? { prefix: match[1], serial: Number(match[2]) } : undefined;
};
const studentIdParts = (value) => ({ prefix: value.slice(0, 2), serial: Number(value.slice(2)) });
const seatParts = (value) => {
  const match = /^S(\d+)-(\d+)$/.exec(value);
  return match ? { prefix: match[1], serial: Number(match[2]) } : undefined;
};

/**
 * The ledger as the API shows it, compared with what the soak was told: `seen` is what the lists
 * answered, `acks` what the soak's clients got 200/201 for. Pure, so it is tested on its own.
 */
export function ledgerProblems({ seen, acks }) {
  const problems = [];
  for (const student of seen.students) {
    if (student.paidPaise !== student.paymentsPaise) {
      problems.push(
        `student ${student.studentId}: paid ${student.paidPaise} ≠ sum of payments ${student.paymentsPaise}`,
      );
    }
    if (student.remainingPaise !== student.totalPaise - student.paidPaise || student.remainingPaise < 0) {
      problems.push(
        `student ${student.studentId}: remaining ${student.remainingPaise} ≠ total ${student.totalPaise} − paid ${student.paidPaise}`,
      );
    }
  }
  for (const [year, serials] of serialsBy(
    seen.payments.map((payment) => payment.receiptNumber),
    receiptParts,
  )) {
    problems.push(...serialProblems(`receipt numbers ${year}`, serials));
  }
  for (const [year, serials] of serialsBy(
    seen.students.map((student) => student.studentId),
    studentIdParts,
  )) {
    problems.push(...serialProblems(`student IDs 20${year}`, serials));
  }
  for (const [year, serials] of serialsBy(
    seen.students.flatMap((student) => (student.seatNumber ? [student.seatNumber] : [])),
    seatParts,
  )) {
    problems.push(...serialProblems(`seat numbers S${year}`, serials));
  }
  problems.push(
    ...serialProblems(
      'challan numbers',
      seen.challans.map((challan) => Number(challan.chalanNo)),
    ),
  );

  const studentsById = new Map(seen.students.map((student) => [student.studentId, student]));
  for (const ack of acks.registrations) {
    const student = studentsById.get(ack.studentId);
    if (!student || student.studentName !== ack.name)
      problems.push(`acknowledged registration ${ack.studentId} missing`);
  }
  const paymentsByReceipt = new Map(seen.payments.map((payment) => [payment.receiptNumber, payment]));
  const answerOfKey = new Map();
  for (const ack of acks.payments) {
    const payment = paymentsByReceipt.get(ack.receiptNumber);
    if (!payment || payment.studentId !== ack.studentId || payment.amountPaise !== ack.amountPaise) {
      problems.push(`acknowledged payment ${ack.receiptNumber} (${ack.studentId}, ${ack.amountPaise} paise) missing`);
    }
    if (ack.key) {
      const earlier = answerOfKey.get(ack.key);
      if (earlier && earlier !== ack.receiptNumber) problems.push(`Idempotency-Key ${ack.key} paid twice`);
      answerOfKey.set(ack.key, ack.receiptNumber);
    }
  }
  // The soak pays at every registration; every later payment is one Idempotency-Key's: never more than the keys sent.
  const instalments = seen.students.reduce((sum, student) => sum + Math.max(0, student.paymentCount - 1), 0);
  if (instalments > acks.keysSent.size) {
    problems.push(`${instalments} instalments recorded for ${acks.keysSent.size} Idempotency-Keys sent`);
  }
  // Seats: every number of every block an assignment answered is some student's.
  const seats = new Set(seen.students.map((student) => student.seatNumber));
  for (const ack of acks.seats) {
    const first = seatParts(ack.first);
    const last = seatParts(ack.last);
    for (let serial = first.serial; serial <= last.serial; serial += 1) {
      const seatNumber = `S${first.prefix}-${String(serial).padStart(5, '0')}`;
      if (!seats.has(seatNumber)) problems.push(`acknowledged seat ${seatNumber} missing`);
    }
  }
  const challanNumbers = new Set(seen.challans.map((challan) => Number(challan.chalanNo)));
  for (const ack of acks.challans) {
    if (!challanNumbers.has(Number(ack.chalanNo))) problems.push(`acknowledged challan ${ack.chalanNo} missing`);
  }
  return problems;
}

const paise = (rupees) => Math.round(rupees * 100);

async function getJson(base, path, token) {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(60_000),
  });
  if (response.status !== 200) throw new Error(`soak check: GET ${path} → ${response.status} ${await response.text()}`);
  return response.json();
}

async function allPages(base, path, token) {
  const rows = [];
  for (let page = 1; ; page += 1) {
    const answer = await getJson(base, `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=200`, token);
    rows.push(...answer.data);
    if (page >= answer.totalPages) return rows;
  }
}

/** Reads the ledger through the API as the admin: every registration, payment and challan. */
export async function readLedger(base, admin) {
  const registrations = await allPages(base, '/api/counsellor/getRegister', admin);
  const summaries = await allPages(base, '/api/counsellor/getPayments', admin);
  const challans = await allPages(base, '/api/admin/chalans', admin);
  const byStudent = new Map(summaries.map((summary) => [summary.studentId, summary]));
  const payments = summaries.flatMap((summary) =>
    summary.payments.map((payment) => ({
      receiptNumber: payment.receiptNumber,
      studentId: summary.studentId,
      amountPaise: paise(payment.amountPaid),
      paymentId: payment.paymentId,
    })),
  );
  const students = registrations.map((row) => {
    const own = byStudent.get(row.studentId)?.payments ?? [];
    return {
      studentId: row.studentId,
      studentName: row.studentName,
      seatNumber: row.seatNumber,
      totalPaise: paise(row.totalAmount),
      paidPaise: paise(row.amountPaid),
      remainingPaise: paise(row.amountRemaining),
      paymentsPaise: own.reduce((sum, payment) => sum + paise(payment.amountPaid), 0),
      paymentCount: own.length,
    };
  });
  return { students, payments, challans };
}

/** Every acknowledged photo is served. */
export async function missingUploads(base, urls) {
  const missing = [];
  for (const url of new Set(urls)) {
    const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (response.status !== 200) missing.push(`acknowledged photo ${url} → ${response.status}`);
  }
  return missing;
}

/**
 * The same invariants in SQL, plus what only the database shows: an audit row for each payment,
 * registration and challan (and none for a row that is not there: nothing partial), the counters at
 * the last number handed out, book stock adding up to what the challans sent.
 */
export const invariantQueries = {
  'students whose paid ≠ sum of payments': `
    select count(*)::int as n from students s
    where s.paid_paise <> coalesce((select sum(amount_paise) from payments p where p.student_id = s.student_id), 0)`,
  'students whose remaining ≠ total − paid, or < 0': `
    select count(*)::int as n from students where remaining_paise <> total_paise - paid_paise or remaining_paise < 0`,
  'receipt numbers duplicated or missing': `
    select coalesce(sum(mx - n + (n - d)), 0)::int as n from (
      select split_part(system_receipt_no, '/', 1) as fy, count(*) as n,
        count(distinct system_receipt_no) as d, max(split_part(system_receipt_no, '/', 2)::int) as mx
      from payments group by 1) r`,
  'receipt counters not at the last receipt': `
    select count(*)::int as n from (
      select split_part(system_receipt_no, '/', 1) as fy, max(split_part(system_receipt_no, '/', 2)::int) as mx
      from payments group by 1) r
    left join counters c on c.key = 'receipt:' || r.fy where c.value is distinct from r.mx`,
  'student IDs missing in their year': `
    select coalesce(sum(mx - n), 0)::int as n from (
      select left(student_id, 2), count(*) as n, max(substr(student_id, 3)::int) as mx from students group by 1) r`,
  'seat numbers duplicated or missing': `
    select coalesce(sum(mx - n + (n - d)), 0)::int as n from (
      select exam_year, count(*) as n, count(distinct seat_serial) as d, max(seat_serial) as mx
      from students where seat_serial is not null group by 1) r`,
  'challan numbers duplicated or missing': `
    select (coalesce(max(chalan_no), 0) - count(distinct chalan_no) + count(*) - count(distinct chalan_no))::int as n
    from challans`,
  'payments without exactly one audit entry': `
    select count(*)::int as n from payments p
    where (select count(*) from audit_log a where a.entity = 'payment' and a.entity_id = p.payment_id::text and a.action = 'create') <> 1`,
  'registrations without exactly one audit entry': `
    select count(*)::int as n from students s
    where (select count(*) from audit_log a where a.entity = 'student' and a.entity_id = s.student_id and a.action = 'create') <> 1`,
  'challans without exactly one audit entry': `
    select count(*)::int as n from challans c
    where (select count(*) from audit_log a where a.entity = 'challan' and a.entity_id = c.id::text) <> 1`,
  'audit entries of payments or registrations that are not there': `
    select count(*)::int as n from audit_log a
    where a.action = 'create' and (
      (a.entity = 'payment' and not exists (select 1 from payments p where p.payment_id::text = a.entity_id)) or
      (a.entity = 'student' and not exists (select 1 from students s where s.student_id = a.entity_id)))`,
  'book stock ≠ copies sent by challan': `
    select count(*)::int as n from book_stock b
    where b.new_stock + b.total_count + b.distributed_count <>
      coalesce((select sum(count_sent) from challan_items i where i.book_id = b.id), 0)`,
};

/** Runs every query through `query(sql) → first row`; answers the problems found. */
export async function databaseProblems(query) {
  const problems = [];
  for (const [what, sql] of Object.entries(invariantQueries)) {
    const row = await query(sql);
    if (Number(row?.n) !== 0) problems.push(`database: ${what}: ${row?.n}`);
  }
  return problems;
}
