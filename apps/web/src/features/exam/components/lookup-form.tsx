import type { LookupQuery, LookupValues, lookupQuery } from '@app/domain/exam.schemas';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { lookupError } from '../api/lookups';

/**
 * The form's zod rules, loaded on the first submit (the form validates on submit): the page's first
 * paint (prerendered with the flag on) and start-up need neither the schemas nor zod, as on /login.
 */
const resolver: Resolver<z.input<typeof lookupQuery>, unknown, LookupValues> = async (values, context, options) => {
  const [{ zodResolver }, schemas] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@app/domain/exam.schemas'),
  ]);
  return zodResolver(schemas.lookupQuery)(values, context, options);
};

const empty: LookupValues = { studentName: '', studentId: '', motherName: '' };

/** A lookup by the student's details: the request it sends and how its answer is shown. */
type Lookup = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutate: (values: LookupValues) => void;
};

/**
 * SPEC §2 and §5 Lookup forms: the page's title and hint, then Student Name, Student ID, Mother Name (all
 * required), Back to Home and submit. Submitting keeps the details asked (`onAsk`) and sends `lookup`; its
 * refusal shows here (`errorFallback` when the server names no reason).
 */
export function LookupForm({
  title,
  submitLabel,
  lookup,
  errorFallback,
  asked,
  onAsk,
}: {
  title: string;
  submitLabel: string;
  lookup: Lookup;
  errorFallback: string;
  /** The details asked last, to start from after Back. */
  asked: LookupValues | null;
  onAsk: (values: LookupValues) => void;
}) {
  const error = lookup.isError ? lookupError(lookup.error, errorFallback) : null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LookupQuery, unknown, LookupValues>({ resolver, defaultValues: asked ?? empty });
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Enter your details exactly as on your registration form.</p>
      <form
        onSubmit={handleSubmit((values) => {
          onAsk(values);
          lookup.mutate(values);
        })}
        noValidate
        className="flex flex-col gap-4"
      >
        <Input
          label="Student Name"
          autoComplete="name"
          required
          error={errors.studentName?.message}
          {...register('studentName')}
        />
        <Input
          label="Student ID"
          inputMode="numeric"
          autoComplete="off"
          required
          error={errors.studentId?.message}
          {...register('studentId')}
        />
        <Input
          label="Mother Name"
          autoComplete="off"
          required
          error={errors.motherName?.message}
          {...register('motherName')}
        />
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row">
          <Link
            to={paths.home.getHref()}
            reloadDocument
            className={cn(buttonClasses({ variant: 'secondary' }), 'sm:flex-1')}
          >
            Back to Home
          </Link>
          <Button type="submit" isLoading={lookup.isPending} className="sm:flex-1">
            {submitLabel}
          </Button>
        </div>
      </form>
    </>
  );
}
