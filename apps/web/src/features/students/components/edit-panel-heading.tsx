import type { StudentDetail } from '@app/domain/students.schemas';
import { CloseButton } from '@/components/ui/close-button';

/** What the Edit Student screen gives each of its edit modes (photo, other details). */
export type StudentEditPanelProps = {
  student: StudentDetail;
  onClose: () => void;
  /** After a saved change: the screen starts over and shows the change in the history. */
  onUpdated: () => void;
};

/** An edit mode's title (`id` labels the mode) with the × that closes it. */
export function EditPanelHeading({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <h2 id={id} className="text-base font-semibold text-slate-900 sm:text-lg">
        {title}
      </h2>
      <CloseButton onClick={onClose} />
    </div>
  );
}
