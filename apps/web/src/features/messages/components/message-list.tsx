import { messageKindLabels, messageStatusLabels } from '@app/domain/family-messages.rules';
import type { MessageLogEntry } from '@app/domain/family-messages.schemas';
import { cn } from '@/lib/cn';
import { formatDate, formatTime } from '@/lib/format';

const tone: Record<string, string> = {
  sent: 'bg-emerald-100 text-emerald-800',
  delivered: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
  prepared: 'bg-sky-100 text-sky-800',
  skipped: 'bg-amber-100 text-amber-800',
};

/** Messages with their status, reason and, for a prepared one, the link that sends it by WhatsApp. */
export function MessageList({ entries, showStudent = false }: { entries: MessageLogEntry[]; showStudent?: boolean }) {
  if (entries.length === 0) return <p className="mt-3 text-sm text-slate-500">No messages yet.</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry.id} className="py-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className={cn('rounded px-1.5 py-0.5 text-xs', tone[entry.status] ?? 'bg-slate-100 text-slate-700')}>
              {messageStatusLabels[entry.status]}
            </span>
            <span className="font-medium text-slate-900">
              {showStudent && entry.studentName ? `${entry.studentName} · ` : ''}
              {messageKindLabels[entry.kind]}
            </span>
            <span className="text-xs text-slate-500">
              {entry.phone} · {formatDate(entry.createdAt)} {formatTime(entry.createdAt)}
            </span>
          </div>
          {entry.failReason ? <p className="mt-1 text-xs text-red-700">{entry.failReason}</p> : null}
          <p className="mt-1 line-clamp-3 whitespace-pre-line text-slate-700" lang="mr">
            {entry.body}
          </p>
          {entry.whatsAppLink ? (
            <a
              href={entry.whatsAppLink}
              target="_blank"
              rel="noreferrer"
              className="mt-1 inline-block text-sm font-medium text-emerald-700 underline"
            >
              Send on WhatsApp
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
