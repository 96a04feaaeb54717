/** India Standard Time is UTC+05:30 all year (no daylight saving since 1945): Asia/Kolkata as an offset. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * Today's calendar date in India as 'YYYY-MM-DD' (the product's dates are Indian dates). Plain arithmetic,
 * not Intl: every public lookup asks for it, and Intl formatting showed in their profile.
 */
export function indianToday(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The oldest and newest year any date of the product may have; the windows below are narrower. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;

/** True for 'YYYY-MM-DD' naming a day that exists (no 31 February), within the product's years. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A 'YYYY-MM-DD' date moved by whole years and days (29 February lands on 1 March). */
export function shiftDate(value: string, { years = 0, days = 0 }: { years?: number; days?: number }): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The range of sensible values for a kind of date, as of an Indian `today` (both ends inclusive). */
export type DateWindow = (today: string) => { from: string; to: string };

export const dateWindows = {
  /** A school or college student: 5 to 40 years old. */
  studentBirth: (today) => ({ from: shiftDate(today, { years: -40 }), to: shiftDate(today, { years: -5 }) }),
  /** A member of staff: 14 to 100 years old. */
  staffBirth: (today) => ({ from: shiftDate(today, { years: -100 }), to: shiftDate(today, { years: -14 }) }),
  /** Money paid in: today or up to a year back. */
  pastPayment: (today) => ({ from: shiftDate(today, { years: -1 }), to: today }),
  /** A challan (book delivery note): up to a year back, or up to 30 days ahead (prepared in advance). */
  challanDate: (today) => ({ from: shiftDate(today, { years: -1 }), to: shiftDate(today, { days: 30 }) }),
  /** When the rest of a fee is due: today up to two years ahead. */
  dueDate: (today) => ({ from: today, to: shiftDate(today, { years: 2 }) }),
  /** A paper's date: from a year back (corrections) up to three years ahead. */
  examDate: (today) => ({ from: shiftDate(today, { years: -1 }), to: shiftDate(today, { years: 3 }) }),
} satisfies Record<string, DateWindow>;

/** India has one offset all year (no daylight saving): +05:30. */
const INDIA_OFFSET = '+05:30';

/**
 * An inclusive range of Indian calendar dates ('YYYY-MM-DD') as instants: from the first day's
 * midnight in India up to, not including, the midnight after the last day.
 */
export function indianDayRange({ from, to }: { from?: string | undefined; to?: string | undefined }): {
  start?: Date;
  end?: Date;
} {
  const range: { start?: Date; end?: Date } = {};
  if (from) range.start = new Date(`${from}T00:00:00${INDIA_OFFSET}`);
  if (to) range.end = new Date(new Date(`${to}T00:00:00${INDIA_OFFSET}`).getTime() + 24 * 3600 * 1000);
  return range;
}

/** A time in India as a form's date-and-time input holds it ('YYYY-MM-DDTHH:mm'), of an instant. */
export function indianDateTime(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant ('…+05:30') of a time in India as typed ('YYYY-MM-DDTHH:mm'); blank stays blank. */
export function instantOfIndianDateTime(value: string): string {
  return value ? `${value}:00${INDIA_OFFSET}` : '';
}
