import { describe, expect, it } from 'vitest';
import { BASE_COLUMNS, chainModel, GREEK_COLUMNS } from '@web/features/chain/lib/columns';
import { formatMoney } from '@shared/format/money';
import { formatNewYorkTime as formatAsOf, formatDate as formatExpiryDate } from '@shared/format/time';
import { formatAge, formatCompact, formatDaysToExpiry, formatGreek, formatIv, formatStrike } from '@web/features/chain/lib/format';

describe('chain formatting (spec part 2 §2, §9)', () => {
  it('abbreviates volume and open interest with K from 1,000 and M from 1,000,000', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1_000)).toBe('1.0K');
    expect(formatCompact(1_234)).toBe('1.2K');
    expect(formatCompact(62_720)).toBe('62.7K');
    expect(formatCompact(999_949)).toBe('999.9K');
    expect(formatCompact(999_950)).toBe('1.0M');
    expect(formatCompact(3_400_000)).toBe('3.4M');
  });

  it('writes IV as a percent with one decimal', () => {
    expect(formatIv(0.14866)).toBe('14.9%');
    expect(formatIv(0.2)).toBe('20.0%');
    expect(formatIv(1.5)).toBe('150.0%');
  });

  it('shows a dash for every empty value', () => {
    expect(formatCompact(null)).toBe('-');
    expect(formatIv(null)).toBe('-');
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined, 'INR')).toBe('-');
    expect(formatGreek('delta', null)).toBe('-');
    expect(formatIv(Number.NaN)).toBe('-');
  });

  it('uses the dollar sign for US prices and the rupee sign with Indian grouping for INR', () => {
    expect(formatMoney(4.7)).toBe('$4.70');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(123456.789, 'INR')).toBe('₹1,23,456.79');
    expect(formatMoney(24150, 'INR')).toBe('₹24,150.00');
    expect(formatStrike(577)).toBe('$577');
    expect(formatStrike(577.5)).toBe('$577.50');
    expect(formatStrike(125000, 'INR')).toBe('₹1,25,000');
  });

  it('rounds the Greeks to their decimals and drops the sign of a zero', () => {
    expect(formatGreek('delta', 0.50331)).toBe('0.503');
    expect(formatGreek('delta', -0.18649)).toBe('−0.186');
    expect(formatGreek('gamma', 0.033595)).toBe('0.0336');
    expect(formatGreek('theta', -0.35996)).toBe('−0.360');
    expect(formatGreek('theta', -0.0002)).toBe('0.000');
    expect(formatGreek('vega', 0.31851)).toBe('0.319');
  });

  it('says days to expiry as Today, 1 day or N days', () => {
    expect(formatDaysToExpiry(0)).toBe('Today');
    expect(formatDaysToExpiry(1)).toBe('1 day');
    expect(formatDaysToExpiry(6)).toBe('6 days');
  });

  it('writes an expiry as its calendar date whatever the time zone, and quote times in New York time', () => {
    expect(formatExpiryDate('2026-11-27')).toBe('Fri, Nov 27, 2026');
    const now = new Date('2026-11-25T15:00:00Z');
    expect(formatAsOf('2026-11-20T21:00:00.000Z', now)).toBe('Nov 20, 4:00 PM ET');
    expect(formatAsOf('2026-07-17T20:00:00.000Z', now)).toBe('Jul 17, 4:00 PM ET');
  });

  it('says how old a quote is', () => {
    const asOf = '2026-11-20T21:00:00.000Z';
    expect(formatAge(asOf, new Date('2026-11-20T21:00:30Z'))).toBe('just now');
    expect(formatAge(asOf, new Date('2026-11-20T21:12:00Z'))).toBe('12 min old');
    expect(formatAge(asOf, new Date('2026-11-21T00:30:00Z'))).toBe('3 h old');
    expect(formatAge(asOf, new Date('2026-11-21T21:00:00Z'))).toBe('1 day old');
    expect(formatAge(asOf, new Date('2026-11-24T22:00:00Z'))).toBe('4 days old');
  });
});

describe('the chain model', () => {
  it('is the model all contracts were priced with, and none for a mixed or empty chain', () => {
    expect(chainModel([{ pricing_model: 'american' }, { pricing_model: 'american' }])).toBe('american');
    expect(chainModel([{ pricing_model: 'european' }])).toBe('european');
    expect(chainModel([{ pricing_model: 'american' }, { pricing_model: 'european' }])).toBeNull();
    expect(chainModel([])).toBeNull();
  });

  it('is named in the IV and Greek tooltips, not in the quote columns', () => {
    const [iv, delta, bid] = [BASE_COLUMNS.find((c) => c.id === 'iv')!, GREEK_COLUMNS[0]!, BASE_COLUMNS[0]!];
    expect(iv.help('USD', 'european')).toContain('Black-Scholes-Merton');
    expect(delta.help('USD', 'american')).toContain('Andersen-Lake-Offengenden');
    expect(bid.help('USD', 'american')).not.toContain('model');
    expect(iv.help('USD', null)).not.toContain('model');
  });
});
