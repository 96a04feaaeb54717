import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { downloadCentreTickets, useAssignSeats, useRenumberSeats } from '../api/marks';

/** Admin: seat numbers for the chosen centre, the year's renumbering, and the centre's hall tickets. */
export function SeatNumbersPanel({ centerId, centreName }: { centerId: number | null; centreName: string }) {
  const assign = useAssignSeats();
  const renumber = useRenumberSeats();
  const [note, setNote] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);

  const done = (result: { message: string; assigned: number; first: string | null; last: string | null }) =>
    setNote(
      result.assigned
        ? `${result.message}: ${result.assigned} (${result.first} to ${result.last})`
        : `${result.message}: none needed`,
    );
  const failed = (error: unknown) => setNote(errorMessage(error, messages.somethingWentWrong));

  const download = async () => {
    if (!centerId) return;
    setIsDownloading(true);
    setProgress('Preparing hall tickets…');
    try {
      await downloadCentreTickets(centerId, ({ tickets, bytes }) =>
        setProgress(`Receiving ${tickets} hall tickets… ${(bytes / 1024 / 1024).toFixed(1)} MB`),
      );
      setProgress('Downloaded');
    } catch (error) {
      setProgress(errorMessage(error, messages.hallTicketError));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <section aria-labelledby="seat-numbers" className="rounded-lg border border-slate-200 p-4">
      <h2 id="seat-numbers" className="font-semibold text-slate-900">
        Seat numbers and hall tickets
      </h2>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          disabled={!centerId}
          isLoading={assign.isPending}
          onClick={() => centerId && assign.mutate({ centerId }, { onSuccess: done, onError: failed })}
        >
          Assign seat numbers{centreName ? ` (${centreName})` : ''}
        </Button>
        <Button variant="secondary" disabled={!centerId} isLoading={isDownloading} onClick={() => void download()}>
          Download hall tickets
        </Button>
        <Button
          variant="secondary"
          isLoading={renumber.isPending}
          onClick={() => {
            if (window.confirm('Renumber every seat of this exam year? Every seat number will change.')) {
              renumber.mutate(undefined, { onSuccess: done, onError: failed });
            }
          }}
        >
          Renumber all seats
        </Button>
      </div>
      {note && (
        <p role="status" className="mt-2 text-sm text-slate-700">
          {note}
        </p>
      )}
      {progress && (
        <p role="status" aria-live="polite" className="mt-2 text-sm text-slate-700">
          {progress}
        </p>
      )}
    </section>
  );
}
