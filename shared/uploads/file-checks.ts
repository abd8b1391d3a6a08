import { UPLOAD_LIMITS } from './rows';

/** The messages an operator reads when a file is refused whole; nothing of such a file is stored. */
export const FILE_MESSAGES = {
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the largest accepted is ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB. Split it and upload the parts.`,
  empty: 'The file is empty. Upload a CSV file with a header line and at least one row.',
  binary: 'The file is not text (it holds binary data). Upload a CSV file saved as plain text (UTF-8).',
  notCsv: (detail: string) => `The file is not a readable CSV file: ${detail}. Nothing was stored from it.`,
  lineTooLong: (row: number) =>
    `Row ${row} is longer than ${UPLOAD_LIMITS.maxRecordBytes / 1024 / 1024} MB: the file is not a CSV of bars (a quote left open, or no line breaks). Nothing after it was read.`,
  noRows: 'The file has a header but no rows.',
  stopped: (row: number) =>
    `The upload stopped after row ${row} because of an error on our side. The rows before it are stored; upload the same file again to finish (rows already stored count as unchanged).`,
} as const;

/**
 * Whether the first bytes of a file are binary rather than text: a NUL byte, or bytes that are not UTF-8. A CSV
 * exported by a spreadsheet or a vendor is UTF-8 (or its ASCII subset); a spreadsheet's own format (xlsx is a zip,
 * xls an OLE file) or an image has NULs within its first kilobytes.
 */
export function looksBinary(head: Uint8Array): boolean {
  if (head.includes(0)) return true;
  // A multi-byte character cut at the end of the sample is not a fault of the file: drop up to 3 trailing bytes.
  let end = head.length;
  for (let back = 0; back < 3 && end > 0 && (head[end - 1]! & 0xc0) === 0x80; back++) end--;
  if (end > 0 && head[end - 1]! >= 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return false;
  } catch {
    return true;
  }
}
