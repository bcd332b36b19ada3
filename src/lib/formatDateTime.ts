// Dates as people read them in the app: local time, day and minutes.

const formatter = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export function formatDateTime(date: Date | null): string {
  return date ? formatter.format(date) : '—';
}
