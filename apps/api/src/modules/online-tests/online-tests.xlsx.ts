import { marksText } from '@app/domain/online-tests.rules';
import type { TestAnalysis } from '@app/domain/online-tests.schemas';
import { workbookBuffer } from '../../lib/spreadsheet/write-workbook';

/** A test's results as a workbook: each student who sat it (best score, rank), then those who did not. */
export function testResultsXlsx(analysis: TestAnalysis): Promise<Buffer> {
  const columns = [
    { header: 'Rank', width: 8 },
    { header: 'Student ID', width: 14 },
    { header: 'Student Name', width: 30 },
    { header: `Score (of ${marksText(analysis.maxX100)})`, width: 16 },
    { header: 'Percentage', width: 12 },
    { header: 'Status', width: 14 },
  ];
  const percent = (score: number) => (analysis.maxX100 > 0 ? Math.round((score / analysis.maxX100) * 1000) / 10 : 0);
  return workbookBuffer({ name: 'Results', columns, boldHeader: true, frozen: { columns: 0, rows: 1 } }, [
    ...analysis.attempts.map((row) => [
      row.rank,
      row.studentId,
      row.studentName,
      row.scoreX100 / 100,
      percent(row.scoreX100),
      row.timedOut ? 'Time ran out' : 'Submitted',
    ]),
    ...analysis.absent.map((row) => [null, row.studentId, row.studentName, null, null, 'Did not attend']),
  ]);
}
