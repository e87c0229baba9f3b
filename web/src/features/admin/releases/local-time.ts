/** A time as a datetime-local input holds it (this computer's time, to the minute), and back. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A datetime-local value (this computer's time) as the ISO time the API takes. */
export function fromLocalInput(value: string): string {
  return new Date(value).toISOString();
}
