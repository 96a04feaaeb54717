import { StringDecoder } from 'node:string_decoder';
import { WORKBOOK_LIMITS } from '@app/domain/marks.rules';
import { messages } from '@app/domain/messages';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { InflateBudget, inflateEntry, type ZipEntry, ZipError, zipEntries } from './zip';

/**
 * The one way our server reads an uploaded spreadsheet (.xlsx): the first sheet's cell values, read as
 * a stream with every size bounded, so that no file, however it is made, can take the server's memory.
 * The limits hold for the file as packed (the upload's size limit), as unpacked (inflated bytes are
 * counted as they stream, see zip.ts), and for the sheets, rows and cells it holds. A formula is not a
 * value: the value Excel cached for it is ignored and the cell is answered as a formula. Beyond a limit,
 * or for a file that is not a workbook, it throws a SpreadsheetError whose message says which.
 */
export type SheetCell =
  | { type: 'number'; value: number }
  | { type: 'text'; value: string }
  | { type: 'formula' }
  | { type: 'other' };

export type SheetRow = { row: number; cells: Map<number, SheetCell> };

export type WorkbookLimits = Omit<typeof WORKBOOK_LIMITS, 'packedBytes'>;

type Refusal = 'unreadable' | 'unpacked' | 'text' | 'sheets' | 'rows' | 'cells' | 'columns';
const refusals: Record<Refusal, string> = {
  unreadable: messages.marksUploadUnreadable,
  unpacked: messages.workbookTooLargeUnpacked,
  text: messages.workbookTextTooLong,
  sheets: messages.workbookTooManySheets,
  rows: messages.workbookTooManyRows,
  cells: messages.workbookTooManyCells,
  columns: messages.workbookTooManyColumns,
};

/** A file the reader refuses; its message says why, for the uploader. */
export class SpreadsheetError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusals[refusal]);
  }
}

const MAX_ZIP_ENTRIES = 1_000;

/** Characters of markup a text of `textRun` characters may take once escaped (&amp;, &#x10000;…). */
const ESCAPED_TEXT_RATIO = 8;

/**
 * Parses an XML part as it inflates; saxes keeps only the element being read, and the text between two
 * tags, which may not run past what an Excel cell can hold (else a part of spaces would be held whole).
 */
async function parsePart(
  file: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  limits: WorkbookLimits,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    text?: (text: string) => void;
    close?: (tag: SaxesTagPlain) => void;
  },
): Promise<void> {
  const parser = new SaxesParser();
  let failure: Error | undefined;
  let lastTag = 0;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    lastTag = parser.position;
    handlers.open?.(tag);
  });
  parser.on('closetag', (tag) => {
    lastTag = parser.position;
    handlers.close?.(tag);
  });
  if (handlers.text) parser.on('text', handlers.text);
  const decoder = new StringDecoder('utf8');
  await inflateEntry(file, entry, budget, (chunk) => {
    parser.write(decoder.write(chunk));
    if (failure) throw failure;
    if (parser.position - lastTag > limits.textRun * ESCAPED_TEXT_RATIO) throw new SpreadsheetError('text');
  });
  parser.write(decoder.end());
  parser.close();
  if (failure) throw failure;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const attribute = (tag: SaxesTagPlain, name: string) => {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
};

/** 'B12' → 2; undefined when the reference has no letters. */
function columnOf(reference: string): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference)?.[1]?.toUpperCase();
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

/** The first sheet's part: the workbook's first <sheet>, through the workbook's relationships. */
async function firstSheetPath(
  file: Buffer,
  entries: Map<string, ZipEntry>,
  budget: InflateBudget,
  limits: WorkbookLimits,
): Promise<{ sheet: string; sharedStrings: string | undefined }> {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new SpreadsheetError('unreadable');
  const sheetIds: string[] = [];
  await parsePart(file, workbook, budget, limits, {
    open: (tag) => {
      if (localName(tag.name) !== 'sheet') return;
      if (sheetIds.length >= limits.sheets) throw new SpreadsheetError('sheets');
      sheetIds.push(attribute(tag, 'id') ?? '');
    },
  });
  const targets = new Map<string, { type: string; target: string }>();
  await parsePart(file, rels, budget, limits, {
    open: (tag) => {
      if (localName(tag.name) !== 'Relationship' || targets.size >= MAX_ZIP_ENTRIES) return;
      targets.set(attribute(tag, 'Id') ?? '', {
        type: attribute(tag, 'Type') ?? '',
        target: attribute(tag, 'Target') ?? '',
      });
    },
  });
  const path = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  const first = targets.get(sheetIds[0] ?? '');
  if (!first) throw new SpreadsheetError('unreadable');
  const shared = [...targets.values()].find((rel) => rel.type.endsWith('/sharedStrings'));
  return { sheet: path(first.target), sharedStrings: shared ? path(shared.target) : undefined };
}

