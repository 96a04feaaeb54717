import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { instituteAddress, institutePhone, siteName } from '@app/domain/site';
import type { Font, GlyphRun } from 'fontkit';
import * as fontkit from 'fontkit';
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit takes an already parsed fontkit font too (PDFFontFactory.open); its types do not say so. */
      registerFont(name: string, src: Font): this;
    }
  }
}

const require = createRequire(import.meta.url);
const LAYOUT_CACHE_LIMIT = 20_000;

/**
 * A parsed font whose shaping is kept across documents: shaping a string is pure, and it was a third of
 * a hall ticket's time (every document shaped the same labels and instructions again). pdfkit scales a
 * run's positions in place, so each caller gets its own copy of them. The runs of the most recently used
 * LAYOUT_CACHE_LIMIT strings are kept (lru-cache).
 */
function parsedFont(file: string): Font {
  const font = fontkit.create(readFileSync(require.resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  const runs = new LRUCache<string, GlyphRun>({ max: LAYOUT_CACHE_LIMIT });
  const layout: Font['layout'] = (text, features, ...rest) => {
    if (features !== undefined || rest.length > 0) return font.layout(text, features, ...rest);
    let run = runs.get(text);
    if (!run) {
      run = font.layout(text);
      runs.set(text, run);
    }
    const copy: GlyphRun = Object.create(Object.getPrototypeOf(run));
    return Object.assign(copy, run, { positions: run.positions.map((position) => ({ ...position })) });
  };
  return new Proxy(font, { get: (target, key) => (key === 'layout' ? layout : Reflect.get(target, key, target)) });
}
/**
 * One embedded family with Latin, ₹ and Devanagari: no system font is needed and Marathi shapes
 * correctly. Parsed once for every document: parsing the tables again for each one was most of a hall
 * ticket's time. Documents only read the parsed font (each keeps its own subset).
 */
const fonts = {
  regular: parsedFont('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: parsedFont('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

export const A4 = { width: 595.28, height: 841.89, margin: 40 };
const ink = '#0f172a';
const muted = '#475569';
const rule = '#cbd5e1';
const brand = '#1e3a8a';

export type Pdf = PDFKit.PDFDocument;

/** A new A4 document of many pages, written out as it is drawn: pipe it, then `end()` it. */
export function createPdfStream(title: string): Pdf {
  const doc = new PDFDocument({ size: 'A4', margin: A4.margin, info: { Title: title, Author: siteName } });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('regular').fillColor(ink);
  return doc;
}

/** A new A4 document with our fonts; `finish()` ends it and answers its bytes. */
export function createPdf(title: string): { doc: Pdf; finish(): Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4.margin,
    info: { Title: title, Author: siteName },
    bufferPages: true,
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('regular').fillColor(ink);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return done;
    },
  };
}

/** The institute's band across the top, with the document's title under it. */
export function header(doc: Pdf, title: string, subtitle?: string): void {
  doc.rect(0, 0, A4.width, 70).fill(brand);
  doc
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(18)
    .text(siteName, A4.margin, 18, { width: A4.width - 2 * A4.margin });
  doc
    .font('regular')
    .fontSize(9)
    .text('Mock board examinations for classes 10th and 12th · Maharashtra', A4.margin, 40);
  doc.fontSize(8.5).text(`${instituteAddress} · Phone ${institutePhone}`, A4.margin, 53);
  doc.fillColor(ink).font('bold').fontSize(15).text(title, A4.margin, 88);
  if (subtitle)
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(muted)
      .text(subtitle, A4.margin, doc.y + 2);
  doc.fillColor(ink);
  doc.y += 8;
}

/** A ruled line at `y` from the left margin, `width` long. */
function ruleAcross(doc: Pdf, { y, width, lineWidth }: { y: number; width: number; lineWidth: number }): void {
  doc
    .moveTo(A4.margin, y)
    .lineTo(A4.margin + width, y)
    .lineWidth(lineWidth)
    .strokeColor(rule)
    .stroke();
}

/** A section heading with a rule under it. */
export function section(doc: Pdf, title: string, width = A4.width - 2 * A4.margin): void {
  doc.y += 8;
  doc.font('bold').fontSize(11).fillColor(brand).text(title, A4.margin, doc.y, { width });
  const y = doc.y + 2;
  ruleAcross(doc, { y, width, lineWidth: 0.7 });
  doc.y = y + 6;
  doc.fillColor(ink);
}

/** Label/value pairs in two columns. */
export function fields(doc: Pdf, pairs: [string, string][], width = A4.width - 2 * A4.margin): void {
  const columnWidth = width / 2;
  const labelWidth = 105;
  for (let i = 0; i < pairs.length; i += 2) {
    const top = doc.y;
    let bottom = top;
    for (const [column, pair] of [pairs[i], pairs[i + 1]].entries()) {
      if (!pair) continue;
      const x = A4.margin + column * columnWidth;
      doc.font('regular').fontSize(8.5).fillColor(muted).text(pair[0], x, top, { width: labelWidth });
      doc
        .font('regular')
        .fontSize(9.5)
        .fillColor(ink)
        .text(pair[1] || '-', x + labelWidth, top, { width: columnWidth - labelWidth - 8 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 4;
  }
}

/**
 * A section of fields with the student's photo framed at its right (the section narrowed to leave it
 * room; without a photo the frame says `placeholder`, if given). What follows starts below the lower of
 * the two.
 */
export function fieldsBesidePhoto(
  doc: Pdf,
  {
    title,
    pairs,
    photo,
    size,
    gap,
    placeholder,
  }: {
    title: string;
    pairs: [string, string][];
    photo: Buffer | undefined;
    size: { width: number; height: number };
    /** Space between what is above and the photo's top. */
    gap: number;
    placeholder?: string;
  },
): void {
  const photoX = A4.width - A4.margin - size.width;
  const photoY = doc.y + gap;
  if (photo) {
    doc.image(photo, photoX, photoY, { fit: [size.width, size.height], align: 'center', valign: 'center' });
  } else if (placeholder) {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#64748b')
      .text(placeholder, photoX, photoY + size.height / 2 - 5, { width: size.width, align: 'center' });
  }
  doc.rect(photoX, photoY, size.width, size.height).lineWidth(0.7).strokeColor('#94a3b8').stroke();
  const narrow = A4.width - 2 * A4.margin - size.width - 16;
  section(doc, title, narrow);
  fields(doc, pairs, narrow);
  doc.y = Math.max(doc.y, photoY + size.height + 4);
}

/** A simple ruled table; column widths in points. */
export function table(
  doc: Pdf,
  columns: { title: string; width: number; align?: 'left' | 'right' }[],
  rows: string[][],
): void {
  const draw = (cells: string[], font: 'regular' | 'bold') => {
    const top = doc.y;
    let x = A4.margin;
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      doc
        .font(font)
        .fontSize(9)
        .fillColor(ink)
        .text(cell, x + 4, top + 4, { width: column.width - 8, align: column.align ?? 'left' });
      bottom = Math.max(bottom, doc.y + 4);
      x += column.width;
    });
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    ruleAcross(doc, { y: bottom, width: total, lineWidth: 0.5 });
    doc.y = bottom;
  };
  draw(
    columns.map((column) => column.title),
    'bold',
  );
  for (const row of rows) draw(row, 'regular');
}

/** Signature lines at the foot of the last page. */
export function signatures(doc: Pdf, labels: string[]): void {
  const y = A4.height - A4.margin - 40;
  const width = (A4.width - 2 * A4.margin) / labels.length;
  labels.forEach((label, index) => {
    const x = A4.margin + index * width;
    doc
      .moveTo(x + 10, y)
      .lineTo(x + width - 10, y)
      .lineWidth(0.7)
      .strokeColor(muted)
      .stroke();
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(muted)
      .text(label, x + 10, y + 4, { width: width - 20, align: 'center' });
  });
}

/** One label/value pair across the full width, for long values such as an amount in words. */
export function wideField(doc: Pdf, label: string, value: string): void {
  const top = doc.y;
  doc.font('regular').fontSize(8.5).fillColor(muted).text(label, A4.margin, top, { width: 105 });
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(ink)
    .text(value, A4.margin + 105, top, { width: A4.width - 2 * A4.margin - 105 });
  doc.y += 4;
}

/**
 * A large mark across the page (a cancelled receipt's 'CANCELLED'), drawn behind nothing and without
 * moving the text cursor, with a boxed note of why under the title.
 */
export function stamp(doc: Pdf, text: string, note: string): void {
  const { x, y } = doc;
  const red = '#b91c1c';
  doc.save();
  doc.rotate(-30, { origin: [A4.width / 2, A4.height / 2] });
  doc
    .font('bold')
    .fontSize(72)
    .fillColor(red)
    .fillOpacity(0.18)
    .text(text, 0, A4.height / 2 - 40, { width: A4.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
  const width = A4.width - 2 * A4.margin;
  doc.font('bold').fontSize(9.5);
  const height = doc.heightOfString(note, { width: width - 16 }) + 12;
  doc.rect(A4.margin, y, width, height).lineWidth(1.2).strokeColor(red).stroke();
  doc
    .fillColor(red)
    .text(note, A4.margin + 8, y + 6, { width: width - 16 })
    .fillColor(ink);
  doc.x = x;
  doc.y = y + height + 6;
}
