import { type LookupValues, lookupQuery } from '@app/domain/exam.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const empty: LookupValues = { studentName: '', studentId: '', motherName: '' };

/** SPEC §2 and §5 Lookup forms: Student Name, Student ID, Mother Name (all required), Back to Home and submit. */
export function LookupForm({
  submitLabel,
  isLoading,
  error,
  defaultValues = empty,
  onSubmit,
}: {
  submitLabel: string;
  isLoading: boolean;
  error: string | null;
  defaultValues?: LookupValues;
  onSubmit: (values: LookupValues) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(lookupQuery), defaultValues });
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values))} noValidate className="flex flex-col gap-4">
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
        <Button type="submit" isLoading={isLoading} className="sm:flex-1">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
