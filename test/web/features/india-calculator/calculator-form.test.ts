import { describe, expect, it } from 'vitest';
import { INDIAN_GREEKS_MESSAGES, indianGreeks } from '@shared/market/india/greeks-calculator';
import { RBI_REPO_RATE } from '@shared/market/india/repo-rate';
import { price } from '@shared/pricing';
import {
  atTheMoneyStrike,
  blankForm,
  contractFromChain,
  contractInput,
  fieldErrors,
  formFromContract,
  holidaysUnknownFor,
  kolkataToday,
  onStep,
  parseNumber,
  snapToStep,
  toInput,
  type CalculatorForm,
} from '@web/features/india-calculator/lib/calculator-form';
import { formulaLines, texNumber } from '@web/features/india-calculator/lib/formula-tex';
import { niftyChain } from './fixtures';

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

  it('turns percentages into fractions and gives the pure calculator the expiry with the trade date, or the days', () => {
    const form: CalculatorForm = { ...blankForm(), spot: '26,000', strike: '26000', lotSize: '65', iv: '12.5', expiry: '2026-12-08' };
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

describe('the errors beside the fields', () => {
  const good: CalculatorForm = { ...blankForm(), spot: '26,000', strike: '25,900', lotSize: '65', iv: '12', expiry: '2026-12-08' };

  it('finds nothing wrong in a complete form, and the pure calculator prices it', () => {
    expect(fieldErrors(good, '2026-11-30')).toEqual({});
    expect(indianGreeks(toInput(good, '2026-11-30')).ok).toBe(true);
  });

  it('names every empty field of a blank form, but not the repo rate and dividend it starts with', () => {
    expect(Object.keys(fieldErrors(blankForm(), '2026-11-30')).sort()).toEqual(['expiry', 'iv', 'lotSize', 'spot', 'strike']);
  });

  // One field wrong at a time: the field's error is the very message the pure calculator refuses the input with.
  it.each([
    ['spot', { spot: '-5' }],
    ['strike', { strike: 'abc' }],
    ['iv', { iv: '0' }],
    ['iv', { iv: '600' }],
    ['lotSize', { lotSize: '65.5' }],
    ['repoRate', { repoRate: '101' }],
    ['dividendYield', { dividendYield: '-1' }],
    ['expiry', { expiry: '2026-11-27' }],
    ['days', { expiryMode: 'days', days: '-1' }],
  ] as const)('puts the calculator’s own words beside %s', (name, patch) => {
    const form = { ...good, ...patch } as CalculatorForm;
    const errors = fieldErrors(form, '2026-11-30');
    expect(Object.keys(errors)).toEqual([name]);
    const result = indianGreeks(toInput(form, '2026-11-30'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(errors[name]).toBe(result.error.message);
  });

  it('asks for an expiry date that is missing, which the calculator cannot word for a field', () => {
    expect(fieldErrors({ ...good, expiry: '' }, '2026-11-30')).toEqual({ expiry: 'Choose the expiry date.' });
    expect(fieldErrors({ ...good, expiry: '2026-11-27' }, '2026-11-30').expiry).toBe(INDIAN_GREEKS_MESSAGES.expired);
  });
});

describe('a contract chosen from the NSE chain', () => {
  it('opens on the strike nearest the spot, a call, with days counted from the chain’s date as NSE counts them', () => {
    const chain = niftyChain();
    expect(atTheMoneyStrike(chain)).toBe(26_000);
    const c = contractFromChain(chain, null, 'call')!;
    expect(c).toMatchObject({ underlying: 'NIFTY', strike: 26_000, type: 'call', expiry: '2026-12-01', spot: 26_012.35, iv: 0.1234, lotSize: 65 });
    // Friday 27 November to Tuesday 1 December: 4 calendar days.
    expect(c.daysToExpiry).toBe(4);
    expect(c.session).toBe('2026-11-27');
  });

  it('takes the strike and side asked for, and the at-the-money strike when the one asked for is not listed', () => {
    const chain = niftyChain();
    expect(contractFromChain(chain, 25_950, 'put')).toMatchObject({ strike: 25_950, type: 'put', iv: 0.1301, tradingsymbol: 'NIFTY26120125950PE' });
    expect(contractFromChain(chain, 30_000, 'call')!.strike).toBe(26_000);
  });

  it('prices with the contract’s own figures: BSM on the chain’s spot, IV, repo rate and dividend yield', () => {
    const c = contractFromChain(niftyChain(), null, 'call')!;
    const input = contractInput(c)!;
    expect(input).toEqual({ type: 'call', spot: 26_012.35, strike: 26_000, days: 4, iv: 0.1234, repoRate: 0.0525, dividendYield: 0.012, lotSize: 65 });
    const res = indianGreeks(input);
    if (!res.ok) throw new Error(res.error.message);
    const bsm = price({ type: 'call', S: 26_012.35, K: 26_000, T: 4 / 365, r: 365 * Math.log1p(0.0525 / 365), q: 0.012, sigma: 0.1234 });
    expect(res.value.perShare.price).toBeCloseTo(bsm, 9);
    expect(res.value.perLot.price).toBeCloseTo(bsm * 65, 7);
  });

  it('cannot be priced when the chain has no IV for it', () => {
    const c = contractFromChain(niftyChain(), 26_050, 'call')!;
    expect(c.iv).toBeNull();
    expect(contractInput(c)).toBeNull();
  });

  it('keeps its values when the learner switches to own inputs, and they price the same', () => {
    const c = contractFromChain(niftyChain(), null, 'put')!;
    const form = formFromContract(c, 50);
    expect(form).toMatchObject({
      underlying: 'NIFTY',
      type: 'put',
      spot: '26012.35',
      strike: '26000',
      strikeStep: '50',
      lotSize: '65',
      expiryMode: 'days',
      days: '4',
      iv: '13.01',
      repoRate: '5.25',
      dividendYield: '1.2',
    });
    expect(fieldErrors(form, '2026-11-30')).toEqual({});
    const own = indianGreeks(toInput(form, '2026-11-30'));
    const chosen = indianGreeks(contractInput(c)!);
    if (!own.ok || !chosen.ok) throw new Error('not priced');
    expect(own.value.perShare.price).toBeCloseTo(chosen.value.perShare.price, 9);
    expect(own.value.daysToExpiry).toBe(4);
  });

  it('says when an expiry is in a year whose NSE holiday list the calendar lacks', () => {
    expect(holidaysUnknownFor('2026-12-29')).toBe(false);
    expect(holidaysUnknownFor('2027-01-25')).toBe(true);
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
    // d1 one step a line: ln(26,000/25,900) = 0.0038535… to four significant digits, then the quotient.
    expect(lines[2]!.tex).toContain('\\ln(S/K) &= \\ln(26{,}000/25{,}900) = 0.003854');
    const T = 8 / 365;
    const d1 = (Math.log(26_000 / 25_900) + (result.value.r + 0.12 ** 2 / 2) * T) / (0.12 * Math.sqrt(T));
    expect(lines[2]!.tex.endsWith(`= ${texNumber(d1)} \\end{aligned}`)).toBe(true);
    // The price line ends in the price BSM gives for these inputs, and the lot line multiplies it by 65.
    const bsm = price({ type: 'call', S: 26_000, K: 25_900, T: 8 / 365, r: result.value.r, q: 0, sigma: 0.12 });
    expect(lines[4]!.tex.endsWith(`&= \\text{₹}${texNumber(bsm, 2, 2)} \\end{aligned}`)).toBe(true);
    expect(lines[6]!.tex).toContain('\\times 65 =');
    // Rupees always with their paise, as the tables show them.
    expect(lines[6]!.tex.endsWith(`\\text{₹}${texNumber(bsm * 65, 2, 2)}`)).toBe(true);
    expect(lines[6]!.tex).toMatch(/\.\d{2}$/);
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
    expect(lines.find((l) => l.label.startsWith('On the expiry day'))!.tex).toContain('= \\text{₹}100.00');
  });
});
