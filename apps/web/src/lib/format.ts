/** Display formats of SPEC §9: day/month/year (en-IN), 12-hour times, ₹ amounts, all in India time. */
const timeZone = 'Asia/Kolkata';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone });
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dd/mm/yyyy; a calendar date ('YYYY-MM-DD') is shown as is, never shifted by a time zone. '-' when empty. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const calendar = typeof value === 'string' ? isoDate.exec(value) : null;
  if (calendar) return `${calendar[3]}/${calendar[2]}/${calendar[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : dateFormat.format(date);
}

/** 12-hour time, e.g. '3:45 pm'. */
export function formatTime(value: string | number | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : timeFormat.format(date);
}

/** Rupees with Indian digit grouping: '₹9,850' for whole rupees, '₹33,157.90' otherwise. */
export function formatCurrency(amount: number): string {
  return (Number.isInteger(amount) ? wholeRupees : withPaise).format(amount);
}
