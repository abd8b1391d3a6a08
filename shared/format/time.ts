/**
 * Times and dates as Options Academy writes them. An instant (a quote, a fill, a sync) is shown in New York time, where
 * the US market keeps its clock, with the zone named, whatever the reader's own zone. An expiry is a calendar date with
 * no time zone, so it is written as that date everywhere.
 */
const DASH = '-';

/**
 * A formatter made on first use: building one with a time zone loads the zone's data, which costs a phone tens of
 * milliseconds at start-up, so a page pays only for the formats it shows.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-US', options));
}

const NEW_YORK = lazyFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' });
const NEW_YORK_WITH_YEAR = lazyFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
});
const NEW_YORK_YEAR = lazyFormat({ year: 'numeric', timeZone: 'America/New_York' });
const LONG_DATE = lazyFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const SHORT_DATE = lazyFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const MEDIUM_DATE = lazyFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const MONTH_YEAR = lazyFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY_IN_WORDS = lazyFormat({ weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * An instant in New York time with its zone (issue 24): "Nov 24, 4:00 PM ET" this year, "Dec 31, 2025, 4:00 PM ET"
 * another year (`now` decides which); a dash if unreadable. ET covers both EST and EDT, as US market hours are written.
 */
export function formatNewYorkTime(instant: string | Date, now: Date = new Date()): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return DASH;
  const sameYear = NEW_YORK_YEAR().format(date) === NEW_YORK_YEAR().format(now);
  return `${(sameYear ? NEW_YORK() : NEW_YORK_WITH_YEAR()).format(date)} ET`;
}

/** A calendar date (YYYY-MM-DD): "Fri, Nov 27, 2026". */
export const formatDate = (isoDate: string): string => LONG_DATE().format(new Date(`${isoDate}T00:00:00Z`));

/** An expiry or another calendar date in a table or a name, with its year: "Jan 15, 2027" (never "2027-01-15"). */
export const formatExpiry = (isoDate: string): string => MEDIUM_DATE().format(new Date(`${isoDate}T00:00:00Z`));

/** A calendar date in short, for labels and axes: "Nov 27". */
export const formatShortDate = (isoDate: string): string => SHORT_DATE().format(new Date(`${isoDate}T00:00:00Z`));

/** The month of a calendar date, in words: "December 2026". */
export const formatMonth = (isoDate: string): string => MONTH_YEAR().format(new Date(`${isoDate}T00:00:00Z`));

/** A calendar date in a sentence: "Monday, November 30". */
export const formatDayInWords = (isoDate: string): string => DAY_IN_WORDS().format(new Date(`${isoDate}T00:00:00Z`));
