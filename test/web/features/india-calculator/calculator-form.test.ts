import { describe, expect, it } from 'vitest';
import { indianGreeks } from '@shared/market/india/greeks-calculator';
import { nseContract } from '@shared/market/india/nse-contracts';
import { RBI_REPO_RATE } from '@shared/market/india/repo-rate';
import { price } from '@shared/pricing';
import { blankForm, chooseUnderlying, kolkataToday, onStep, parseNumber, snapToStep, toInput } from '@web/features/india-calculator/lib/calculator-form';
import { formulaLines, texNumber } from '@web/features/india-calculator/lib/formula-tex';

// Monday 30 November 2026, 11:30 in India (06:00 UTC); 23:00 UTC the same Monday is already Tuesday in India.
const MONDAY = new Date('2026-11-30T06:00:00Z');

describe('the calculator form', () => {
  it('counts from the date in India, not the browser’s', () => {
    expect(kolkataToday(MONDAY)).toBe('2026-11-30');
    expect(kolkataToday(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12-01');
  });

  it('snaps a strike to the nearest on its step, keeping a fractional step exact', () => {
    expect(snapToStep(26_020, 50)).toBe(26_000);
    expect(snapToStep(26_030, 50)).toBe(26_050);
    expect(snapToStep(171.4, 2.5)).toBe(172.5);
    expect(onStep(26_000, 50)).toBe(true);
    expect(onStep(26_020, 50)).toBe(false);
    // Nothing to snap to without a step.
    expect(snapToStep(26_020, Number.NaN)).toBe(26_020);
  });

  it('reads numbers as an Indian learner types them', () => {
    expect(parseNumber('1,02,650')).toBe(102_650);
    expect(parseNumber('₹ 26,000.5')).toBe(26_000.5);
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber('abc')).toBeNaN();
  });

  it('fills NIFTY’s lot size, strike step and first listed expiry from the contract specifications', () => {
    const nifty = nseContract('NIFTY')!;
    const form = chooseUnderlying(blankForm(), 'NIFTY', '2026-11-30');
    expect(form.lotSize).toBe(String(nifty.lotSize));
    expect(form.strikeStep).toBe(String(nifty.strikeInterval));
    // The weekly of Tuesday 1 December 2026.
    expect(form.expiry).toBe('2026-12-01');
    expect(Number(form.strike) % nifty.strikeInterval).toBe(0);
    // The repo rate stays the RBI's.
    expect(Number(form.repoRate)).toBeCloseTo(RBI_REPO_RATE.rate * 100, 10);
    // Back to own inputs keeps what is there.
    expect(chooseUnderlying(form, '', '2026-11-30')).toEqual({ ...form, underlying: '' });
  });

  it('turns percentages into fractions and gives the pure calculator the expiry with the trade date, or the days', () => {
    const form = { ...chooseUnderlying(blankForm(), 'NIFTY', '2026-11-30'), spot: '26,000', strike: '26000', iv: '12.5', expiry: '2026-12-08' };
    expect(toInput(form, '2026-11-30')).toEqual({
      type: 'call',
      spot: 26_000,
      strike: 26_000,
      iv: 0.125,
      repoRate: RBI_REPO_RATE.rate,
      dividendYield: 0,
      lotSize: 65,
      expiry: '2026-12-08',
      today: '2026-11-30',
    });
    expect(toInput({ ...form, expiryMode: 'days', days: '8' }, '2026-11-30')).toMatchObject({ days: 8 });
    expect(toInput({ ...form, expiryMode: 'days', days: '' }, '2026-11-30').days).toBeNaN();
  });
});

describe('the formula with the learner’s numbers', () => {
  const input = { type: 'call' as const, spot: 26_000, strike: 25_900, iv: 0.12, days: 8, repoRate: 0.0525, dividendYield: 0, lotSize: 65 };
  const result = indianGreeks(input);
  if (!result.ok) throw new Error(result.error.message);

  it('writes numbers with Indian grouping and braced commas for TeX', () => {
    expect(texNumber(102_650.5, 2)).toBe('1{,}02{,}650.5');
    expect(texNumber(-0.00001)).toBe('0');
    expect(texNumber(-1.5)).toBe('-1.5');
  });

  it('walks from T and r to d1, d2, the price and the lot, each with the inputs’ numbers', () => {
    const lines = formulaLines(input, result.value);
    expect(lines.map((l) => l.label)).toEqual([
      'Time to expiry in years',
      'RBI repo rate compounded daily, as a continuous rate',
      'd1',
      'd2',
      'Call price per share',
      'Delta per share',
      'Premium per lot',
    ]);
    expect(lines[0]!.tex).toContain('\\frac{8\\ \\text{days}}{365}');
    expect(lines[1]!.tex).toContain('5.25\\%');
    expect(lines[2]!.tex).toContain('\\ln(26{,}000/25{,}900)');
    // The price line ends in the price BSM gives for these inputs, and the lot line multiplies it by 65.
    const bsm = price({ type: 'call', S: 26_000, K: 25_900, T: 8 / 365, r: result.value.r, q: 0, sigma: 0.12 });
    expect(lines[4]!.tex.endsWith(`&= \\text{₹}${texNumber(bsm, 2)} \\end{aligned}`)).toBe(true);
    expect(lines[6]!.tex).toContain('\\times 65 =');
    expect(lines[6]!.tex.endsWith(`\\text{₹}${texNumber(bsm * 65, 2)}`)).toBe(true);
    const oneDay = indianGreeks({ ...input, days: 1 });
    if (!oneDay.ok) throw new Error(oneDay.error.message);
    expect(formulaLines({ ...input, days: 1 }, oneDay.value)[0]!.tex).toContain('\\frac{1\\ \\text{day}}{365}');
  });

  it('on the expiry day shows the payoff, as the price is then', () => {
    const put = { ...input, type: 'put' as const, days: 0, strike: 26_100 };
    const atExpiry = indianGreeks(put);
    if (!atExpiry.ok) throw new Error(atExpiry.error.message);
    const lines = formulaLines(put, atExpiry.value);
    expect(lines.map((l) => l.label)).toContain('On the expiry day the option is worth what it pays');
    expect(lines.find((l) => l.label.startsWith('On the expiry day'))!.tex).toContain('= \\text{₹}100');
  });
});
