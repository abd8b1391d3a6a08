/**
 * CSV writing (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote or line break quoted, quotes
 * doubled). A text field starting with =, +, -, @, a tab or a carriage return is prefixed with an apostrophe so a
 * spreadsheet does not run it as a formula (OWASP, "CSV Injection"); a plain number such as -1.5 is left as it is.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole CSV document: the header line, then one line per row, each ended by CRLF. */
export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
