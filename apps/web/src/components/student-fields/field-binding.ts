import type { UseFormRegisterReturn } from 'react-hook-form';

/** A registered input and its message: what a section needs of one field of the form that holds it. */
export type FieldBinding = UseFormRegisterReturn & { error?: string | undefined };

/**
 * How a form lends its fields to a shared section: `bind('studentName')` gives the input's
 * registration and error. The section names the fields it needs; the form's own type checks them.
 */
export type BindField<Name extends string> = (name: Name) => FieldBinding;

export const choose = (label: string) => ({ value: '', label });
export const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
