import type { ProblemType } from './case-runner';
import type { FuzzCase } from './fuzz-cases';
import type { FuzzRole } from './fuzz-world';
import type { MutationKind } from './hostile-values';

/**
 * Bugs the suite has found that are being fixed: cases that match an entry are counted and reported,
 * not failed, so the branch stays green meanwhile. Delete an entry once its bug is fixed (the
 * "still reproduce" test says which). Each entry names the narrowest route, field and values it covers.
 */
export type KnownFinding = {
  /** What is wrong, in a sentence. */
  finding: string;
  /** The access-table key, or '*' for a bug of every route (a class of input). */
  route: string;
  /** The fields it covers; all when left out. */
  fields?: string[];
  kinds?: MutationKind[];
  labels?: string[];
  problems: ProblemType[];
  drivers?: ('pglite' | 'postgres')[];
  /** One case it covers, run by the "still reproduce" test (the route defaults to the entry's). */
  repro: {
    route?: string;
    field?: string;
    kind: MutationKind;
    label: string;
    role?: FuzzRole;
    /** When the case alone cannot show the problem (it depends on rows): the status that still shows the bug. */
    stillWhenStatus?: (status: number) => boolean;
  };
};

const refusedControls = ['U+0000', 'U+0001', 'U+0008', 'U+001B', 'U+007F', 'U+0085'];
const wrongNumbers = {
  kinds: ['hostile-number', 'wrong-type', 'null', 'empty', 'huge-string'] as MutationKind[],
  problems: ['accepted'] as ProblemType[],
};
const nonObjectBodies = {
  kinds: ['non-object-body', 'broken-body'] as MutationKind[],
  labels: ['null', '[]', '"x"', '42', 'true', '[{}]', 'text/plain'],
  problems: ['5xx'] as ProblemType[],
};

