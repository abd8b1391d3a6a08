import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '@shared/text/csv';

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('SPY')).toBe('SPY');
    expect(csvField(412.5)).toBe('412.5');
    expect(csvField(-1.25)).toBe('-1.25');
    expect(csvField('-3')).toBe('-3');
  });

  it('writes nothing for a missing value', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx'])('prefixes the formula-looking text %j with an apostrophe', (cell) => {
    expect(csvField(cell).replace(/^"/, '')).toMatch(/^'/);
  });

  it('escapes a formula cell that also needs quoting', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('toCsv', () => {
  it('writes the header and each row on its own CRLF-ended line', () => {
    expect(
      toCsv(
        ['ticker', 'close'],
        [
          ['SPY', 601.2],
          ['=BAD', null],
        ],
      ),
    ).toBe("ticker,close\r\nSPY,601.2\r\n'=BAD,\r\n");
  });
});
