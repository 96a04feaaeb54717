import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PDF's text as pdftotext -layout reads it (poppler-utils). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
