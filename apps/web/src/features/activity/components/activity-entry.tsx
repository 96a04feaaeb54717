import { type AuditFieldKind, auditChanges, auditHeadline, auditSummary } from '@app/domain/audit.rules';
import type { AuditEntry } from '@app/domain/audit.schemas';
import { formatDate, formatTime } from '@/lib/format';
import { AuditValue } from './audit-value';

/** Entries with more fields than this (a registration) fold them away behind a summary. */
const FOLD_AFTER = 6;

type Change = { key: string; label: string; kind: AuditFieldKind; before: unknown; after: unknown };

function ChangeLine({ change, userNames }: { change: Change; userNames: ReadonlyMap<string, string> }) {
  const value = (of: unknown) => <AuditValue kind={change.kind} value={of} userNames={userNames} />;
  return (
    <>
      <span className="text-slate-500">{change.label}:</span>{' '}
      {change.before !== undefined && change.after !== undefined ? (
        <>
          {value(change.before)} → {value(change.after)}
        </>
      ) : (
        value(change.after !== undefined ? change.after : change.before)
      )}
    </>
  );
}

type ActivityEntryProps = {
  entry: AuditEntry;
  userNames: ReadonlyMap<string, string>;
  /** Shows this student's history; absent where the list is that history already. */
  onStudent?: ((studentId: string) => void) | undefined;
};

/** One entry of the trail, in words: '{name} ({role}) changed Exam centre 12 — Capacity: 300 → 350'. */
export function ActivityEntry({ entry, userNames, onStudent }: ActivityEntryProps) {
  const changes = auditChanges(entry);
  const [only] = changes;
  const summary = auditSummary(entry);
  const { studentId } = entry;
  const list = (
    <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
      {changes.map((change) => (
        <li key={change.key}>
          <ChangeLine change={change} userNames={userNames} />
        </li>
      ))}
    </ul>
  );
  return (
    <div className="whitespace-normal sm:max-w-2xl">
      <p>
        <span className="font-medium">{auditHeadline(entry)}</span>
        {summary && <span className="block font-medium text-slate-900">{summary}</span>}
        {changes.length === 1 && only && (
          <>
            {' — '}
            <ChangeLine change={only} userNames={userNames} />
          </>
        )}
      </p>
      {changes.length > 1 && changes.length <= FOLD_AFTER && list}
      {changes.length > FOLD_AFTER && (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm text-brand-700">{changes.length} details</summary>
          {list}
        </details>
      )}
      {studentId && onStudent && (
        <button
          type="button"
          className="mt-1 block text-left text-sm text-brand-700 underline"
          onClick={() => onStudent(studentId)}
        >
          History of student {studentId}
        </button>
      )}
    </div>
  );
}

/** When an entry was written, in India: date over time. */
export function ActivityWhen({ at }: { at: string }) {
  return (
    <>
      <span className="block">{formatDate(at)}</span>
      <span className="block text-slate-500">{formatTime(at)}</span>
    </>
  );
}
