import { flagLabels, flagNames, isFlagOn } from '@app/domain/flags.schemas';
import { Switch } from '@/components/ui/switch';
import { useFlags } from '../api/get-flags';
import { useUpdateFlag } from '../api/update-flag';

/** The admin's switches for the public Hall Ticket and Result pages. */
export function AdminControls() {
  const flags = useFlags();
  const updateFlag = useUpdateFlag();

  return (
    <section
      aria-labelledby="admin-controls"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="admin-controls" className="text-base font-semibold text-slate-900 sm:text-lg">
        Admin Controls
      </h2>
      <p className="mt-1 text-sm text-slate-600">Open or close the public pages for students.</p>
      <div className="mt-3 divide-y divide-slate-100">
        {flagNames.map((name) => (
          <Switch
            key={name}
            label={flagLabels[name]}
            checked={isFlagOn(flags.data, name)}
            disabled={flags.isPending || (updateFlag.isPending && updateFlag.variables.flagName === name)}
            onCheckedChange={(checked) => updateFlag.mutate({ flagName: name, flagValue: checked ? 'true' : 'false' })}
          />
        ))}
      </div>
    </section>
  );
}
