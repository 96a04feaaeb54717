/** Today's calendar date in India as 'YYYY-MM-DD' (the product's dates are Indian dates). */
export function indianToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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
