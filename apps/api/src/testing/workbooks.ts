import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Hostile workbooks for tests, made without ever holding their unpacked content: a part is given as
 * chunks (a chunk repeated many times), deflated as a stream and stored in a zip written by hand.
 */
type Part = { name: string; chunks: () => Iterable<string> };

async function deflated(chunks: Iterable<string>): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflater.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const text of chunks) {
    const bytes = Buffer.from(text, 'utf8');
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip of the parts (deflated); sizes above 4 GiB are not needed here. */
export async function zipOf(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflated(part.chunks());
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet workbook whose sheet XML is `rows` (chunks of <row> elements). */
export function workbookOf(rows: () => Iterable<string>, sheets = 1): Promise<Buffer> {
  const sheetList = Array.from(
    { length: sheets },
    (_, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
  );
  const rels = Array.from(
    { length: sheets },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
  );
  return zipOf([
    {
      name: 'xl/workbook.xml',
      chunks: () => [
        `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>`,
        ...sheetList,
        '</sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: () => [
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">',
        ...rels,
        '</Relationships>',
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>`;
        yield* rows();
        yield '</sheetData></worksheet>';
      },
    },
  ]);
}

/** `times` copies of `chunk`. */
export function* repeated(chunk: string, times: number): Iterable<string> {
  for (let i = 0; i < times; i += 1) yield chunk;
}

/** A zip bomb: one cell whose text is `megabytes` MB of spaces (packs to < 1 MB). */
export const spaceBomb = (megabytes: number) =>
  workbookOf(function* () {
    yield '<row r="1"><c r="A1" t="inlineStr"><is><t>';
    yield* repeated(' '.repeat(1024 * 1024), megabytes);
    yield '</t></is></c></row>';
  });

/** A zip bomb of markup no limit but the unpacked size counts: `megabytes` MB of empty elements (< 1 MB packed). */
export const markupBomb = (megabytes: number) =>
  workbookOf(function* () {
    yield '<row r="1"><c r="A1"><v>1</v></c></row>';
    yield* repeated('<x/>'.repeat(256 * 1024), megabytes);
  });

/** `rows` × `columns` cells of marks-like numbers: a small file of a very large sheet. */
export const manyCells = (rows: number, columns: number) =>
  workbookOf(function* () {
    let seed = 1;
    for (let r = 1; r <= rows; r += 1) {
      let cells = '';
      for (let c = 1; c <= columns; c += 1) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        cells += `<c><v>${seed % 3}</v></c>`;
      }
      yield `<row r="${r}">${cells}</row>`;
    }
  });
