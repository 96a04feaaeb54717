import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { useState } from 'react';
import { useCentres } from '@/api/get-centres';
import { useSubjects } from '@/api/get-subjects';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useSaveTeacherAssignment, useTeacherAssignment } from '../api/teacher-assignment';

/** The exam centres and papers a teacher enters marks for (Marks Entry shows them only those). */
export function AssignPapersModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal isOpen={user !== null} onClose={onClose} title="Assign Centres and Papers">
      {user && <AssignFields user={user} onClose={onClose} />}
    </Modal>
  );
}

function AssignFields({ user, onClose }: { user: User; onClose: () => void }) {
  const assignment = useTeacherAssignment(user.uuid);
  const centres = useCentres();
  const subjects = useSubjects();
  if (assignment.isError || centres.isError || subjects.isError) {
    return <LoadError message={messages.failedToLoadData} onRetry={() => void assignment.refetch()} />;
  }
  if (!assignment.data || !centres.data || !subjects.data) return <Spinner label="Loading" className="size-6" />;
  return (
    <AssignForm
      user={user}
      onClose={onClose}
      initial={assignment.data}
      centres={centres.data.map((c) => ({ id: c.centerId, label: `${c.centerId} - ${c.centerName}` }))}
      papers={subjects.data.map((s) => ({
        id: s.subjectCode,
        label: `${s.subjectCode} ${s.subjectName} (${s.standard})`,
      }))}
    />
  );
}

type Choice = { id: number; label: string };

function Checklist({
  legend,
  choices,
  chosen,
  onChange,
}: {
  legend: string;
  choices: Choice[];
  chosen: Set<number>;
  onChange: (next: Set<number>) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="max-h-56 overflow-y-auto rounded-md border border-slate-200 p-2">
        {choices.length === 0 && <p className="text-sm text-slate-500">None yet.</p>}
        {choices.map((choice) => (
          <label key={choice.id} className="flex items-start gap-2 py-1 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={chosen.has(choice.id)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.currentTarget.checked) next.add(choice.id);
                else next.delete(choice.id);
                onChange(next);
              }}
            />
            <span className="min-w-0 break-words">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AssignForm({
  user,
  onClose,
  initial,
  centres,
  papers,
}: {
  user: User;
  onClose: () => void;
  initial: { centres: number[]; papers: number[] };
  centres: Choice[];
  papers: Choice[];
}) {
  const toast = useToast();
  const save = useSaveTeacherAssignment(user.uuid);
  const [chosenCentres, setChosenCentres] = useState(new Set(initial.centres));
  const [chosenPapers, setChosenPapers] = useState(new Set(initial.papers));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { centres: [...chosenCentres], papers: [...chosenPapers] },
          {
            onSuccess: () => {
              toast.success(messages.assignmentSaved);
              onClose();
            },
          },
        );
      }}
    >
      <p className="text-sm text-slate-600">
        {user.name} enters marks for the chosen papers at the chosen centres, and sees nothing else on Marks Entry.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Checklist legend="Exam centres" choices={centres} chosen={chosenCentres} onChange={setChosenCentres} />
        <Checklist legend="Papers" choices={papers} chosen={chosenPapers} onChange={setChosenPapers} />
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(save.error, messages.somethingWentWrong)}
        </p>
      )}
      <FormActions onCancel={onClose}>
        <Button type="submit" isLoading={save.isPending}>
          Save Assignment
        </Button>
      </FormActions>
    </form>
  );
}
