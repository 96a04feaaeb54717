// Marks workbooks that cannot take the server down (issue 21): a 917 KB .xlsx that unpacked to 300 MB
// once ran the server out of memory (RSS 1.2 → 4.4 GB, then a fatal crash), and a 62 KB file of many
// cells held +425 MB. Three of each at once, and a centre's real sheet, while /api/health is asked every
// 50 ms: the answers, their time, the server's peak RSS over idle, and health's slowest answer.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { loginToken, multipart, postAtOnce, root, rssMb, settledRss, withProduct } from './harness.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The hostile workbooks of the test suite (apps/api/src/testing/workbooks.ts), made once per run. */
let files;
async function benchFiles() {
  if (files) return files;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-workbooks-'));
  try {
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { markupBomb, spaceBomb, manyCells } from './apps/api/src/testing/workbooks.ts';
         import { writeFileSync } from 'node:fs';
         writeFileSync(${JSON.stringify(path.join(dir, 'bomb.xlsx'))}, await markupBomb(300));
         writeFileSync(${JSON.stringify(path.join(dir, 'text.xlsx'))}, await spaceBomb(300));
         writeFileSync(${JSON.stringify(path.join(dir, 'cells.xlsx'))}, await manyCells(2000, 60));`,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    // A centre's sheet as teachers send it: 2,000 students × 12 papers (unknown here: read, checked, not saved).
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Marks');
    const papers = Array.from({ length: 12 }, (_, i) => `${1001 + i} Paper ${i + 1} (max 100)`);
    sheet.addRow(['Student ID', 'Student Name', 'Seat Number', ...papers]);
    for (let i = 0; i < 2000; i += 1) {
      sheet.addRow([
        `B${String(i).padStart(6, '0')}`,
        `Student ${i}`,
        `S${i}`,
        ...papers.map((_, p) => ((i + p) % 17 === 0 ? 'AB' : (i * 31 + p * 7) % 101)),
      ]);
    }
    files = {
      bomb: readFileSync(path.join(dir, 'bomb.xlsx')),
      text: readFileSync(path.join(dir, 'text.xlsx')),
      cells: readFileSync(path.join(dir, 'cells.xlsx')),
      centre: Buffer.from(await book.xlsx.writeBuffer()),
    };
    return files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

/** Sends the files at once while sampling RSS and asking /api/health every 50 ms. */
async function sendAtOnce({ base, pid, token, contents }) {
  let sending = true;
  const health = [];
  const pinger = (async () => {
    while (sending) {
      const started = performance.now();
      let status = 0;
      try {
        status = (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).status;
      } catch {}
      health.push({ status, ms: performance.now() - started });
      await sleep(50);
    }
  })();
  const bodies = contents.map((content) => multipart(content, { filename: 'marks.xlsx', type: XLSX }));
  const { tally, ms, peak } = await postAtOnce({ url: `${base}/api/exam/marks/upload?save=false`, token, bodies, pid });
  sending = false;
  await pinger;
  return {
    tally,
    ms,
    peak,
    health: `${health.filter((h) => h.status === 200).length}/${health.length} ok, slowest ${Math.max(...health.map((h) => h.ms)).toFixed(0)} ms`,
  };
}

export async function benchWorkbooks({ label, env, port = 4806 }) {
  const workbooks = await benchFiles();
  return withProduct({ port, env }, async ({ base, pid }) => {
    const rows = [];
    const token = await loginToken(base);
    // Idle: after a sign-in and one centre's sheet read, once RSS stops moving. PGlite may give back more
    // of its start-up memory later, so each row also says how far the peak rose over RSS just before it.
    await sendAtOnce({ base, pid, token, contents: [workbooks.centre] });
    const idle = await settledRss(pid);
    for (const [what, input, contents] of [
      [
        'zip bomb (300 MB unpacked), 3 at once',
        kb(workbooks.bomb.length),
        [workbooks.bomb, workbooks.bomb, workbooks.bomb],
      ],
      ['120,000 cells, 3 at once', kb(workbooks.cells.length), [workbooks.cells, workbooks.cells, workbooks.cells]],
      [
        'one cell of 300 MB of spaces, 3 at once',
        kb(workbooks.text.length),
        [workbooks.text, workbooks.text, workbooks.text],
      ],
      ['bomb + cells + centre sheet at once', '-', [workbooks.bomb, workbooks.cells, workbooks.centre]],
      [
        "a centre's sheet (2,000 × 12), 3 at once",
        kb(workbooks.centre.length),
        [workbooks.centre, workbooks.centre, workbooks.centre],
      ],
    ]) {
      const before = rssMb(pid);
      const result = await sendAtOnce({ base, pid, token, contents });
      rows.push({
        database: label,
        what,
        input,
        answers: result.tally,
        'wall ms': result.ms.toFixed(0),
        'idle MB': idle.toFixed(0),
        'before MB': before.toFixed(0),
        'peak MB': `${result.peak.toFixed(0)} (+${(result.peak - Math.min(idle, before)).toFixed(0)})`,
        '/api/health': result.health,
      });
    }
    return rows;
  });
}
