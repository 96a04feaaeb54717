/** Today's calendar date in India as 'YYYY-MM-DD' (the product's dates are Indian dates). */
export function indianToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
