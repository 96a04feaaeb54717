import { type ExamCentre, editCentreRequest, formatCentreId } from '@app/domain/centres.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useCentres } from '@/api/get-centres';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Table, TableMessage } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useDeleteCentre } from '../api/delete-centre';
import { useEditCentre } from '../api/edit-centre';

const columns = ['Sr. No.', 'Centre ID', 'Centre Name', 'College Name', 'City', 'Capacity', 'Actions'];

type Draft = { centerName: string; collegeName: string; city: string; capicity: string };

/** SPEC §2 Exam Centre management: every centre, edited inline or deleted. */
export function CentresTable() {
  const centres = useCentres();
  const editCentre = useEditCentre();
  const deleteCentre = useDeleteCentre();
  const toast = useToast();
  const [editing, setEditing] = useState<{ centerId: number; draft: Draft } | null>(null);

  const startEditing = (centre: ExamCentre) =>
    setEditing({
      centerId: centre.centerId,
      draft: {
        centerName: centre.centerName,
        collegeName: centre.collegeName,
        city: centre.city ?? '',
        capicity: String(centre.capicity),
      },
    });

  const setDraft = (field: keyof Draft, value: string) =>
    setEditing((current) => current && { ...current, draft: { ...current.draft, [field]: value } });

  const save = () => {
    if (!editing) return;
    const parsed = editCentreRequest.safeParse(editing.draft);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? messages.validationFailed);
      return;
    }
    editCentre.mutate(
      { centerId: editing.centerId, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(messages.centreUpdated);
          setEditing(null);
        },
      },
    );
  };

  const remove = (centre: ExamCentre) => {
    if (!window.confirm(messages.confirmDeleteCentre)) return;
    deleteCentre.mutate(centre.centerId, { onSuccess: (response) => toast.success(response.message) });
  };

  const body = () => {
    if (centres.isPending) return <TableMessage colSpan={columns.length}>Loading...</TableMessage>;
    if (centres.isError) {
      return (
        <TableMessage colSpan={columns.length}>
          <LoadError message="Could not load exam centres." onRetry={() => centres.refetch()} />
        </TableMessage>
      );
    }
    if (centres.data.length === 0) return <TableMessage colSpan={columns.length}>No centers found.</TableMessage>;
    return centres.data.map((centre, index) => {
      const draft = editing?.centerId === centre.centerId ? editing.draft : null;
      const centreId = formatCentreId(centre.centerId);
      return (
        <tr key={centre.centerId}>
          <td>{index + 1}</td>
          <td className="font-mono">{centreId}</td>
          {draft ? (
            <>
              <td>
                <div className="w-44">
                  <input
                    aria-label={`Centre Name of centre ${centreId}`}
                    className={controlClasses}
                    value={draft.centerName}
                    onChange={(event) => setDraft('centerName', event.target.value)}
                  />
                </div>
              </td>
              <td>
                <div className="w-52">
                  <input
                    aria-label={`College Name of centre ${centreId}`}
                    className={controlClasses}
                    value={draft.collegeName}
                    onChange={(event) => setDraft('collegeName', event.target.value)}
                  />
                </div>
              </td>
              <td>
                <div className="w-36">
                  <input
                    aria-label={`City of centre ${centreId}`}
                    className={controlClasses}
                    value={draft.city}
                    onChange={(event) => setDraft('city', event.target.value)}
                  />
                </div>
              </td>
              <td>
                <div className="w-28">
                  <input
                    aria-label={`Capacity of centre ${centreId}`}
                    type="number"
                    inputMode="numeric"
                    min={centre.registeredCount}
                    step={1}
                    className={controlClasses}
                    value={draft.capicity}
                    onChange={(event) => setDraft('capicity', event.target.value)}
                  />
                </div>
              </td>
            </>
          ) : (
            <>
              <td className="font-medium">{centre.centerName}</td>
              <td>{centre.collegeName}</td>
              <td>{centre.city ?? '-'}</td>
              <td>
                <CapacityFill registered={centre.registeredCount} capacity={centre.capicity} />
              </td>
            </>
          )}
          <td>
            <div className="flex gap-2">
              {draft ? (
                <>
                  <Button size="sm" isLoading={editCentre.isPending} onClick={save}>
                    Save
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </>
              ) : (
                <>
                  <Button size="sm" variant="secondary" onClick={() => startEditing(centre)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    isLoading={deleteCentre.isPending && deleteCentre.variables === centre.centerId}
                    onClick={() => remove(centre)}
                  >
                    Delete
                  </Button>
                </>
              )}
            </div>
          </td>
        </tr>
      );
    });
  };

  return (
    <Table label="Exam centres">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{body()}</tbody>
    </Table>
  );
}

/** 'registered / capacity' with a small bar showing how full the centre is. */
function CapacityFill({ registered, capacity }: { registered: number; capacity: number }) {
  let percent = registered > 0 ? 100 : 0;
  if (capacity > 0) percent = Math.min(100, Math.round((registered / capacity) * 100));
  return (
    <div className="flex min-w-28 flex-col gap-1">
      <span className="tabular-nums">
        {registered} / {capacity}
      </span>
      <span aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
        <span
          className={cn('block h-full rounded-full', percent >= 100 ? 'bg-red-500' : 'bg-brand-600')}
          style={{ width: `${percent}%` }}
        />
      </span>
    </div>
  );
}