/** Found by this suite on main at 4baa21e (issue 9); the lead is fixing them. */
export const KNOWN_FINDINGS: KnownFinding[] = [
  {
    finding:
      'register: a body that is not an object (null, [], "x", 42, text/plain) → 500 (a cross-field rule reads a missing field)',
    route: 'POST /api/counsellor/register',
    ...nonObjectBodies,
    repro: { kind: 'non-object-body', label: 'null' },
  },
  {
    finding:
      'visiting: a body that is not an object (null, [], "x", 42, text/plain) → 500 (a cross-field rule reads a missing field)',
    route: 'POST /api/counsellor/visiting',
    ...nonObjectBodies,
    repro: { kind: 'non-object-body', label: '[]' },
  },
  {
    finding: 'upload-photo: multipart with no boundary or an unterminated part → 500',
    route: 'POST /api/upload-photo',
    kinds: ['broken-body'],
    labels: ['multipart without boundary', 'unterminated multipart'],
    problems: ['5xx'],
    repro: { kind: 'broken-body', label: 'multipart without boundary' },
  },
  {
    finding: 'U+0000 in any text field or query parameter → 500 (PostgreSQL refuses NUL in text)',
    route: '*',
    kinds: ['control-char'],
    labels: ['U+0000'],
    problems: ['5xx'],
    repro: { route: 'POST /api/admin/addCenter', field: 'centerName', kind: 'control-char', label: 'U+0000' },
  },
  {
    finding:
      'control characters (U+0001, U+0008, U+001B, U+007F, U+0085; U+0000 where ignored) accepted in text fields and query parameters, and stored',
    route: '*',
    kinds: ['control-char'],
    labels: refusedControls,
    problems: ['accepted'],
    repro: { route: 'POST /api/admin/addSubject', field: 'subjectName', kind: 'control-char', label: 'U+001B' },
  },
  {
    finding: 'settle without paymentDate → 500 (NOT NULL) instead of 400 "Please select a payment date."',
    route: 'POST /api/counsellor/myCollection/settle',
    fields: ['paymentDate'],
    kinds: ['missing'],
    problems: ['5xx'],
    repro: { field: 'paymentDate', kind: 'missing', label: 'absent' },
  },
  {
    finding: 'a date in year 0000 → 500 (settle paymentDate, addDates examDate)',
    route: '*',
    kinds: ['hostile-date'],
    labels: ['"0000-01-01"'],
    problems: ['5xx'],
    repro: {
      route: 'PUT /api/admin/addDates/:subjectCode',
      field: 'examDate',
      kind: 'hostile-date',
      label: '"0000-01-01"',
    },
  },
  {
    finding:
      'dates outside any sane window accepted: examDate 9999-12-31 and 1900-01-01, settle paymentDate 1900-01-01, dueDate/newDueDate 9999-12-31',
    route: '*',
    kinds: ['hostile-date'],
    labels: ['"9999-12-31"', '"1900-01-01"'],
    problems: ['accepted'],
    repro: {
      route: 'PUT /api/admin/addDates/:subjectCode',
      field: 'examDate',
      kind: 'hostile-date',
      label: '"9999-12-31"',
    },
  },
  {
    finding:
      'register: money and percentages of the wrong form accepted ("0x10" → 16, "1e3" → 1000, true → 1, [5] → 5; null, false, [], "", blanks read as 0)',
    route: 'POST /api/counsellor/register',
    fields: ['amountPaid', 'preYearPercent'],
    ...wrongNumbers,
    repro: { field: 'amountPaid', kind: 'hostile-number', label: '"0x10"' },
  },
  {
    finding:
      'register: totalamount and amountRemaining of any type (an object, "0x10", true) accepted because the server ignores them',
    route: 'POST /api/counsellor/register',
    fields: ['totalamount', 'amountRemaining'],
    kinds: ['hostile-number', 'extra-field'],
    problems: ['accepted'],
    repro: { field: 'totalamount', kind: 'hostile-number', label: '{}' },
  },
  {
    finding:
      'visiting: previousYearPercent of the wrong form accepted ("0x10", true, [5]; null, false, [], "" read as 0)',
    route: 'POST /api/counsellor/visiting',
    fields: ['previousYearPercent'],
    ...wrongNumbers,
    repro: { field: 'previousYearPercent', kind: 'hostile-number', label: 'true' },
  },
  {
    finding: 'makePayment: amountPaid "0x10" stored as ₹16, "1e3" as ₹1000, true as ₹1, [5] as ₹5',
    route: 'POST /api/counsellor/makePayment',
    fields: ['amountPaid'],
    ...wrongNumbers,
    repro: { field: 'amountPaid', kind: 'hostile-number', label: '"0x10"' },
  },
  {
    finding: 'settle: amountPaid "0x10" stored as ₹16, "1e3" as ₹1000, true as ₹1, [5] as ₹5',
    route: 'POST /api/counsellor/myCollection/settle',
    fields: ['amountPaid'],
    ...wrongNumbers,
    repro: { field: 'amountPaid', kind: 'hostile-number', label: '"0x10"' },
  },
  {
    finding: 'register user: commission "0x10", true, [5] accepted; null, false, [], "" read as 0 for a counsellor',
    route: 'POST /api/auth/register',
    fields: ['commission'],
    ...wrongNumbers,
    repro: { field: 'commission', kind: 'hostile-number', label: 'true' },
  },
  {
    finding: 'getRegister: page, limit and examCentre accept "0x10" and "1e3" (z.coerce.number)',
    route: 'GET /api/counsellor/getRegister',
    fields: ['page', 'limit', 'examCentre'],
    kinds: ['hostile-number'],
    problems: ['accepted'],
    repro: { field: 'page', kind: 'hostile-number', label: '"0x10"' },
  },
  {
    finding: 'verify: PUT /api/admin/collection/0x10/verify verifies settlement 16 (z.coerce.number on the path)',
    route: 'PUT /api/admin/collection/:id/verify',
    fields: ['id'],
    kinds: ['hostile-number'],
    problems: ['accepted'],
    // Settlement 16 may be decided already: any answer but a 400 means "0x10" was read as a number.
    repro: { field: 'id', kind: 'hostile-number', label: '"0x10"', stillWhenStatus: (status) => status !== 400 },
  },
  {
    finding: 'a signed token whose sub is not a UUID (text or a number) → 500',
    route: '*',
    kinds: ['forged-token'],
    labels: ['sub not a uuid', 'sub a number'],
    problems: ['5xx'],
    repro: { route: 'GET /api/auth/me', field: 'authorization', kind: 'forged-token', label: 'sub not a uuid' },
  },
  {
    finding: 'a signed token without exp is accepted (never expires)',
    route: '*',
    kinds: ['forged-token'],
    labels: ['no exp'],
    problems: ['accepted'],
    repro: { route: 'GET /api/auth/me', field: 'authorization', kind: 'forged-token', label: 'no exp' },
  },
  {
    finding:
      'router-level errors (bad URL encoding → 400, over-long path parameter → 414) answered without our security headers',
    route: '*',
    kinds: ['hostile-param', 'huge-string', 'broken-body'],
    labels: ['broken escape', '10k chars', 'bad URL encoding', 'bad URL encoding, unknown path'],
    problems: ['security-headers'],
    repro: { route: 'router', kind: 'broken-body', label: 'bad URL encoding' },
  },
  {
    finding: 'login: 429 without Retry-After',
    route: 'POST /api/auth/login',
    problems: ['retry-after'],
    repro: { kind: 'rate-limit', label: '6th attempt' },
  },
];

export function knownFindingOf(
  fuzzCase: Pick<FuzzCase, 'route' | 'field' | 'kind' | 'label'>,
  problem: ProblemType,
  driver: 'pglite' | 'postgres',
): KnownFinding | undefined {
  return KNOWN_FINDINGS.find(
    (entry) =>
      (entry.route === '*' || entry.route === fuzzCase.route) &&
      (entry.fields === undefined || (fuzzCase.field !== undefined && entry.fields.includes(fuzzCase.field))) &&
      (entry.kinds === undefined || entry.kinds.includes(fuzzCase.kind)) &&
      (entry.labels === undefined || entry.labels.includes(fuzzCase.label)) &&
      entry.problems.includes(problem) &&
      (entry.drivers === undefined || entry.drivers.includes(driver)),
  );
}
