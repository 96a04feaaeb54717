import { messages } from '@app/domain/messages';
import type { Standard } from '@app/domain/standards.rules';
import { standards } from '@app/domain/standards.rules';
import { useState } from 'react';
import { useCentres } from '@/api/get-centres';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { useMarksSheet, useMyAssignment } from '../api/marks';
import { MarksGrid } from './marks-grid';
import { MarksUpload } from './marks-upload';
import { SeatNumbersPanel } from './seat-numbers-panel';

/** Marks Entry (issue 15): a centre and standard, their students with a cell per paper. */
export function MarksEntry() {
  const session = useSession();
  const centres = useCentres();
  const [centerId, setCenterId] = useState('');
  const [standard, setStandard] = useState<Standard | ''>('');
  const chosen = centerId && standard ? { centerId: Number(centerId), standard } : null;
  const sheet = useMarksSheet(chosen);
  const isAdmin = session?.role === 'admin';
  const centreName = centres.data?.find((c) => String(c.centerId) === centerId)?.centerName ?? '';
  // A teacher chooses among the centres an admin assigned them.
  const assignment = useMyAssignment();
  const assigned = assignment.data;
  const myCentres = (centres.data ?? []).filter(
    (c) => !assigned || assigned.all || assigned.centres.includes(c.centerId),
  );
  if (assigned && !assigned.all && (assigned.centres.length === 0 || assigned.papers.length === 0)) {
    return <p className="text-sm text-slate-700">{messages.marksNothingAssigned}</p>;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Exam Centre"
          value={centerId}
          onChange={(event) => setCenterId(event.currentTarget.value)}
          options={[
            { value: '', label: 'Select Exam Centre' },
            ...myCentres.map((c) => ({
              value: String(c.centerId),
              label: `${c.centerId} - ${c.centerName}`,
            })),
          ]}
        />
        <Select
          label="Standard"
          value={standard}
          onChange={(event) => setStandard(event.currentTarget.value as Standard | '')}
          options={[{ value: '', label: 'Select Standard' }, ...standards.map((s) => ({ value: s, label: s }))]}
        />
      </div>
      {isAdmin && <SeatNumbersPanel centerId={centerId ? Number(centerId) : null} centreName={centreName} />}
      {chosen === null ? (
        <p className="text-sm text-slate-600">Choose an exam centre and a standard to enter marks.</p>
      ) : sheet.isPending ? (
        <Spinner label="Loading" className="size-6 text-brand-700" />
      ) : sheet.isError ? (
        <LoadError message={messages.failedToLoadData} onRetry={() => void sheet.refetch()} />
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Exam year {sheet.data.examYear}. Type marks, or AB for a student absent from the paper; — means not entered
            yet. Marks save as you leave each cell; Enter moves down.
            {sheet.data.resultDeclared && !isAdmin && ' Results are declared: only an admin can change marks now.'}
          </p>
          <MarksGrid
            key={`${centerId}-${standard}`}
            sheet={sheet.data}
            isLocked={sheet.data.resultDeclared && !isAdmin}
          />
        </>
      )}
      <MarksUpload chosen={chosen} />
    </div>
  );
}
