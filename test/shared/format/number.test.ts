import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatLevel, formatNumber, formatPercent, orDash } from '@shared/format/number';
import { formatFixed, formatMoney, formatPrice } from '@shared/format/money';
import { NUMBER_STYLE_IDS, setNumberStyle, type NumberStyle } from '@shared/format/number-style';

const NNBSP = '\u202f';

/** The same figures in each of the four styles of Settings → Display (issue 20). */
const EXPECTED: Record<NumberStyle, Record<string, string>> = {
  'en-US': { big: '−1,234,567.89', percent: '14.9%', count: '12,346', level: '1,232.5', signed: '+0.50', compact: '1234.5' },
  'de-DE': { big: '−1.234.567,89', percent: '14,9%', count: '12.346', level: '1.232,5', signed: '+0,50', compact: '1234,5' },
  'fr-FR': { big: `−1${NNBSP}234${NNBSP}567,89`, percent: '14,9%', count: `12${NNBSP}346`, level: `1${NNBSP}232,5`, signed: '+0,50', compact: '1234,5' },
  si: { big: `−1${NNBSP}234${NNBSP}567.89`, percent: '14.9%', count: `12${NNBSP}346`, level: `1${NNBSP}232.5`, signed: '+0.50', compact: '1234.5' },
};

describe('plain figures in the learner’s number style', () => {
  afterEach(() => setNumberStyle('en-US'));

  it.each(NUMBER_STYLE_IDS)('writes every kind of figure in the %s style', (style) => {
    setNumberStyle(style);
    const e = EXPECTED[style];
    expect(formatNumber(-1_234_567.891)).toBe(e.big);
    expect(formatPercent(0.14866)).toBe(e.percent);
    expect(formatCount(12_345.6)).toBe(e.count);
    expect(formatLevel(1232.5)).toBe(e.level);
    expect(formatNumber(0.5, { sign: true })).toBe(e.signed);
    expect(formatNumber(1234.5, { digits: 1, grouping: false })).toBe(e.compact);
  });

  it('uses the minus sign money uses, and none on a figure that rounds to zero', () => {
    expect(formatNumber(-22.6)).toBe('−22.60');
    expect(formatMoney(-3)).toBe('−$3.00');
    expect(formatNumber(-0.004)).toBe('0.00');
    expect(formatNumber(-0.0002, { digits: 3 })).toBe('0.000');
    expect(formatNumber(0, { sign: true })).toBe('0.00');
    expect(formatNumber(-0.4, { digits: 0, sign: true })).toBe('0');
    expect(formatPercent(-0.0123, 1)).toBe('−1.2%');
  });

  it('rounds half away from zero to the decimals asked, and keeps only the decimals a figure has between minDigits and digits', () => {
    expect(formatNumber(1.005, { digits: 1 })).toBe('1.0');
    expect(formatNumber(2.5, { digits: 0 })).toBe('3');
    expect(formatNumber(-2.5, { digits: 0 })).toBe('−3');
    expect(formatNumber(0.12345, { digits: 4 })).toBe('0.1235');
    expect(formatNumber(577, { digits: 2, minDigits: 0 })).toBe('577');
    expect(formatNumber(577.5, { digits: 2, minDigits: 0 })).toBe('577.5');
    expect(formatNumber(3, { digits: 2, minDigits: 5 })).toBe('3.00');
  });

  it('writes zero and very large values', () => {
    expect(formatNumber(0)).toBe('0.00');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9_876_543_210)).toBe('9,876,543,210');
    setNumberStyle('de-DE');
    expect(formatCount(9_876_543_210)).toBe('9.876.543.210');
    expect(formatPercent(12.5, 0)).toBe('1.250%');
  });

  it('is what money.ts builds its plain figures on, so the two never drift', () => {
    setNumberStyle('de-DE');
    expect(formatFixed(-1234.5)).toBe(formatNumber(-1234.5));
    expect(formatPrice(598.12)).toBe('598,12');
    expect(formatMoney(-1234.5)).toBe('−$1.234,50');
  });

  it('writes a dash for a figure that is not there', () => {
    const pct = orDash((x: number, digits = 1) => formatPercent(x, digits));
    expect(pct(null)).toBe('—');
    expect(pct(undefined)).toBe('—');
    expect(pct(Number.NaN)).toBe('—');
    expect(pct(0.253)).toBe('25.3%');
    expect(pct(0.253, 0)).toBe('25%');
    expect(orDash(formatCount, '–')(null)).toBe('–');
  });
});