/** The shared strings table: the text of each <si> (rich text runs joined, phonetic runs left out). */
async function readSharedStrings(
  file: Buffer,
  entry: ZipEntry | undefined,
  budget: InflateBudget,
  limits: WorkbookLimits,
): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  await parsePart(file, entry, budget, limits, {
    open: (tag) => {
      const name = localName(tag.name);
      if (name === 'si') {
        if (strings.length >= limits.cells) throw new SpreadsheetError('cells');
        current = [];
      } else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text: (text) => {
      if (inText) current?.push(text);
    },
    close: (tag) => {
      const name = localName(tag.name);
      if (name === 'si') {
        strings.push(current?.join('') ?? '');
        current = undefined;
      } else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
  });
  return strings;
}

/** The first sheet of an .xlsx as rows of cell values (empty cells are left out). */
export async function readFirstSheet(file: Buffer, limits: WorkbookLimits = WORKBOOK_LIMITS): Promise<SheetRow[]> {
  try {
    const entries = zipEntries(file, MAX_ZIP_ENTRIES);
    const budget = new InflateBudget(limits.unpackedBytes);
    const paths = await firstSheetPath(file, entries, budget, limits);
    const sheet = entries.get(paths.sheet);
    if (!sheet) throw new SpreadsheetError('unreadable');
    const shared = await readSharedStrings(
      file,
      paths.sharedStrings ? entries.get(paths.sharedStrings) : undefined,
      budget,
      limits,
    );

    const rows: SheetRow[] = [];
    let cellCount = 0;
    let row: SheetRow | undefined;
    let cell: { column: number; type: string; formula: boolean; text: string[] } | undefined;
    let reading: 'v' | 't' | undefined;
    await parsePart(file, sheet, budget, limits, {
      open: (tag) => {
        const name = localName(tag.name);
        if (name === 'row') {
          const number = Number(attribute(tag, 'r') ?? (row ? row.row + 1 : 1));
          if (!Number.isInteger(number) || number < 1) throw new SpreadsheetError('unreadable');
          if (rows.length >= limits.rows || number > limits.rows) throw new SpreadsheetError('rows');
          row = { row: number, cells: new Map() };
          cell = undefined;
          rows.push(row);
        } else if (name === 'c' && row) {
          cellCount += 1;
          if (cellCount > limits.cells) throw new SpreadsheetError('cells');
          const reference = attribute(tag, 'r');
          const column = reference ? columnOf(reference) : (cell?.column ?? 0) + 1;
          if (!column) throw new SpreadsheetError('unreadable');
          if (column > limits.columns) throw new SpreadsheetError('columns');
          cell = { column, type: attribute(tag, 't') ?? 'n', formula: false, text: [] };
        } else if (cell && name === 'f') cell.formula = true;
        else if (cell && (name === 'v' || name === 't')) reading = name;
      },
      text: (text) => {
        if (reading && cell) cell.text.push(text);
      },
      close: (tag) => {
        const name = localName(tag.name);
        if (name === 'v' || name === 't') reading = undefined;
        else if (name === 'c' && cell && row) {
          const value = cellValue(cell, shared);
          if (value) row.cells.set(cell.column, value);
        }
      },
    });
    return rows;
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    if (error instanceof ZipError && error.message === 'unpacked size over the limit') {
      throw new SpreadsheetError('unpacked');
    }
    throw new SpreadsheetError('unreadable');
  }
}

function cellValue(
  cell: { type: string; formula: boolean; text: string[] },
  shared: readonly string[],
): SheetCell | undefined {
  if (cell.formula) return { type: 'formula' };
  const text = cell.text.join('');
  switch (cell.type) {
    case 's': {
      const value = shared[Number(text)];
      if (value === undefined) throw new SpreadsheetError('unreadable');
      return value === '' ? undefined : { type: 'text', value };
    }
    case 'inlineStr':
    case 'str':
      return text === '' ? undefined : { type: 'text', value: text };
    case 'n': {
      if (text === '') return undefined;
      const value = Number(text);
      return Number.isFinite(value) ? { type: 'number', value } : { type: 'other' };
    }
    default:
      return { type: 'other' };
  }
}
