import fc from 'fast-check';
import type { Access } from '../../access';
import { multipartBody } from '../photos';
import { type FuzzRole, type FuzzWorld, fuzzRoles, type RouteExample } from './fuzz-world';
import {
  bodyMutations,
  brokenBodies,
  type Expectation,
  type FieldMutation,
  fieldMutations,
  type MutationKind,
  RawJson,
  RawUrl,
  REMOVE,
} from './hostile-values';
import type { FieldLocation, FieldSpec, RouteSpec } from './route-catalogue';

/** Where a mutation applies: one field, the body as a whole, or the request's framing. */
export type CaseTarget = FieldLocation | 'body-whole' | 'request';

/** One hostile request, described well enough to report and to match against KNOWN_FINDINGS. */
export type FuzzCase = {
  route: string;
  role: FuzzRole;
  target: CaseTarget;
  field?: string;
  kind: MutationKind;
  label: string;
  expect: Expectation;
  /** Makes the request (fresh targets are created through the API first). */
  request: () => Promise<FuzzRequest>;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Rows were made to build it (a fresh target). */
  madeRows?: boolean;
  /** The client's address (the login rate limit counts per address). */
  remoteAddress?: string;
};

/** A mutation of a route before a role and a value are chosen. */
export type CaseTemplate = {
  route: RouteSpec;
  example: RouteExample;
  target: CaseTarget;
  field?: FieldSpec;
  kind: MutationKind;
  label: string;
  /** For a role access.ts lets in and the example accepts. */
  expect: Expectation;
  /** Roles it applies to, when not all (other users' ids depend on who asks). */
  roles?: readonly FuzzRole[];
  value: (role: FuzzRole) => fc.Arbitrary<Change>;
};

/** What a template does to the valid request. */
export type Change =
  | { type: 'none' }
  | { type: 'field'; location: FieldLocation; name: string; value: unknown }
  | { type: 'body'; value: unknown }
  | { type: 'raw'; contentType: string; payload: string | Buffer };

const roleOfAccess = (role: FuzzRole) => (role === 'counsellor2' ? 'counsellor' : role);

export function isLetIn(access: Access | undefined, role: FuzzRole): boolean {
  if (access === undefined) return false;
  if (access === 'public') return true;
  const real = roleOfAccess(role);
  return real !== 'anonymous' && access.includes(real);
}

/** The expectation of a template for a role: refused roles get a 4xx whatever the mutation. */
export function expectationFor(template: CaseTemplate, role: FuzzRole, access: Access | undefined): Expectation {
  if (!isLetIn(access, role)) return 'reject';
  if (template.kind === 'other-users-id') return role === 'admin' ? 'either' : template.expect;
  if (template.example.refused?.includes(role)) return 'reject';
  return template.expect;
}

/** Every template of every route that has an example. */
/**
 * A last path parameter left empty or out makes the URL of another route (`GET …/jobs/:id` with "" is
 * `GET …/jobs/`, the list, with trailing slashes ignored): that answer is the other route's to give.
 */
function emptyLandsElsewhere(route: RouteSpec, field: FieldSpec, keys: ReadonlySet<string>): boolean {
  const suffix = `/:${field.name}`;
  return (
    field.location === 'params' &&
    route.path.endsWith(suffix) &&
    keys.has(`${route.method} ${route.path.slice(0, -suffix.length)}`)
  );
}

export function caseTemplates(routes: readonly RouteSpec[], world: FuzzWorld): CaseTemplate[] {
  const templates: CaseTemplate[] = [];
  const keys = new Set(routes.map((route) => route.key));
  for (const route of routes) {
    const example = world.examples[route.key];
    if (!example) continue;
    const add = (template: Omit<CaseTemplate, 'route' | 'example'>) => templates.push({ route, example, ...template });

    add({ target: 'request', kind: 'valid', label: 'valid example', expect: 'accept', value: () => none });

    for (const field of route.fields) {
      for (const mutation of fieldMutations(field)) {
        const template = fieldTemplate(example, field, mutation);
        const isEmpty = mutation.kind === 'empty' || mutation.kind === 'missing';
        add(isEmpty && emptyLandsElsewhere(route, field, keys) ? { ...template, expect: 'either' } : template);
      }
      const others = otherIdsTemplate(example, field, world);
      if (others) add(others);
    }

    if (route.hasBody) {
      const declared = route.fields.filter((field) => field.location === 'body').map((field) => field.name);
      for (const mutation of bodyMutations(declared)) {
        add({
          target: 'body-whole',
          kind: mutation.kind,
          label: mutation.label,
          expect: mutation.expect,
          value: () =>
            mutation
              .value(undefined)
              .map(
                (value): Change =>
                  mutation.kind === 'extra-field'
                    ? { type: 'field', location: 'body', name: mutation.label, value }
                    : { type: 'body', value },
              ),
        });
      }
    }
    if (route.hasBody || example.multipart) {
      for (const broken of brokenBodies) {
        add({
          target: 'request',
          kind: 'broken-body',
          label: broken.label,
          expect: 'reject',
          value: () => fc.constant({ type: 'raw', contentType: broken.contentType, payload: broken.payload }),
        });
      }
    }
    if (example.multipart) {
      for (const [label, part, expect] of uploadParts(world)) {
        add({
          target: 'request',
          kind: 'broken-body',
          label,
          expect,
          value: () => fc.constant({ type: 'raw', ...part }),
        });
      }
    }
  }
  return templates;
}

