import type { LookupValues } from '@app/domain/exam.schemas';
import { messages } from '@app/domain/messages';
import { useEffect, useState } from 'react';
import { isMobileViewer } from '@/components/pdf-viewer-modal';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { hallTicketFileName, useHallTicket } from '../api/lookups';
import { LookupForm } from './lookup-form';

/** SPEC §2 Hall Ticket Generator and §4 Lookup screens: form, loading, then 'Hall Ticket Preview'. */
export function HallTicketPage() {
  const ticket = useHallTicket();
  const [asked, setAsked] = useState<LookupValues | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  // Read when a ticket arrives, not at the first render: that one is also prerendered, without a window.
  const [isMobile, setIsMobile] = useState(false);

  useEffect(() => {
    if (!ticket.data) return;
    setIsMobile(isMobileViewer());
    const next = URL.createObjectURL(ticket.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [ticket.data]);

  if (ticket.data && asked && url) {
    const fileName = hallTicketFileName(asked);
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Hall Ticket Preview</h1>
        {isMobile ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-600">Your hall ticket is ready: {fileName}</p>
            <a href={url} download={fileName} className={buttonClasses({ variant: 'primary' })}>
              Download PDF
            </a>
            <a href={url} target="_blank" rel="noopener" className={buttonClasses({ variant: 'secondary' })}>
              Open in Browser
            </a>
          </div>
        ) : (
          <iframe
            title="Hall Ticket Preview"
            src={url}
            className="h-[70vh] w-full rounded-md border border-slate-200"
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button
            variant="secondary"
            className="sm:flex-1"
            onClick={() => {
              ticket.reset();
              setUrl(null);
            }}
          >
            Back
          </Button>
          {!isMobile && (
            <a href={url} download={fileName} className={cn(buttonClasses({ variant: 'primary' }), 'sm:flex-1')}>
              Download
            </a>
          )}
        </div>
      </div>
    );
  }

  return (
    <LookupForm
      title="Hall Ticket Generator"
      submitLabel="Generate"
      lookup={ticket}
      errorFallback={messages.hallTicketError}
      asked={asked}
      onAsk={setAsked}
    />
  );
}
