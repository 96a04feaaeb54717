import type { AuditFieldKind } from '@app/domain/audit.rules';
import { toRupees } from '@app/domain/money.rules';
import { type Role, roleLabels } from '@app/domain/roles';
import { type StudentStatus, studentStatusLabels } from '@app/domain/students.rules';
import { formatCurrency, formatDate } from '@/lib/format';

/** A recorded value in words: rupees, Indian dates, On/Off, a user's name, a link to a photo. */
export function AuditValue({
  kind,
  value,
  userNames,
}: {
  kind: AuditFieldKind;
  value: unknown;
  userNames: ReadonlyMap<string, string>;
}) {
  if (value === null || value === undefined || value === '') return <span className="text-slate-500">none</span>;
  switch (kind) {
    case 'paise':
      return <>{typeof value === 'number' ? formatCurrency(toRupees(value)) : String(value)}</>;
    case 'date':
      return <>{formatDate(String(value))}</>;
    case 'basisPoints':
      return <>{typeof value === 'number' ? `${value / 100}%` : String(value)}</>;
    case 'onOff':
      return <>{value === 'true' || value === true ? 'On' : 'Off'}</>;
    case 'yesNo':
      return <>{value ? 'Yes' : 'No'}</>;
    case 'user':
      return <>{userNames.get(String(value)) ?? 'another user'}</>;
    case 'role':
      return <>{roleLabels[value as Role] ?? String(value)}</>;
    case 'photo':
      return (
        <a
          className="text-brand-700 underline"
          href={`/api/files/${String(value)}.jpg`}
          target="_blank"
          rel="noreferrer"
        >
          photo
        </a>
      );
    case 'studentStatus':
      return <>{studentStatusLabels[value as StudentStatus] ?? String(value)}</>;
    case 'list':
      return <>{Array.isArray(value) ? value.join(', ') : String(value)}</>;
    default:
      return <>{inWords(value)}</>;
  }
}

function inWords(value: unknown): string {
  if (Array.isArray(value)) return value.map(inWords).join(', ');
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, inner]) => `${key} ${inWords(inner)}`)
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
