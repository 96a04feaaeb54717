import { type ExamCentre, editCentreRequest, formatCentreId } from '@app/domain/centres.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useCentres } from '@/api/get-centres';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { controlClasses } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useDeleteCentre } from '../api/delete-centre';
import { useEditCentre } from '../api/edit-centre';

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
        capicity: centre.capicity === null ? '' : String(centre.capicity),
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

  /** Lists or unlists a centre on the public site: the row's saved fields, with the new choice. */
  const setListed = (centre: ExamCentre, listedPublicly: boolean) =>
    editCentre.mutate(
      {
        centerId: centre.centerId,
        body: {
          centerName: centre.centerName,
          collegeName: centre.collegeName,
          capicity: centre.capicity,
          city: centre.city,
          listedPublicly,
        },
      },
      { onSuccess: () => toast.success(listedPublicly ? messages.centreListed : messages.centreUnlisted) },
    );

  const listedToggle = (centre: ExamCentre) => {
    // While the change is on its way the box shows the choice just made.
    const isSaving = editCentre.isPending && editCentre.variables?.centerId === centre.centerId;
    const isListed = (isSaving ? editCentre.variables?.body.listedPublicly : undefined) ?? centre.listedPublicly;
    return (
      <label className="flex min-h-10 items-center gap-2 whitespace-nowrap">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          aria-label={`List ${centre.centerName} on the public site`}
          checked={isListed}
          disabled={isSaving}
          onChange={(event) => setListed(centre, event.target.checked)}
        />
        <span aria-hidden="true">{isListed ? 'Listed' : 'Not listed'}</span>
      </label>
    );
  };

  const draftOf = (centre: ExamCentre) => (editing?.centerId === centre.centerId ? editing.draft : null);

  /** One inline input of the row being edited. */
  const draftInput = (centre: ExamCentre, field: keyof Draft, label: string, width: string) => {
    const draft = draftOf(centre);
    if (!draft) return null;
    const isCapacity = field === 'capicity';
    return (
      <div className={width}>
        <input
          aria-label={`${label} of centre ${formatCentreId(centre.centerId)}`}
          className={controlClasses}
          value={draft[field]}
          onChange={(event) => setDraft(field, event.target.value)}
          {...(isCapacity
            ? { type: 'number', inputMode: 'numeric' as const, min: centre.registeredCount, step: 1 }
            : {})}
        />
      </div>
    );
  };

  const columns: DataColumn<ExamCentre>[] = [
    { id: 'srNo', header: 'Sr. No.', cell: ({ row }) => row.index + 1, meta: { priority: 2, isNumeric: true } },
    {
      id: 'centerId',
      header: 'Centre ID',
      cell: ({ row }) => formatCentreId(row.original.centerId),
      meta: { className: 'font-mono' },
    },
    {
      id: 'centerName',
      header: 'Centre Name',
      cell: ({ row }) => draftInput(row.original, 'centerName', 'Centre Name', 'w-44') ?? row.original.centerName,
      meta: { className: 'font-medium' },
    },
    {
      id: 'collegeName',
      header: 'College Name',
      cell: ({ row }) => draftInput(row.original, 'collegeName', 'College Name', 'w-52') ?? row.original.collegeName,
    },
    {
      id: 'city',
      header: 'City',
      cell: ({ row }) => draftInput(row.original, 'city', 'City', 'w-36') ?? (row.original.city || '-'),
      meta: { priority: 3 },
    },
    {
      id: 'capicity',
      header: 'Capacity',
      cell: ({ row }) =>
        draftInput(row.original, 'capicity', 'Capacity', 'w-28') ?? (
          <CapacityFill registered={row.original.registeredCount} capacity={row.original.capicity} />
        ),
    },
    { id: 'listedPublicly', header: 'Public Site', cell: ({ row }) => listedToggle(row.original) },
  ];

  const card: CardLayout<ExamCentre> = {
    title: (centre) => centre.centerName,
    subtitle: (centre) => formatCentreId(centre.centerId),
    meta: (centre) => [centre.collegeName, centre.city].filter(Boolean).join(', '),
    figures: [
      {
        label: 'Capacity',
        value: (centre) => <CapacityFill registered={centre.registeredCount} capacity={centre.capicity} />,
      },
      { label: 'Public Site', value: listedToggle },
    ],
  };

  const actions = (centre: ExamCentre) =>
    draftOf(centre) ? (
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
    );

  return (
    <DataTable
      label="Exam centres"
      columns={columns}
      data={centres.data}
      getRowId={(centre) => String(centre.centerId)}
      isPending={centres.isPending}
      isError={centres.isError}
      onRetry={() => void centres.refetch()}
      emptyText="No centers found."
      errorText="Could not load exam centres."
      card={card}
      actions={actions}
      // On a phone the row being edited shows its inputs in the card.
      details={(centre, layout) =>
        layout === 'card' && draftOf(centre) ? (
          <div className="flex flex-col gap-2 [&>div]:w-full">
            {draftInput(centre, 'centerName', 'Centre Name', 'w-full')}
            {draftInput(centre, 'collegeName', 'College Name', 'w-full')}
            {draftInput(centre, 'city', 'City', 'w-full')}
            {draftInput(centre, 'capicity', 'Capacity', 'w-full')}
          </div>
        ) : null
      }
    />
  );
}

/** 'registered / capacity' with a small bar showing how full the centre is; '—' without a seat limit. */
function CapacityFill({ registered, capacity }: { registered: number; capacity: number | null }) {
  if (capacity === null) {
    return (
      <span className="tabular-nums">
        {registered} / <span title="No seat limit">—</span>
      </span>
    );
  }
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
