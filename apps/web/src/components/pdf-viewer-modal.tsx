import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useObjectUrl } from '@/lib/use-object-url';

/** SPEC §9: the PDF viewer treats widths under 768 px as mobile. */
export const PDF_MOBILE_MAX_WIDTH_PX = 768;

const mobileAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** A mobile user agent or a narrow window: embedded PDFs rarely work there, so the file is offered instead. */
export function isMobileViewer(): boolean {
  return mobileAgent.test(navigator.userAgent) || window.innerWidth < PDF_MOBILE_MAX_WIDTH_PX;
}

export type PdfDocument = {
  blob: Blob;
  fileName: string;
  studentName: string;
  studentId: string;
};

type PdfViewerModalProps = {
  /** The document to show; null keeps the modal closed. */
  document: PdfDocument | null;
  onClose: () => void;
  /** The title before ' - {student}': 'PDF Preview' by default; the receipt modal names its own. */
  title?: string;
};

/**
 * SPEC §2 PDF viewer modals: on mobile it offers Download PDF, Open in Browser and Cancel;
 * elsewhere it previews the PDF in a frame with Open in New Tab, Download PDF and Close.
 */
export function PdfViewerModal({ document, onClose, title = 'PDF Preview' }: PdfViewerModalProps) {
  if (!document) return null;
  return <PdfViewer document={document} onClose={onClose} title={title} />;
}

function PdfViewer({ document, onClose, title }: { document: PdfDocument; onClose: () => void; title: string }) {
  const url = useObjectUrl(document.blob);
  // Decided when the document opens, so the layout does not jump while it is on screen.
  const [isMobile] = useState(isMobileViewer);

  const download = (
    <a href={url ?? undefined} download={document.fileName} className={buttonClasses({ variant: 'primary' })}>
      Download PDF
    </a>
  );

  return (
    <Modal isOpen onClose={onClose} title={`${title} - ${document.studentName}`} size={isMobile ? 'md' : 'xl'}>
      <div className="flex flex-col gap-4">
        <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
          <div className="flex gap-1">
            <dt className="font-medium text-slate-700">Student ID:</dt>
            <dd className="tabular-nums">{document.studentId}</dd>
          </div>
          <div className="flex min-w-0 gap-1">
            <dt className="font-medium text-slate-700">File:</dt>
            <dd className="truncate">{document.fileName}</dd>
          </div>
        </dl>

        {isMobile ? (
          <div className="flex flex-col gap-2">
            {download}
            <a
              href={url ?? undefined}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ variant: 'secondary' })}
            >
              Open in Browser
            </a>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        ) : (
          <>
            {url && (
              <iframe
                src={url}
                title={`PDF preview of ${document.fileName}`}
                className="h-[70dvh] w-full rounded-lg border border-slate-200 bg-slate-100"
              />
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <a
                href={url ?? undefined}
                target="_blank"
                rel="noopener"
                className={buttonClasses({ variant: 'secondary' })}
              >
                Open in New Tab
              </a>
              {download}
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
