import { LOGIN_MAX_FAILURES } from '@app/domain/session.rules';
import fc from 'fast-check';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../access';
import { TEST_JWT_SECRET } from '../test-app';
import { type CaseTemplate, type FuzzCase, type FuzzRequest, isLetIn, toCase, toJson } from './fuzz-cases';
import type { FuzzRole, FuzzWorld } from './fuzz-world';
import { type Expectation, LONG_PARAM_LENGTH, RawJson } from './hostile-values';
import type { FieldSpec, RouteSpec } from './route-catalogue';

/**
 * The cases every run makes in full, whatever the seed: money of the wrong form, router-level errors
 * on every route, forged tokens, and the login rate limit.
 */

/** The role that owns a route's example: a counsellor where they may call it, else an admin, else anyone. */
export function ownerOf(access: Access | undefined): FuzzRole {
  return (['counsellor', 'admin', 'student', 'anonymous'] as const).find((role) => isLetIn(access, role)) ?? 'admin';
}

/** Money and other amounts: a JSON number or a plain decimal string, nothing else (issue 9). */
export const moneyFields: { route: string; field: string; blankMeansNone?: true }[] = [
  { route: 'POST /api/counsellor/register', field: 'amountPaid' },
  { route: 'POST /api/counsellor/register', field: 'preYearPercent' },
  // Derived by the server: checked for their type, blank means not sent.
  { route: 'POST /api/counsellor/register', field: 'totalamount', blankMeansNone: true },
  { route: 'POST /api/counsellor/register', field: 'amountRemaining', blankMeansNone: true },
  { route: 'POST /api/counsellor/visiting', field: 'previousYearPercent' },
  { route: 'POST /api/counsellor/makePayment', field: 'amountPaid' },
  // Only compared with the balance the server computes: blank means not sent.
  { route: 'POST /api/counsellor/makePayment', field: 'newRemainingAmount', blankMeansNone: true },
  { route: 'POST /api/counsellor/myCollection/settle', field: 'amountPaid' },
  // The existing client sends no capacity: missing, null or empty is "no seat limit".
  { route: 'POST /api/admin/addCenter', field: 'capicity', blankMeansNone: true },
  { route: 'PUT /api/admin/editcapicity/:centerId', field: 'capicity', blankMeansNone: true },
  { route: 'POST /api/admin/addCenter', field: 'centerId' },
  // The Add User form holds commission without an input: blank is 0 (counsellors) or ignored.
  { route: 'POST /api/auth/register', field: 'commission', blankMeansNone: true },
  { route: 'POST /api/admin/addSubject', field: 'subjectCode' },
];

const wrongMoney: { label: string; value: unknown; blank?: true }[] = [
  { label: '"0x10"', value: '0x10' },
  { label: '"1e3"', value: '1e3' },
  { label: 'true', value: true },
  { label: '[5]', value: [5] },
  { label: 'null', value: null, blank: true },
  { label: 'false', value: false },
  { label: '[]', value: [] },
  { label: '""', value: '', blank: true },
  { label: '{}', value: {} },
  { label: '1e999', value: new RawJson('1e999') },
];

export function moneyCases(
  routes: readonly RouteSpec[],
  world: FuzzWorld,
  accessTable: Record<string, Access>,
): FuzzCase[] {
  return moneyFields.flatMap(({ route: key, field: name, blankMeansNone }) => {
    const route = routes.find((item) => item.key === key);
    const example = world.examples[key];
    if (!route || !example) return [];
    const field: FieldSpec = { location: 'body', name, required: false, nullable: false, kind: 'number', schema: {} };
    return wrongMoney.map(({ label, value, blank }) => {
      const expect: Expectation = blank && blankMeansNone ? 'either' : 'reject';
      const template: CaseTemplate = {
        route,
        example,
        target: 'body',
        field,
        kind: 'hostile-number',
        label,
        expect,
        value: () => fc.constant({ type: 'field', location: 'body', name, value }),
      };
      const access = accessTable[key];
      return toCase(template, ownerOf(access), { type: 'field', location: 'body', name, value }, world, access);
    });
  });
}

/**
 * Router-level errors on every route, as its owner: a broken URL escape and an over-long value in each
 * path parameter, and each broken body. The templates hold them; here each is made once.
 */
export function routerCases(
  templates: readonly CaseTemplate[],
  world: FuzzWorld,
  accessTable: Record<string, Access>,
): FuzzCase[] {
  const fixed = templates.filter(
    (template) =>
      template.kind === 'broken-body' ||
      template.kind === 'non-object-body' ||
      (template.target === 'params' && ['broken escape', 'encoded NUL'].includes(template.label)) ||
      (template.target === 'params' && template.kind === 'huge-string'),
  );
  const cases = fixed.map((template) => {
    const access = accessTable[template.route.key];
    const role = ownerOf(access);
    const [change] = fc.sample(template.value(role), { seed: 1, numRuns: 1 });
    return toCase(template, role, change ?? { type: 'none' }, world, access);
  });
  const raw = (label: string, request: Omit<FuzzRequest, 'headers'>, role: FuzzRole = 'admin'): FuzzCase => ({
    route: 'router',
    role,
    target: 'request',
    kind: 'broken-body',
    label,
    expect: 'reject',
    request: async () => ({ ...request, headers: { ...world.headers[role], ...(request.payload ? json : {}) } }),
  });
  const json = { 'content-type': 'application/json' };
  return [
    ...cases,
    raw('bad URL encoding', { method: 'PUT', url: '/api/admin/editcapicity/%E0%A4%A', payload: '{}' }),
    raw('bad URL encoding, unknown path', { method: 'GET', url: '/api/%ZZ' }),
    raw('bad URL encoding in the query', { method: 'GET', url: '/api/admin/getUser?role=%E0%A4%A' }),
    raw('over-long unknown path', { method: 'GET', url: `/api/${'x'.repeat(LONG_PARAM_LENGTH)}` }),
    raw('unknown method', { method: 'PATCH', url: '/api/health' }),
    raw('body over 1 MB', {
      method: 'POST',
      url: '/api/admin/addCenter',
      payload: toJson({ centerId: 7777, centerName: 'x'.repeat(2 * 1024 * 1024), collegeName: 'y' }),
    }),
  ];
}

