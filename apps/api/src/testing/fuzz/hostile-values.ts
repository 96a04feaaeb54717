import fc from 'fast-check';
import type { FieldSpec } from './route-catalogue';

/**
 * What a case must get: `reject` a 4xx that changes nothing, `accept` a 2xx, `either` one of the two
 * (a mutation that may legitimately be valid, such as an extra field or a missing optional one).
 * A 5xx is wrong whatever the expectation.
 */
export type Expectation = 'accept' | 'reject' | 'either';

export type MutationKind =
  | 'valid'
  | 'wrong-type'
  | 'missing'
  | 'null'
  | 'empty'
  | 'extra-field'
  | 'huge-string'
  | 'control-char'
  | 'look-alike-digits'
  | 'hostile-number'
  | 'hostile-date'
  | 'hostile-param'
  | 'non-object-body'
  | 'broken-body'
  | 'other-users-id'
  | 'forged-token'
  | 'rate-limit';

/** Put in place of a value: the field is left out of the request. */
export const REMOVE = Symbol('remove');

/** A JSON literal JSON.stringify cannot write (-0, 1e999): sent as it is. */
export class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

/** A piece of URL sent without encoding (a broken escape, an encoded slash). */
export class RawUrl {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

export type FieldMutation = {
  kind: MutationKind;
  /** Names the value class, e.g. `"0x10"`, `U+0000`, `number`: what a finding is reported and matched by. */
  label: string;
  expect: Expectation;
  /** The hostile value, from the field's valid value. */
  value: (valid: unknown) => fc.Arbitrary<unknown>;
};

export const HUGE_LENGTH = 100_000;
export const LONG_PARAM_LENGTH = 10_000;

const constant = (value: unknown) => () => fc.constant(value);

/** C0 controls (but tab, newline, carriage return), DEL and a C1 control: refused in any text field. */
const refusedControls: [string, string][] = [
  ['U+0000', '\u0000'],
  ['U+0001', '\u0001'],
  ['U+0008', '\u0008'],
  ['U+001B', '\u001b'],
  ['U+007F', '\u007f'],
  ['U+0085', '\u0085'],
];
/** Whitespace controls and invisible formatting: trimmed or kept, but never a 5xx. */
const toleratedControls: [string, string][] = [
  ['U+0009', '\t'],
  ['U+000A', '\n'],
  ['U+000D', '\r'],
  ['U+200B', '\u200b'],
  ['U+202E', '\u202e'],
];

const digitSets: [string, string][] = [
  ['devanagari-digits', '०१२३४५६७८९'],
  ['arabic-indic-digits', '٠١٢٣٤٥٦٧٨٩'],
  ['full-width-digits', '０１２３４５６７８９'],
];

/** Numbers of the wrong form for a field that takes a JSON number or a plain decimal string. */
const hostileNumbers: { label: string; value: unknown; expect?: Expectation }[] = [
  { label: '"0x10"', value: '0x10' },
  { label: '"1e3"', value: '1e3' },
  { label: '"0b101"', value: '0b101' },
  { label: '"1_000"', value: '1_000' },
  { label: '"1,000"', value: '1,000' },
  { label: '"12abc"', value: '12abc' },
  { label: '"NaN"', value: 'NaN' },
  { label: '"Infinity"', value: 'Infinity' },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: '[5]', value: [5] },
  { label: '[]', value: [] },
  { label: '{}', value: {} },
  { label: '1e308', value: 1e308 },
  { label: '1e999', value: new RawJson('1e999') },
  { label: '-1', value: -1 },
  { label: '-0', value: new RawJson('-0'), expect: 'either' },
  { label: '"  12  "', value: '  12  ', expect: 'either' },
  { label: '"+5"', value: '+5', expect: 'either' },
  { label: '"12"', value: '12', expect: 'either' },
];

/** The same, as text in a URL (path or query). */
const hostileNumberTexts: { label: string; value: string; expect?: Expectation }[] = [
  { label: '"0x10"', value: '0x10' },
  { label: '"1e3"', value: '1e3' },
  { label: '"12abc"', value: '12abc' },
  { label: '"NaN"', value: 'NaN' },
  { label: '"Infinity"', value: 'Infinity' },
  { label: '"true"', value: 'true' },
  { label: '"-1"', value: '-1' },
  { label: '"0"', value: '0' },
  { label: '"12.5"', value: '12.5' },
  { label: '"1e308"', value: '1e308' },
  { label: '"99999999999999999999"', value: '99999999999999999999' },
  { label: '"  12  "', value: '  12  ', expect: 'either' },
  { label: '"+5"', value: '+5', expect: 'either' },
  { label: '"-0"', value: '-0', expect: 'either' },
];

