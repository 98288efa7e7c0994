/** "17 s", "4 min 5 s", "3 h 20 min": how long until a retry may be sent. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const rest = seconds % 60;
    return `${Math.floor(seconds / 60)} min${rest ? ` ${rest} s` : ''}`;
  }
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${Math.floor(seconds / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

const count = new Intl.NumberFormat();

export const formatCount = (value: number): string => count.format(value);

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** "19:46" for a time later today, else the date too. */
export function formatTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? time.format(at) : dateTime.format(at);
}
