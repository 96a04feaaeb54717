import type { FastifyInstance } from 'fastify';

/** The part of a JSON Schema (as @fastify/swagger writes it from the zod schemas) the fuzzer reads. */
export type JsonSchema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export type FieldLocation = 'params' | 'query' | 'body' | 'headers';

/**
 * What a field holds, as far as hostile input goes: `digits` is text of ASCII digits (phone, pincode,
 * receipt numbers), `number` any JSON number field (money, percentages, capacities), `numberOrText`
 * a field that takes either (an exam centre as 7 or '7-Pune').
 */
export type FieldKind =
  | 'text'
  | 'digits'
  | 'enum'
  | 'date'
  | 'uuid'
  | 'integer'
  | 'number'
  | 'numberOrText'
  | 'list'
  | 'boolean'
  /** A JSON object of named keys (a breach's scope, a question's key). */
  | 'object';

export type FieldSpec = {
  location: FieldLocation;
  name: string;
  required: boolean;
  nullable: boolean;
  kind: FieldKind;
  schema: JsonSchema;
};

export type RouteSpec = {
  /** The access-table key, e.g. `PUT /api/admin/editcapicity/:centerId`. */
  key: string;
  method: string;
  /** Fastify's path with `:name` parameters. */
  path: string;
  fields: FieldSpec[];
  /** A JSON request body is declared. */
  hasBody: boolean;
};

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the app's OpenAPI document, with its declared fields classified. */
export function routeCatalogue(app: FastifyInstance): RouteSpec[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, Operation>> };
  const routes: RouteSpec[] = [];
  for (const [openapiPath, operations] of Object.entries(document.paths ?? {})) {
    const path = openapiPath.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper === 'HEAD') continue;
      const fields: FieldSpec[] = [];
      for (const parameter of operation.parameters ?? []) {
        const location = ({ path: 'params', query: 'query', header: 'headers' } as const)[
          parameter.in as 'path' | 'query' | 'header'
        ];
        if (!location) continue;
        fields.push(field(location, parameter.name, parameter.required === true, parameter.schema ?? {}));
      }
      const content = operation.requestBody?.content ?? {};
      const body = content['application/json']?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        fields.push(field('body', name, body?.required?.includes(name) === true, schema));
      }
      routes.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        fields,
        hasBody: body !== undefined,
      });
    }
  }
  return routes;
}

function field(location: FieldLocation, name: string, required: boolean, schema: JsonSchema): FieldSpec {
  const members = schema.anyOf ?? [schema];
  const nullable = schema.nullable === true || members.some((member) => member.nullable || member.type === 'null');
  return { location, name, required, nullable, kind: kindOf(members), schema };
}

function kindOf(members: JsonSchema[]): FieldKind {
  const real = members.filter((member) => !(member.type === 'string' && isOnlyEmpty(member.enum)));
  const types = new Set(real.map((member) => member.type));
  if ((types.has('number') || types.has('integer')) && types.has('string')) return 'numberOrText';
  if (types.has('integer')) return 'integer';
  if (types.has('number')) return 'number';
  if (types.has('boolean')) return 'boolean';
  if (types.has('array')) return 'list';
  if (types.has('object')) return 'object';
  const first = real[0] ?? {};
  if (first.format === 'date') return 'date';
  if (first.format === 'uuid') return 'uuid';
  if (first.enum) return 'enum';
  if (first.pattern && /^\^\\d\{[\d,]+\}\$$/.test(first.pattern)) return 'digits';
  return 'text';
}

function isOnlyEmpty(values: unknown[] | undefined): boolean {
  return values !== undefined && values.length === 1 && values[0] === '';
}