/** Dates that are not a real calendar date in any sane window. */
const hostileDates = [
  '0000-01-01',
  '2024-02-30',
  '9999-12-31',
  '1900-01-01',
  '2024-13-01',
  '2024-1-5',
  '20240105',
  '05/01/2024',
  '2024-01-05T00:00:00Z',
  '२०२४-०१-०५',
];

const wrongTypes: { label: string; value: fc.Arbitrary<unknown>; for: (field: FieldSpec) => Expectation | null }[] = [
  {
    label: 'number',
    value: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    // Digits may come as a JSON number from older forms (a receipt number 1045).
    for: (field) => (isNumeric(field) ? null : field.kind === 'digits' ? 'either' : 'reject'),
  },
  // A boolean field (the export's remaining flags) takes true or false: only other fields must refuse one.
  { label: 'boolean', value: fc.boolean(), for: (field) => (field.kind === 'boolean' ? null : 'reject') },
  {
    label: 'array',
    value: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
    // A list field takes an array: ["Cash"] may be a valid list of accounts, so only a 5xx is a finding.
    for: (field) => (field.kind === 'list' ? 'either' : 'reject'),
  },
  {
    label: 'object',
    value: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    // An object is an object field's own type (`{}` may be a valid scope): its wrong keys are tried below.
    for: (field) => (field.kind === 'object' ? null : 'reject'),
  },
  {
    label: 'text',
    value: fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !/\d/.test(text)),
    for: (field) => (isTextual(field) ? null : 'reject'),
  },
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumeric(field: FieldSpec): boolean {
  return field.kind === 'number' || field.kind === 'integer';
}

function isTextual(field: FieldSpec): boolean {
  return !isNumeric(field) && field.kind !== 'list' && field.kind !== 'boolean' && field.kind !== 'object';
}

/** A password is a secret of any characters: no rule on its content beyond its length. */
function isSecret(field: FieldSpec): boolean {
  return /password/i.test(field.name);
}

const optional = (field: FieldSpec): Expectation => (field.required ? 'reject' : 'either');

/** Every hostile mutation of one declared field, with what it must get. */
export function fieldMutations(field: FieldSpec): FieldMutation[] {
  const inUrl = field.location === 'params' || field.location === 'query';
  const mutations: FieldMutation[] = [];
  const add = (kind: MutationKind, label: string, expect: Expectation, value: FieldMutation['value']) =>
    mutations.push({ kind, label, expect, value });

  if (field.location === 'headers') {
    add('missing', 'absent', 'either', constant(REMOVE));
    add('huge-string', `${HUGE_LENGTH / 1000}k chars`, 'either', () => hugeText(HUGE_LENGTH));
    return mutations;
  }

  add('missing', 'absent', field.location === 'params' ? 'reject' : optional(field), constant(REMOVE));
  add('empty', '""', field.location === 'params' ? 'reject' : optional(field), constant(''));
  if (!inUrl) add('null', 'null', field.required && !field.nullable ? 'reject' : 'either', constant(null));

  if (field.location === 'body') {
    for (const wrong of wrongTypes) {
      const expect = wrong.for(field);
      if (expect) add('wrong-type', wrong.label, expect, () => wrong.value);
    }
    // An object field's keys are its schema's: one it does not know is refused, never dropped (a dropped
    // filter of a breach's scope would widen it to everyone).
    if (field.kind === 'object') {
      add('extra-field', 'unknown key', 'reject', (valid) =>
        fc.jsonValue({ maxDepth: 1 }).map((value) => ({ ...(isRecord(valid) ? valid : {}), zzUnknown: value })),
      );
    }
  } else if (field.location === 'query') {
    add('wrong-type', 'repeated', 'reject', (valid) => fc.constant([String(valid ?? '1'), String(valid ?? '2')]));
  }

  const longest = field.location === 'params' ? LONG_PARAM_LENGTH : HUGE_LENGTH;
  add('huge-string', `${longest / 1000}k chars`, 'reject', () => hugeText(longest));
  // Trimmed, it is empty: the field's "missing" rule, but never a number (it is not 0).
  if (field.location === 'body') {
    add('huge-string', `${HUGE_LENGTH / 1000}k spaces`, isTextual(field) ? optional(field) : 'reject', () =>
      fc.constant(' '.repeat(HUGE_LENGTH)),
    );
  }

  if (isTextual(field) || (field.location !== 'body' && field.kind !== 'list')) {
    for (const [label, char] of refusedControls) {
      add('control-char', label, isSecret(field) ? 'either' : 'reject', (valid) => withCharAt(valid, char));
    }
    for (const [label, char] of toleratedControls) {
      add('control-char', label, 'either', (valid) => withCharAt(valid, char));
    }
  }

  if (['number', 'integer', 'digits', 'numberOrText', 'date'].includes(field.kind)) {
    for (const [label, digits] of digitSets) {
      add('look-alike-digits', label, 'reject', (valid) => fc.constant(lookAlike(String(valid ?? '12'), digits)));
    }
  }

  if (isNumeric(field) || field.kind === 'numberOrText') {
    if (inUrl) {
      for (const item of hostileNumberTexts) {
        add('hostile-number', item.label, item.expect ?? 'reject', constant(item.value));
      }
    } else {
      for (const item of hostileNumbers) {
        // '7-Pune' is how a centre is written: leading digits of a text are its id, whatever follows.
        const textual = field.kind === 'numberOrText' && typeof item.value === 'string';
        add('hostile-number', item.label, textual ? 'either' : (item.expect ?? 'reject'), constant(item.value));
      }
      if (field.kind === 'integer') add('hostile-number', '12.5', 'reject', constant(12.5));
      if (field.kind === 'number') add('hostile-number', '12.345', 'reject', constant(12.345));
    }
  }

  if (field.kind === 'date') {
    for (const date of hostileDates) add('hostile-date', `"${date}"`, 'reject', constant(date));
  }

  if (field.location === 'params' && field.kind === 'uuid') {
    add('hostile-param', 'not a uuid', 'reject', constant('not-a-uuid'));
    add('hostile-param', 'nil uuid', 'reject', constant('00000000-0000-0000-0000-000000000000'));
    add('hostile-param', 'unknown uuid', 'reject', () => fc.uuid({ version: 4 }));
  }
  if (field.location === 'params') {
    add('hostile-param', 'encoded slash', 'reject', constant(new RawUrl('..%2F..%2Fetc%2Fpasswd')));
    add('hostile-param', 'broken escape', 'reject', constant(new RawUrl('%E0%A4%A')));
    add('hostile-param', 'encoded NUL', 'reject', constant(new RawUrl('%00')));
  }
  return mutations;
}

