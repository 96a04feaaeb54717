import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PDF_MOBILE_MAX_WIDTH_PX, type PdfDocument, PdfViewerModal } from './pdf-viewer-modal';

const pdf: PdfDocument = {
  blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
  fileName: 'Registration_2600001.pdf',
  studentName: 'Asha Patil',
  studentId: '2600001',
};

const desktopAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const phoneAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';

/** The browser the viewer opens in: its user agent and window width. */
function browser(userAgent: string, width: number) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
}

// jsdom has no object URLs; these stand for the browser's, and count what is made and let go.
const created: string[] = [];
const revoked: string[] = [];

beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  URL.createObjectURL = () => {
    const url = `blob:test/${created.length + 1}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PdfViewerModal', () => {
  it('stays closed without a document', () => {
    render(<PdfViewerModal document={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('previews the PDF on a computer, with Open in New Tab, Download PDF and Close', async () => {
    browser(desktopAgent, 1280);
    const onClose = vi.fn();
    render(<PdfViewerModal document={pdf} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'PDF Preview - Asha Patil' }));
    expect(dialog.getByText('2600001')).toBeTruthy();
    expect(dialog.getByText('Registration_2600001.pdf')).toBeTruthy();
    expect(dialog.getByTitle('PDF preview of Registration_2600001.pdf').getAttribute('src')).toBe(created[0]);
    expect(dialog.getByRole('link', { name: 'Open in New Tab' }).getAttribute('href')).toBe(created[0]);
    const download = dialog.getByRole('link', { name: 'Download PDF' });
    expect(download.getAttribute('href')).toBe(created[0]);
    expect(download.getAttribute('download')).toBe('Registration_2600001.pdf');
    expect(dialog.queryByRole('link', { name: 'Open in Browser' })).toBeNull();

    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the file instead of a preview on a phone: Download PDF, Open in Browser, Cancel', async () => {
    browser(phoneAgent, 412);
    const onClose = vi.fn();
    render(<PdfViewerModal document={pdf} onClose={onClose} title="Receipt Preview" />);
    const dialog = within(screen.getByRole('dialog', { name: 'Receipt Preview - Asha Patil' }));
    expect(dialog.queryByTitle(/PDF preview/)).toBeNull();
    expect(dialog.getByRole('link', { name: 'Download PDF' }).getAttribute('download')).toBe(
      'Registration_2600001.pdf',
    );
    expect(dialog.getByRole('link', { name: 'Open in Browser' }).getAttribute('href')).toBe(created[0]);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('treats a narrow desktop window as a phone (SPEC §9: under 768 px)', () => {
    browser(desktopAgent, PDF_MOBILE_MAX_WIDTH_PX - 1);
    render(<PdfViewerModal document={pdf} onClose={() => {}} />);
    expect(screen.getByRole('link', { name: 'Open in Browser' })).toBeTruthy();
    cleanup();

    browser(desktopAgent, PDF_MOBILE_MAX_WIDTH_PX);
    render(<PdfViewerModal document={pdf} onClose={() => {}} />);
    expect(screen.queryByRole('link', { name: 'Open in Browser' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open in New Tab' })).toBeTruthy();
  });

  it('lets go of the object URL when it closes', () => {
    browser(desktopAgent, 1280);
    const { rerender } = render(<PdfViewerModal document={pdf} onClose={() => {}} />);
    expect(created).toHaveLength(1);
    expect(revoked).toEqual([]);
    rerender(<PdfViewerModal document={null} onClose={() => {}} />);
    expect(revoked).toEqual(created);
  });
});
