import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { z } from 'zod';

/**
 * The text a form's inputs hold for the named fields of a request schema: every input gives text (a
 * select's value too), which the schema then parses. Naming the fields through the schema keeps them
 * the request's fields.
 */
export type FormText<Schema extends z.ZodType, Field extends keyof z.input<Schema>> = Record<Field, string>;

/**
 * The one way a form is checked: its schema (the domain's request schema, with what only the screen
 * knows added in the form file) parses the text the inputs hold. Each field shows its first message;
 * submit receives the parsed request.
 */
export function formResolver<Values extends FieldValues, Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
): Resolver<Values, unknown, z.output<Schema>> {
  // The schema's input types a select as its options; the form holds them as the text the select gives.
  return zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<Schema>>;
}

/**
 * A form's schema: the request schema, after checks the screen makes on the text as typed (a blank
 * amount, a total, a due date while money remains). On a field, the screen's message comes first; the
 * checks add no values of their own to the parsed request.
 */
export function withScreenChecks<Request extends z.ZodType, Field extends string>(
  request: Request,
  fields: readonly Field[],
  check: (values: Record<Field, string>, add: (field: Field, message: string) => void) => void,
) {
  const checks = z
    .object(Object.fromEntries(fields.map((field) => [field, z.string()])))
    .superRefine((values, ctx) =>
      // Each of the fields was just parsed as text. An issue ends this side, so the intersection does not
      // try to merge the text with the parsed request.
      check(values as Record<Field, string>, (field, message) =>
        ctx.addIssue({ code: 'custom', path: [field], message, continue: false }),
      ),
    )
    .transform(() => ({}));
  return z.intersection(checks, request);
}

/** `bind('name')`: an input's registration and its message, to spread on an `Input` or a `Select`. */
export function fieldBinder<Values extends FieldValues>(
  register: UseFormRegister<Values>,
  errors: FieldErrors<Values>,
) {
  return (name: Path<Values>) => {
    const error: FieldError | undefined = get(errors, name);
    return { ...register(name), error: error?.message };
  };
}

/** As `formResolver`, for a form that sends the text as typed (the server parses it with the same schema). */
export function textResolver<Values extends FieldValues>(schema: z.ZodType<unknown, FieldValues>): Resolver<Values> {
  // The inputs hold text; the schema's input types some of it more narrowly (see formResolver).
  return zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<Values>;
}
