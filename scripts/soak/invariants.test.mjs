// The soak's own checker, on made-up ledgers: `node --test scripts/soak/` (not part of `npm test`, like the soak).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ledgerProblems, serialProblems } from './invariants.mjs';
import { classify } from './stats.mjs';

const student = (studentId, fields = {}) => ({
  studentId,
  studentName: `Name ${studentId}`,
  seatNumber: null,
  totalPaise: 585_000,
  paidPaise: 100_000,
  remainingPaise: 485_000,
  paymentsPaise: 100_000,
  paymentCount: 1,
  ...fields,
});
const payment = (serial, studentId, amountPaise = 100_000) => ({
  receiptNumber: `2026-27/${String(serial).padStart(6, '0')}`,
  studentId,
  amountPaise,
});
const sound = () => ({
  seen: {
    students: [student('2600001', { seatNumber: 'S26-00001' }), student('2600002', { seatNumber: 'S26-00002' })],
    payments: [payment(1, '2600001'), payment(2, '2600002')],
    challans: [{ chalanNo: '0001' }, { chalanNo: '0002' }],
  },
  acks: {
    registrations: [{ studentId: '2600001', name: 'Name 2600001' }],
    payments: [{ ...payment(2, '2600002') }],
    challans: [{ chalanNo: '0002' }],
    seats: [{ first: 'S26-00001', last: 'S26-00002' }],
    keysSent: new Set(),
  },
});

test('serial numbers: a duplicate and a gap are each reported, 1..N is fine', () => {
  assert.deepEqual(serialProblems('receipts', [1, 2, 3]), []);
  assert.deepEqual(serialProblems('receipts', []), []);
  assert.deepEqual(serialProblems('receipts', [1, 2, 2, 4]), [
    'receipts: 1 duplicated (2)',
    'receipts: 1 missing of 1..4 (3)',
  ]);
});

test('a sound ledger has no problems', () => {
  assert.deepEqual(ledgerProblems(sound()), []);
});

test('a balance that is not the sum of the payments is reported', () => {
  const ledger = sound();
  ledger.seen.students[0] = { ...ledger.seen.students[0], paidPaise: 150_000, remainingPaise: 435_000 };
  assert.deepEqual(ledgerProblems(ledger), ['student 2600001: paid 150000 ≠ sum of payments 100000']);
});

test('a receipt gap, a lost acknowledged payment and a lost challan are reported', () => {
  const ledger = sound();
  ledger.seen.payments[1] = payment(3, '2600002');
  ledger.seen.challans.pop();
  ledger.acks.seats.push({ first: 'S26-00003', last: 'S26-00003' });
  assert.deepEqual(ledgerProblems(ledger), [
    'receipt numbers 2026-27: 1 missing of 1..3 (2)',
    'acknowledged payment 2026-27/000002 (2600002, 100000 paise) missing',
    'acknowledged seat S26-00003 missing',
    'acknowledged challan 0002 missing',
  ]);
});

test('more instalments than Idempotency-Keys sent, or one key answered with two receipts, is paying twice', () => {
  const ledger = sound();
  ledger.seen.payments.push(payment(3, '2600001', 500), payment(4, '2600001', 500));
  ledger.seen.students[0] = {
    ...ledger.seen.students[0],
    paidPaise: 101_000,
    remainingPaise: 484_000,
    paymentsPaise: 101_000,
    paymentCount: 3,
  };
  ledger.acks.keysSent = new Set(['key-00001']);
  ledger.acks.payments.push(
    { ...payment(3, '2600001', 500), key: 'key-00001' },
    { ...payment(4, '2600001', 500), key: 'key-00001' },
  );
  assert.deepEqual(ledgerProblems(ledger), [
    'Idempotency-Key key-00001 paid twice',
    '2 instalments recorded for 1 Idempotency-Keys sent',
  ]);
});

test('answers: back-pressure needs Retry-After; a lost answer or a 5xx is an error unless a fault of the soak hit it', () => {
  const base = { expected: [201], retryAfter: null, networkError: false, hitByFault: false };
  assert.equal(classify({ ...base, status: 201 }), 'ok');
  assert.equal(classify({ ...base, status: 503, retryAfter: '5' }), 'backpressure');
  assert.equal(classify({ ...base, status: 429, retryAfter: '60' }), 'backpressure');
  assert.equal(classify({ ...base, status: 503 }), 'error');
  assert.equal(classify({ ...base, status: 500, retryAfter: '5' }), 'error');
  assert.equal(classify({ ...base, status: 200 }), 'error');
  assert.equal(classify({ ...base, status: 0, networkError: true }), 'error');
  assert.equal(classify({ ...base, status: 0, networkError: true, hitByFault: true }), 'fault');
  assert.equal(classify({ ...base, status: 500, hitByFault: true }), 'fault');
  assert.equal(classify({ ...base, status: 503, retryAfter: '1', hitByFault: true }), 'backpressure');
  assert.equal(classify({ ...base, status: 400, hitByFault: true }), 'error');
});
