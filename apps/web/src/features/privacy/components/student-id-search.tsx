import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** The Student ID box the privacy screens open with: `onFind` gets the trimmed ID, or null when blank. */
export function StudentIdSearch({
  name,
  action,
  initial = '',
  isLoading,
  onFind,
  className,
}: {
  /** The form's accessible name. */
  name: string;
  /** The button's words. */
  action: string;
  initial?: string;
  isLoading?: boolean;
  onFind: (studentId: string | null) => void;
  className?: string;
}) {
  const [search, setSearch] = useState(initial);
  const find = (event: FormEvent) => {
    event.preventDefault();
    onFind(search.trim() || null);
  };
  return (
    <form onSubmit={find} aria-label={name} className={cn('flex flex-col gap-3 sm:flex-row sm:items-end', className)}>
      <Input
        label="Student ID"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
        fieldClassName="sm:w-64"
      />
      <Button type="submit" variant="secondary" isLoading={isLoading}>
        {action}
      </Button>
    </form>
  );
}
