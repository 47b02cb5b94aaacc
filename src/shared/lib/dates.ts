/** DD-MM-yyyy, the console's date format (spec §9), in the browser's time zone. */
export function formatFrenchDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** DD-MM-yyyy HH:mm, in the browser's time zone: when something happened today matters. */
export function formatFrenchDateTime(iso: string | null | undefined): string {
  const day = formatFrenchDate(iso);
  if (!day) return '';
  const date = new Date(iso as string);
  return `${day} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** DD-MM-yyyy HH:mm in a given IANA time zone (scheduled sends are shown in TIMEZONE). */
export function formatDateTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** `yyyy-MM-ddTHH:mm` in a given IANA time zone: the value of a `datetime-local` field showing an instant there. */
export function wallClockIn(iso: string | null | undefined, timeZone: string): string {
  const shown = formatDateTimeIn(iso, timeZone);
  if (!shown) return '';
  const [, day, month, year, time] = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}:\d{2})$/.exec(shown) ?? [];
  return `${year}-${month}-${day}T${time}`;
}

/** The first 10 characters of a date string (YYYY-MM-DD), as video cards show it (spec §2.2). */
export function shortDate(value: string | null | undefined): string {
  return (value ?? '').slice(0, 10);
}