/** Mutations of a JSON body as a whole. */
export function bodyMutations(declared: readonly string[]): FieldMutation[] {
  const extraNames = [
    'zzUnknown',
    'isAdmin',
    'role',
    'uuid',
    'counsellor',
    'counsellorBranch',
    'createdBy',
    'id',
    'verifyStatus',
    'totalamount',
    'amountRemaining',
    'constructor',
  ].filter((name) => !declared.includes(name));
  return [
    ...extraNames.map(
      (name): FieldMutation => ({
        kind: 'extra-field',
        label: name,
        expect: 'either',
        value: () => fc.jsonValue({ maxDepth: 2 }),
      }),
    ),
    ...[
      ['null', null],
      ['[]', []],
      ['"x"', 'x'],
      ['42', 42],
      ['true', true],
      ['[{}]', [{}]],
    ].map(
      ([label, value]): FieldMutation => ({
        kind: 'non-object-body',
        label: String(label),
        expect: 'reject',
        value: constant(value),
      }),
    ),
  ];
}

/** A request body that is not what its content type says, or not JSON at all. */
export type BrokenBody = { label: string; contentType: string; payload: string };

export const brokenBodies: BrokenBody[] = [
  { label: 'broken JSON', contentType: 'application/json', payload: '{"amountPaid": 5,' },
  { label: 'empty JSON', contentType: 'application/json', payload: '' },
  { label: 'JSON with __proto__', contentType: 'application/json', payload: '{"__proto__": {"isAdmin": true}}' },
  { label: 'text/plain', contentType: 'text/plain', payload: 'amountPaid=5' },
  { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'amountPaid=5' },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: '--x\r\n\r\n' },
  {
    label: 'unterminated multipart',
    contentType: 'multipart/form-data; boundary=XYZ',
    payload:
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
  },
];

function hugeText(length: number): fc.Arbitrary<string> {
  return fc.constantFrom('a', '9', 'अ', '😀').map((unit) => unit.repeat(Math.ceil(length / unit.length)));
}

/** The valid value with one character inserted at a random place (or the character alone). */
function withCharAt(valid: unknown, char: string): fc.Arbitrary<string> {
  const text = typeof valid === 'string' || typeof valid === 'number' ? String(valid) : 'x';
  return fc.nat({ max: text.length }).map((at) => `${text.slice(0, at)}${char}${text.slice(at)}`);
}

function lookAlike(text: string, digits: string): string {
  return text.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit);
}