/** Tokens the server never signed, or signed claims it must still refuse, on a read and a write. */
export function tokenCases(world: FuzzWorld, claimsOf: (role: FuzzRole) => { sub: string; sv: number }): FuzzCase[] {
  const admin = claimsOf('admin');
  const counsellor = claimsOf('counsellor');
  const unsigned = (claims: object) =>
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
  // Signed when the request is made, so a long run never sends one that has expired meanwhile.
  const sign = (claims: object) => createSigner({ key: TEST_JWT_SECRET, expiresIn: 3_600_000 })(claims);
  const signWithoutExp = (claims: object) => createSigner({ key: TEST_JWT_SECRET, noTimestamp: true })(claims);
  const tokens: [string, () => string][] = [
    ['sub not a uuid', () => `Bearer ${sign({ sub: 'not-a-uuid', role: 'admin', sv: 0 })}`],
    ['sub a number', () => `Bearer ${sign({ sub: 12345, role: 'admin', sv: 0 })}`],
    ['sub of nobody', () => `Bearer ${sign({ sub: '6f1c1f7e-3c1a-4f7e-9c1a-1f7e3c1a4f7e', role: 'admin', sv: 0 })}`],
    ['no exp', () => `Bearer ${signWithoutExp({ sub: admin.sub, role: 'admin', sv: admin.sv })}`],
    ['role claim raised', () => `Bearer ${sign({ sub: counsellor.sub, role: 'admin', sv: counsellor.sv })}`],
    ['sv as text', () => `Bearer ${sign({ sub: admin.sub, role: 'admin', sv: String(admin.sv) })}`],
    ['expired', () => `Bearer ${signWithoutExp({ sub: admin.sub, role: 'admin', sv: admin.sv, exp: 1_000_000 })}`],
    ['alg none', () => `Bearer ${unsigned({ sub: admin.sub, role: 'admin', sv: admin.sv, exp: 4_102_444_800 })}`],
    ['garbage', () => 'Bearer not.a.token'],
    ['huge token', () => `Bearer ${'a'.repeat(100_000)}`],
    ['Basic scheme', () => `Basic ${Buffer.from('admin@test.local:admin-pass-1').toString('base64')}`],
  ];
  const addCentre = world.examples['POST /api/admin/addCenter']?.body?.() ?? {};
  return tokens.flatMap(([label, authorization]) =>
    [
      { method: 'GET', url: '/api/auth/me', route: 'GET /api/auth/me' },
      { method: 'POST', url: '/api/admin/addCenter', route: 'POST /api/admin/addCenter', payload: toJson(addCentre) },
    ].map(
      ({ route, ...request }): FuzzCase => ({
        route,
        role: 'admin',
        target: 'headers',
        field: 'authorization',
        kind: 'forged-token',
        label,
        expect: 'reject',
        request: async () => ({
          ...request,
          headers: {
            authorization: authorization(),
            ...(request.payload ? { 'content-type': 'application/json' } : {}),
          },
        }),
      }),
    ),
  );
}

/** Failed sign-ins from one address until the limit, then one more: a 429 that says when to retry. */
export function rateLimitCase(
  world: FuzzWorld,
  inject: (request: FuzzRequest) => Promise<{ statusCode: number }>,
): FuzzCase {
  const login = (password: string): FuzzRequest => ({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: toJson({ ...world.examples['POST /api/auth/login']?.body?.(), password }),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  return {
    route: 'POST /api/auth/login',
    role: 'anonymous',
    target: 'request',
    kind: 'rate-limit',
    label: `${LOGIN_MAX_FAILURES + 1}th attempt`,
    expect: 'reject',
    request: async () => {
      const wrong = login('wrong-password');
      for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) await inject(wrong);
      return wrong;
    },
  };
}

/** All of them, made once per test file. */
export function fixedCases({
  app,
  routes,
  templates,
  world,
  accessTable,
}: {
  app: FastifyInstance;
  routes: readonly RouteSpec[];
  templates: readonly CaseTemplate[];
  world: FuzzWorld;
  accessTable: Record<string, Access>;
}): Record<'money' | 'router' | 'tokens' | 'rateLimit', FuzzCase[]> {
  const claimsOf = (role: FuzzRole) => {
    const token = world.headers[role].authorization?.split(' ')[1] ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}');
    return { sub: String(claims.sub), sv: Number(claims.sv) };
  };
  return {
    money: moneyCases(routes, world, accessTable),
    router: routerCases(templates, world, accessTable),
    tokens: tokenCases(world, claimsOf),
    rateLimit: [
      rateLimitCase(world, (request) =>
        app.inject({
          method: request.method as 'POST',
          url: request.url,
          headers: request.headers,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
          ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
        }),
      ),
    ],
  };
}
