import { messages } from '@app/domain/messages';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { manyCells, markupBomb, spaceBomb, workbookOf } from '../../testing/workbooks';
import { readFirstSheet } from './read-workbook';

async function excelFile(build: (sheet: ExcelJS.Worksheet) => void, extraSheets = 0): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book.addWorksheet('Marks'));
  for (let i = 0; i < extraSheets; i += 1) book.addWorksheet(`Other ${i}`).addRow(['x']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** CPU time of this process since `started` (unlike wall time, not stretched by other work on the machine). */
function cpuMs(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const values = (rows: Awaited<ReturnType<typeof readFirstSheet>>) =>
  rows.map((row) => [row.row, Object.fromEntries(row.cells)]);

describe('readFirstSheet', () => {
  it('reads numbers, shared and inline text, leaves out empty cells, and answers formulas as formulas', async () => {
    const file = await excelFile((sheet) => {
      sheet.addRow(['Student ID', '1001 English']);
      sheet.addRow(['S1', 71]);
      sheet.addRow(['S2', 'AB']);
      sheet.addRow(['S3', { formula: '30+41', result: 71 }]);
      sheet.getCell('A6').value = { richText: [{ text: 'S' }, { text: '6' }] };
    });
    expect(values(await readFirstSheet(file))).toEqual([
      [
        1,
        {
          1: { type: 'text', value: 'Student ID' },
          2: { type: 'text', value: '1001 English' },
        },
      ],
      [2, { 1: { type: 'text', value: 'S1' }, 2: { type: 'number', value: 71 } }],
      [3, { 1: { type: 'text', value: 'S2' }, 2: { type: 'text', value: 'AB' } }],
      [4, { 1: { type: 'text', value: 'S3' }, 2: { type: 'formula' } }],
      [6, { 1: { type: 'text', value: 'S6' } }],
    ]);
  });

  it('reads only the first sheet', async () => {
    const file = await excelFile((sheet) => sheet.addRow(['first']), 2);
    expect(values(await readFirstSheet(file))).toEqual([[1, { 1: { type: 'text', value: 'first' } }]]);
  });

  it('refuses a zip bomb at the unpacked limit, whatever its headers say, without inflating the rest', async () => {
    const bomb = await markupBomb(300);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = process.cpuUsage();
    await expect(readFirstSheet(bomb)).rejects.toThrow(messages.workbookTooLargeUnpacked);
    // 300 MB inflated and parsed take over 10 s of CPU; the limit stops it after 10 MB (about 0.4 s).
    expect(cpuMs(started)).toBeLessThan(2_000);
  });

  it('refuses a text longer than a cell can hold as soon as it passes the limit', async () => {
    const bomb = await spaceBomb(300);
    const started = process.cpuUsage();
    await expect(readFirstSheet(bomb)).rejects.toThrow(messages.workbookTextTooLong);
    expect(cpuMs(started)).toBeLessThan(500);
    const longest = 'x'.repeat(32_767);
    const escaped = '&amp;'.repeat(32_767);
    const rows = await readFirstSheet(
      await workbookOf(() => [
        `<row r="1"><c r="A1" t="inlineStr"><is><t>${longest}</t></is></c><c r="B1" t="inlineStr"><is><t>${escaped}</t></is></c></row>`,
      ]),
    );
    expect(rows[0]?.cells.get(1)).toEqual({ type: 'text', value: longest });
    expect(rows[0]?.cells.get(2)).toEqual({ type: 'text', value: '&'.repeat(32_767) });
  });

  it('refuses a small file with too many cells, rows, columns or sheets', async () => {
    const cells = await manyCells(2_000, 60);
    expect(cells.length).toBeLessThan(64 * 1024);
    await expect(readFirstSheet(cells)).rejects.toThrow(messages.workbookTooManyCells);
    await expect(readFirstSheet(await manyCells(5_001, 1))).rejects.toThrow(messages.workbookTooManyRows);
    await expect(readFirstSheet(await manyCells(1, 201))).rejects.toThrow(messages.workbookTooManyColumns);
    await expect(readFirstSheet(await workbookOf(() => ['<row r="1"/>'], 51))).rejects.toThrow(
      messages.workbookTooManySheets,
    );
    // A row numbered past the limit is refused too (it need not be the 5,001st row element).
    await expect(readFirstSheet(await workbookOf(() => ['<row r="9999"><c><v>1</v></c></row>']))).rejects.toThrow(
      messages.workbookTooManyRows,
    );
  });

  it('answers the limits exactly: the largest sheet allowed is read', async () => {
    expect(await readFirstSheet(await manyCells(500, 200))).toHaveLength(500);
    expect(await readFirstSheet(await manyCells(5_000, 1))).toHaveLength(5_000);
  });

  it('refuses what is not a workbook: text, a truncated zip, a zip without a workbook, broken XML', async () => {
    const good = await excelFile((sheet) => sheet.addRow(['x']));
    for (const file of [
      Buffer.from('Student ID,1001\nS1,71\n'),
      good.subarray(0, good.length - 200),
      Buffer.concat([good.subarray(0, 100), Buffer.alloc(good.length - 100)]),
      await workbookOf(() => ['<row r="1"><c><v>1</v></row>']),
      Buffer.alloc(0),
    ]) {
      await expect(readFirstSheet(file)).rejects.toThrow(messages.marksUploadUnreadable);
    }
  });
});