const none: fc.Arbitrary<Change> = fc.constant({ type: 'none' });

function fieldTemplate(
  example: RouteExample,
  field: FieldSpec,
  mutation: FieldMutation,
): Omit<CaseTemplate, 'route' | 'example'> {
  return {
    target: field.location,
    field,
    kind: mutation.kind,
    label: mutation.label,
    expect: mutation.expect,
    value: () =>
      mutation
        .value(validValue(example, field))
        .map((value): Change => ({ type: 'field', location: field.location, name: field.name, value })),
  };
}

/** Another user's (or their student's) id where the example names the asker's own. */
function otherIdsTemplate(
  example: RouteExample,
  field: FieldSpec,
  world: FuzzWorld,
): Omit<CaseTemplate, 'route' | 'example'> | undefined {
  const isStudent = /^studentId$/.test(field.name);
  if (field.kind !== 'uuid' && !isStudent && !(field.name === 'uuid' && field.location === 'query')) return undefined;
  const scoped = example.scopedFilters?.includes(field.name) ?? false;
  const idsFor = (role: FuzzRole): string[] => {
    if (isStudent) {
      const own = role === 'counsellor' || role === 'counsellor2' ? world.studentIds[role] : undefined;
      return Object.values(world.studentIds).filter((id) => id !== own);
    }
    const own = world.userIds[role];
    return Object.values(world.userIds).filter((id): id is string => id !== undefined && id !== own);
  };
  return {
    target: field.location,
    field,
    kind: 'other-users-id',
    label: isStudent ? "another counsellor's student" : "another user's id",
    // A counsellor's own scope is theirs alone (an admin may name anyone: see expectationFor).
    expect: scoped ? 'either' : 'reject',
    roles: example.destructive ? ['counsellor', 'counsellor2'] : ['admin', 'counsellor', 'counsellor2'],
    value: (role) =>
      fc
        .constantFrom(...idsFor(role))
        .map((value): Change => ({ type: 'field', location: field.location, name: field.name, value })),
  };
}

function validValue(example: RouteExample, field: FieldSpec): unknown {
  if (field.location === 'params') return example.params?.[field.name] ?? '1';
  if (field.location === 'query') return example.query?.[field.name];
  if (field.location === 'headers') return example.headers?.[field.name];
  return example.body?.()[field.name];
}

/** Multipart bodies of the photo upload: the file's name is not kept (photos are named by their hash). */
function uploadParts(world: FuzzWorld): [string, { contentType: string; payload: Buffer }, Expectation][] {
  const part = (content: Buffer, options: Parameters<typeof multipartBody>[1] = {}) => {
    const { payload, headers } = multipartBody(content, options);
    return { contentType: headers['content-type'], payload };
  };
  return [
    ['not an image', part(Buffer.from('GIF89a not really'), { type: 'image/jpeg' }), 'reject'],
    ['empty file', part(Buffer.alloc(0)), 'reject'],
    ['wrong field name', part(world.jpeg, { field: 'photo' }), 'reject'],
    ['truncated JPEG', part(world.jpeg.subarray(0, Math.floor(world.jpeg.length / 2))), 'either'],
    ['NUL in filename', part(world.jpeg, { filename: 'a\u0000.jpg' }), 'either'],
  ];
}

