/** Indian formats for printed documents: ₹ with lakh grouping, day/month/year, 12-hour India time. */
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

export function formatPaise(paise: number): string {
  return rupees.format(paise / 100);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', without any time-zone shift. */
export function formatIsoDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '-';
}

export function formatDateTime(value: Date): string {
  return dateTime.format(value).replace(/\b(am|pm)\b/, (period) => period.toUpperCase());
}
