/** Calendar dates in a workbook: real date cells shown day/month/year (SPEC §9, en-GB). */
export const SHEET_DATE_FORMAT = 'dd/mm/yyyy';

/** A 'YYYY-MM-DD' date as the spreadsheet's date (midnight UTC, so the serial is that day). */
export const sheetDate = (value: string) => new Date(`${value}T00:00:00Z`);

/**
 * Text that a spreadsheet could take for a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * first: OWASP's CSV/formula injection list) gets a leading apostrophe, so `=HYPERLINK(…)` typed as a
 * student's name reaches the admin's file as text, even once it is saved as CSV or edited.
 */
export function sheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Every text value of a row through sheetText; numbers, dates and empty cells as they are. */
export function sheetRow<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === 'string' ? sheetText(value) : value]),
  ) as T;
}
