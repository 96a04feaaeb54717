import QRCode from 'qrcode';
import type { Pdf } from './document';

/** Draws the QR code as filled squares: vector, sharp at any zoom, no image to embed. */
export function drawQr(doc: Pdf, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}
