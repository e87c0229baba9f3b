/** A draw's times as the shopper reads them: their own locale and time zone. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

export const localDateTime = (iso: string) => dateTime.format(new Date(iso));
export const localTime = (iso: string) => timeOnly.format(new Date(iso));