/** The example request for a role, with one change applied. */
export async function buildRequest(
  template: CaseTemplate,
  role: FuzzRole,
  change: Change,
  world: FuzzWorld,
): Promise<FuzzRequest> {
  const { route, example } = template;
  const params = example.freshParams ? await example.freshParams() : { ...example.params };
  const query: Record<string, unknown> = { ...example.query };
  const headers: Record<string, string> = { ...world.headers[role], ...example.headers };
  // A copy: a change is applied in place, and an example may answer the same object every time.
  const fresh = route.hasBody ? await (example.freshBody?.() ?? example.body?.()) : undefined;
  let body: unknown = route.hasBody ? structuredClone(fresh ?? {}) : undefined;
  let payload: string | Buffer | undefined;

  if (change.type === 'field') {
    const place: Record<string, unknown> =
      change.location === 'params'
        ? params
        : change.location === 'query'
          ? query
          : change.location === 'headers'
            ? headers
            : (body as Record<string, unknown>);
    if (change.value === REMOVE) delete place[change.name];
    else place[change.name] = change.value;
  } else if (change.type === 'body') {
    body = change.value;
  }

  if (change.type === 'raw') {
    headers['content-type'] = change.contentType;
    payload = change.payload;
  } else if (example.multipart) {
    const upload = example.file
      ? multipartBody(example.file.content, { filename: example.file.filename, type: example.file.type })
      : multipartBody(world.jpeg);
    headers['content-type'] = upload.headers['content-type'];
    payload = upload.payload;
  } else if (route.hasBody) {
    headers['content-type'] = 'application/json';
    payload = toJson(body);
  }

  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => urlPart(params[name] ?? ''));
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== REMOVE)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${encodeURIComponent(name)}=${urlPart(item)}`),
    )
    .join('&');
  return {
    method: route.method,
    url: search ? `${path}?${search}` : path,
    headers: stringHeaders(headers),
    ...(payload !== undefined ? { payload } : {}),
    ...(example.freshParams ? { madeRows: true } : {}),
    remoteAddress: nextAddress(),
  };
}

let addresses = 0;
/**
 * Each case from an address of its own: failed sign-ins of earlier cases never lock the sign-in example
 * out (the rate limit has a case of its own).
 */
function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

function urlPart(value: unknown): string {
  if (value instanceof RawUrl) return value.text;
  return encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([, value]) => value !== REMOVE && value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
}

/** JSON text, with RawJson values written as they are. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return item;
  });
  return (text ?? 'null').replace(/"@@raw(\d+)@@"/g, (_, index: string) => raws[Number(index)] ?? 'null');
}

/** A case from a template, a role and a chosen change. */
export function toCase(
  template: CaseTemplate,
  role: FuzzRole,
  change: Change,
  world: FuzzWorld,
  access: Access | undefined,
): FuzzCase {
  return {
    route: template.route.key,
    role,
    target: template.target,
    ...(template.field ? { field: template.field.name } : {}),
    kind: template.kind,
    label: template.label,
    expect: expectationFor(template, role, access),
    request: () => buildRequest(template, role, change, world),
  };
}

/**
 * Seeded random cases: a route (writes weigh double), a role (mostly one access.ts lets in, sometimes
 * one it does not), one mutation of the route's valid example, and a value for it.
 */
export function caseArbitrary(
  templates: readonly CaseTemplate[],
  world: FuzzWorld,
  accessTable: Record<string, Access>,
): fc.Arbitrary<FuzzCase> {
  const byRoute = new Map<string, CaseTemplate[]>();
  for (const template of templates) {
    byRoute.set(template.route.key, [...(byRoute.get(template.route.key) ?? []), template]);
  }
  const routeKeys = [...byRoute.keys()];
  const weighted = routeKeys.map((key) => ({
    arbitrary: fc.constant(key),
    weight: key.startsWith('GET ') ? 1 : 2,
  }));
  return fc.oneof(...weighted).chain((key) => {
    const access = accessTable[key];
    const letIn = fuzzRoles.filter((role) => isLetIn(access, role));
    const shutOut = fuzzRoles.filter((role) => !isLetIn(access, role));
    const role =
      shutOut.length === 0
        ? fc.constantFrom(...letIn)
        : fc.oneof(
            { arbitrary: fc.constantFrom(...letIn), weight: 6 },
            { arbitrary: fc.constantFrom(...shutOut), weight: 1 },
          );
    return role.chain((who) => {
      const usable = (byRoute.get(key) ?? []).filter((template) => !template.roles || template.roles.includes(who));
      return fc
        .constantFrom(...usable)
        .chain((template) => template.value(who).map((change) => toCase(template, who, change, world, access)));
    });
  });
}
