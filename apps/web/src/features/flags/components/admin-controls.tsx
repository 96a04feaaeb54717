import { seatsAssignedNotice } from '@app/domain/exam-sessions.schemas';
import { type FlagName, flagLabels, flagNames, isFlagOn } from '@app/domain/flags.schemas';
import { missingMarksQuestion } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { useFlags } from '../api/get-flags';
import { getMissingMarks, useUpdateFlag } from '../api/update-flag';

/** The admin's switches for the public Hall Ticket and Result pages. */
export function AdminControls() {
  const flags = useFlags();
  const updateFlag = useUpdateFlag();
  const toast = useToast();
  const [isChecking, setIsChecking] = useState(false);
  // Declaring results while marks are missing asks first, naming how many (the API's PUT does not ask).
  const change = async (name: FlagName, checked: boolean) => {
    if (name === 'RESULT' && checked) {
      setIsChecking(true);
      try {
        const missing = await getMissingMarks();
        if (missing.papers > 0 && !window.confirm(missingMarksQuestion(missing))) return;
      } catch {
        if (!window.confirm(messages.marksMissingConfirm)) return;
      } finally {
        setIsChecking(false);
      }
    }
    updateFlag.mutate(
      { flagName: name, flagValue: checked ? 'true' : 'false' },
      // Releasing hall tickets seats every student without a seat: say how many.
      {
        onSuccess: ({ seatsAssigned }) => {
          if (seatsAssigned > 0) toast.success(seatsAssignedNotice(seatsAssigned));
        },
      },
    );
  };

  return (
    <section
      aria-labelledby="admin-controls"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="admin-controls" className="text-base font-semibold text-slate-900 sm:text-lg">
        Admin Controls
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Open or close the public pages for students of the exam session open for registration.
      </p>
      <div className="mt-3 divide-y divide-slate-100">
        {flagNames.map((name) => (
          <Switch
            key={name}
            label={flagLabels[name]}
            checked={isFlagOn(flags.data, name)}
            disabled={
              flags.isPending ||
              (name === 'RESULT' && isChecking) ||
              (updateFlag.isPending && updateFlag.variables.flagName === name)
            }
            onCheckedChange={(checked) => void change(name, checked)}
          />
        ))}
      </div>
    </section>
  );
}
