import { auditEntities, auditEntityLabels } from '@app/domain/audit.rules';
import { activityQuery } from '@app/domain/audit.schemas';
import { roleLabels } from '@app/domain/roles';
import type { User } from '@app/domain/users.schemas';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ActivityLog } from './activity-log';

const filterKeys = ['actor', 'entity', 'studentId', 'from', 'to'] as const;
type FilterKey = (typeof filterKeys)[number];

const entityOptions = [
  { value: '', label: 'All records' },
  ...auditEntities.map((entity) => ({ value: entity, label: auditEntityLabels[entity] })),
];

/**
 * Activity (admin): who changed what and when, filtered by user, kind of record, student ID and
 * Indian dates. The filters live in the address, so a student's history is a link:
 * /dashboard/activity?studentId=2600001.
 */
export function ActivityScreen({ users, isLoadingUsers }: { users: readonly User[]; isLoadingUsers: boolean }) {
  const [params, setParams] = useSearchParams();
  const value = (key: FilterKey) => params.get(key) ?? '';
  const [studentText, setStudentText] = useState(value('studentId'));

  const setFilter = (key: FilterKey, next: string) => {
    const updated = new URLSearchParams(params);
    if (next.trim()) updated.set(key, next.trim());
    else updated.delete(key);
    setParams(updated, { replace: true });
  };
  const showStudent = (studentId: string) => {
    setStudentText(studentId);
    setFilter('studentId', studentId);
  };

  const parsed = activityQuery.safeParse(Object.fromEntries(filterKeys.map((key) => [key, value(key)])));
  const filterError = parsed.success ? undefined : parsed.error.issues[0];
  const filter = parsed.success ? parsed.data : {};

  const userNames = useMemo(() => new Map(users.map((user) => [user.uuid, user.name])), [users]);
  const userOptions = users.map((user) => ({
    value: user.uuid,
    label: `${user.name} (${roleLabels[user.role]})`,
    detail: user.email,
  }));
  const hasFilters = filterKeys.some((key) => value(key));

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label="Filters"
        className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-3"
      >
        <div className="col-span-2 lg:col-span-1">
          <Combobox
            label="User"
            listLabel="Users"
            options={userOptions}
            value={value('actor')}
            onChange={(uuid) => setFilter('actor', uuid)}
            placeholder="All users"
            searchPlaceholder="Search user"
            emptyText={isLoadingUsers ? 'Loading...' : 'No users found'}
            leadingOption={{ value: '', label: 'All users' }}
          />
        </div>
        <Select
          label="Record"
          options={entityOptions}
          value={value('entity')}
          onChange={(event) => setFilter('entity', event.target.value)}
        />
        <Input
          label="Student ID"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 2600001"
          value={studentText}
          onChange={(event) => setStudentText(event.target.value)}
          onBlur={() => setFilter('studentId', studentText)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setFilter('studentId', studentText);
          }}
          error={filterError?.path[0] === 'studentId' ? filterError.message : undefined}
        />
        <Input
          label="From"
          type="date"
          value={value('from')}
          onChange={(event) => setFilter('from', event.target.value)}
        />
        <Input
          label="To"
          type="date"
          min={value('from') || undefined}
          value={value('to')}
          onChange={(event) => setFilter('to', event.target.value)}
          error={filterError && filterError.path[0] !== 'studentId' ? filterError.message : undefined}
        />
        <div className="col-span-2 flex items-end lg:col-span-1">
          <Button
            variant="secondary"
            className="w-full sm:w-auto"
            disabled={!hasFilters}
            onClick={() => {
              setStudentText('');
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            Clear Filters
          </Button>
        </div>
      </section>
      <ActivityLog filter={filter} userNames={userNames} onStudent={showStudent} enabled={parsed.success} />
    </div>
  );
}
