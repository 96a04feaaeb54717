import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readFirstSheet } from './read-workbook';
import { type SheetLayout, workbookBuffer, writeWorkbook } from './write-workbook';

const layout: SheetLayout = {
  name: 'Students',
  columns: [
    { header: 'Name', width: 20 },
    { header: 'Paid', width: 12, numFmt: '"₹"#,##0.00' },
    { header: 'Due', width: 12, numFmt: 'dd/mm/yyyy' },
  ],
  boldHeader: true,
  frozen: { columns: 1, rows: 1 },
};

const values = (rows: Awaited<ReturnType<typeof readFirstSheet>>) =>
  rows.map((row) => [...row.cells.values()].map((cell) => ('value' in cell ? cell.value : cell.type)));

describe('writeWorkbook', () => {
  it('writes the header and every row, and formula-like text as text', async () => {
    const file = await workbookBuffer(layout, [
      ['=HYPERLINK("http://x")', 100, null],
      ['-Asha', 2.5, new Date('2026-03-31T00:00:00Z')],
      ['Ravi', 0, null],
    ]);
    const rows = await readFirstSheet(file);
    expect(values(rows)).toEqual([
      ['Name', 'Paid', 'Due'],
      [`'=HYPERLINK("http://x")`, 100],
      ["'-Asha", 2.5, expect.any(Number)],
      ['Ravi', 0],
    ]);
  });

  it('keeps the layout: widths, number formats, date cells, a bold frozen header', async () => {
    const book = new ExcelJS.Workbook();
    const file = await workbookBuffer(layout, [['Asha', 10, new Date('2026-03-31T00:00:00Z')]]);
    await book.xlsx.read(Readable.from([file]));
    const sheet = book.getWorksheet('Students');
    expect(sheet?.columns.map((column) => column.width)).toEqual([20, 12, 12]);
    expect(sheet?.getCell('B2').numFmt).toBe('"₹"#,##0.00');
    expect(sheet?.getCell('C2').value).toEqual(new Date('2026-03-31T00:00:00Z'));
    expect(sheet?.getCell('C2').numFmt).toBe('dd/mm/yyyy');
    expect(sheet?.getCell('A1').font?.bold).toBe(true);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
  });

  it('takes rows from an async iterable, and ends the stream with the error of one that fails', async () => {
    async function* rows() {
      for (let i = 0; i < 3_000; i += 1) yield [`Student ${i}`, i, null];
    }
    expect(await readFirstSheet(await workbookBuffer(layout, rows()))).toHaveLength(3_001);

    async function* failing() {
      yield ['Asha', 1, null];
      throw new Error('the database went away');
    }
    const errors: unknown[] = [];
    const stream = writeWorkbook(layout, failing(), { onError: (error) => errors.push(error) });
    await expect(async () => {
      for await (const _chunk of stream);
    }).rejects.toThrow('the database went away');
    expect(errors).toHaveLength(1);
  });
});
