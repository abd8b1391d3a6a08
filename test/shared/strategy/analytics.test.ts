import { describe, expect, it } from 'vitest';
import { americanGreeks, americanPrice, price } from '@shared/pricing';
import { normCdf } from '@shared/pricing/normal-distribution';
import type { OptionContract } from '@shared/market/chain';
import {
  EARLY_EXERCISE_SHOWN_FROM,
  EARLY_EXERCISE_WHY,
  POP_METHOD,
  analyzeAtExpiry,
  atmImpliedVol,
  earlyExercisePremium,
  expectedMove,
  fundsAndMargins,
  netDebitCredit,
  payoffCurve,
  pnlTable,
  positionGreeks,
  probabilityOfProfit,
  rewardRisk,
  strategySummary,
  tableDates,
  timeValue,
} from '@shared/strategy';
import { EXPIRY, buyCall, buyPut, sellCall, sellPut } from './support/legs';

const ASOF = '2026-11-18'; // 30 days before EXPIRY
const T30 = 30 / 365;
const iv = { iv: 0.25 };
const bullCall = [buyCall(100, 3, 1, iv), sellCall(105, 1.2, 1, iv)];

describe('payoffCurve', () => {
  it('spans 70%-130% of the spot in 100 points by default', () => {
    const curve = payoffCurve(bullCall, { spot: 100, asOf: ASOF });
    expect(curve).toHaveLength(100);
    expect(curve[0]!.price).toBeCloseTo(70, 12);
    expect(curve[99]!.price).toBeCloseTo(130, 12);
  });

  it('gives the exact expiry payoff and, on the target date, each leg at its Black-Scholes value', () => {
    const curve = payoffCurve(bullCall, { spot: 100, asOf: ASOF, points: 7, from: 0.94, to: 1.06 });
    const at100 = curve[3]!;
    expect(at100.price).toBeCloseTo(100, 12);
    expect(at100.expiry).toBeCloseTo(-180, 9);
    const model = (K: number) => price({ type: 'call', S: 100, K, T: T30, r: 0.04, q: 0, sigma: 0.25 });
    expect(at100.target).toBeCloseTo(100 * (model(100) - 3) - 100 * (model(105) - 1.2), 6);
    expect(curve[6]!.expiry).toBeCloseTo(320, 9); // 106: above the sold strike
  });

  it('on the expiry date the target line is the expiry line; the multiplier scales both; no date, no target', () => {
    const curve = payoffCurve(bullCall, { spot: 100, targetDate: EXPIRY, points: 5, multiplier: 2 });
    for (const p of curve) expect(p.target).toBeCloseTo(p.expiry, 9);
    expect(curve[4]!.expiry).toBeCloseTo(640, 9);
    expect(payoffCurve(bullCall, { spot: 100, points: 3 })[0]!.target).toBeNull();
  });
});

describe('American-style legs before expiry', () => {
  const deepPut = buyPut(120, 20.5, 1, iv); // XYZ at 100: $20 in the money
  const put = (S: number, T: number) => ({ type: 'put', S, K: 120, T, r: 0.04, q: 0, sigma: 0.25 }) as const;

  it('the today curve values a deep in-the-money put as American: never below what exercising pays', () => {
    const curve = payoffCurve([deepPut], { spot: 100, asOf: ASOF, points: 31 });
    for (const p of curve) {
      expect(p.target!).toBeCloseTo(100 * (americanPrice(put(p.price, T30)) - 20.5), 6);
      expect(p.target!).toBeGreaterThanOrEqual(p.expiry - 1e-9);
    }
    // The European formula would show it worth less than exercising it today.
    expect(100 * (price(put(90, T30)) - 20.5)).toBeLessThan(curve.find((p) => Math.abs(p.price - 90) < 1e-9)!.expiry);
  });

  it('the P&L table values it the same way on every date before expiry', () => {
    const t = pnlTable([deepPut], { spot: 100, asOf: ASOF });
    expect(t.pnl[0]![0]).toBeCloseTo(100 * (americanPrice(put(90, T30)) - 20.5), 6); // 90, today
    expect(t.pnl[0]![1]).toBeCloseTo(100 * (americanPrice(put(90, 24 / 365)) - 20.5), 6); // 90, six days on
  });

  it('gives the early-exercise premium per share: American − European, for puts and for calls on a dividend payer', () => {
    const options = { spot: 100, asOf: ASOF };
    const premium = earlyExercisePremium(deepPut, options);
    expect(premium).toBeCloseTo(americanPrice(put(100, T30)) - price(put(100, T30)), 12);
    expect(premium).toBeGreaterThanOrEqual(EARLY_EXERCISE_SHOWN_FROM);
    expect(EARLY_EXERCISE_WHY.put).toMatch(/interest/);
    // A call is never exercised early without a dividend; with a 6% yield a deep in-the-money one is.
    expect(earlyExercisePremium(buyCall(80, 20.5, 1, iv), options)).toBeLessThan(1e-12);
    expect(earlyExercisePremium(buyCall(80, 20.5, 1, iv), { ...options, q: 0.06 })).toBeGreaterThanOrEqual(EARLY_EXERCISE_SHOWN_FROM);
    expect(EARLY_EXERCISE_WHY.call).toMatch(/dividend/);
    // Nothing for a European-style (index) option, nor at expiry; under a cent for a put $10 out of the money.
    expect(earlyExercisePremium({ ...deepPut, underlying: 'SPX' }, options)).toBe(0);
    expect(earlyExercisePremium(deepPut, { spot: 100, asOf: EXPIRY })).toBe(0);
    expect(earlyExercisePremium(buyPut(90, 0.35, 1, iv), options)).toBeLessThan(EARLY_EXERCISE_SHOWN_FROM);
  });
});

describe('probabilityOfProfit (lognormal, risk-neutral drift, at the breakevens)', () => {
  it('single long call: POP = P(S_T > K + premium) = Φ(d₂) with d₂ = [ln(S/B) + (r − σ²/2)T] / (σ√T)', () => {
    // By hand: B = 103, σ√T = 0.25·√(30/365) = 0.0716728, d₂ = (ln(100/103) + (0.04 − 0.03125)·0.0821918) / 0.0716728
    //        = (−0.0295588 + 0.0007192) / 0.0716713 = −0.402379; Φ(−0.402379) = 0.343703 (scipy: 0.34370253211869445).
    const d2 = (Math.log(100 / 103) + (0.04 - 0.25 ** 2 / 2) * T30) / (0.25 * Math.sqrt(T30));
    expect(d2).toBeCloseTo(-0.402379, 6);
    const pop = probabilityOfProfit([buyCall(100, 3)], { spot: 100, iv: 0.25, T: T30, r: 0.04, q: 0 });
    expect(pop.probability).toBeCloseTo(normCdf(d2), 12);
    expect(pop.probability).toBeCloseTo(0.34370253211869445, 10);
    expect(pop.breakevens).toEqual([103]);
  });

  it('two-sided positions add the profitable ranges (scipy reference values)', () => {
    const opts = { spot: 100, iv: 0.25, T: T30, r: 0.04, q: 0 };
    expect(probabilityOfProfit([buyCall(100, 3), buyPut(100, 2.7)], opts).probability).toBeCloseTo(0.42619618925739217, 10); // P(S<94.3) + P(S>105.7)
    const condor = [buyPut(90, 0.35), sellPut(95, 1.05), sellCall(105, 1.2), buyCall(110, 0.4)];
    expect(probabilityOfProfit(condor, opts).probability).toBeCloseTo(0.6358413426424716, 10); // P(93.5 < S < 106.5)
  });

  it('is 1 for a position that cannot lose, 0 for one that cannot win, and explains itself in one sentence', () => {
    const opts = { spot: 100, iv: 0.25, T: T30 };
    expect(probabilityOfProfit([buyCall(100, 0.0)], { ...opts }).probability).toBeCloseTo(
      normCdf((Math.log(1) + (0.04 - 0.03125) * T30) / (0.25 * Math.sqrt(T30))),
      10,
    );
    expect(probabilityOfProfit([buyCall(100, 0), sellCall(105, 0.5)], opts).probability).toBe(1);
    expect(probabilityOfProfit([buyCall(100, 6), sellCall(105, 1)], opts).probability).toBe(0);
    expect(POP_METHOD.split('. ')).toHaveLength(1);
    expect(POP_METHOD).toMatch(/lognormal/);
  });
});

describe('expectedMove', () => {
  it('±1σ and ±2σ bands from σ√T', () => {
    const m = expectedMove(100, 0.25, T30);
    // σ√T = 0.25·√(30/365) = 0.0716728; bands 100·e^{±0.0716728} and 100·e^{±0.1433455}.
    expect(m.sigma).toBeCloseTo(0.0716728, 6);
    expect(m.move).toBeCloseTo(7.16728, 4);
    expect(m.oneSigma.low).toBeCloseTo(93.0836, 3);
    expect(m.oneSigma.high).toBeCloseTo(107.4303, 3);
    expect(m.twoSigma.low).toBeCloseTo(86.6455, 3);
    expect(m.twoSigma.high).toBeCloseTo(115.4129, 3);
  });
});

describe('pnlTable', () => {
  it('10 rows from 90% in 2% steps, 6 date columns from today to expiry', () => {
    const t = pnlTable(bullCall, { spot: 100, asOf: ASOF });
    expect(t.prices).toEqual([90, 92, 94, 96, 98, 100, 102, 104, 106, 108]);
    expect(t.dates).toEqual(['2026-11-18', '2026-11-24', '2026-11-30', '2026-12-06', '2026-12-12', '2026-12-18']);
    expect(t.pnl).toHaveLength(10);
    for (const row of t.pnl) expect(row).toHaveLength(6);
    const expiryColumn = t.pnl.map((row) => row[5]);
    expect(expiryColumn).toEqual([-180, -180, -180, -180, -180, -180, 20, 220, 320, 320]);
    const model = (K: number) => price({ type: 'call', S: 100, K, T: T30, r: 0.04, q: 0, sigma: 0.25 });
    expect(t.pnl[5]![0]).toBeCloseTo(100 * (model(100) - 3 - model(105) + 1.2), 5);
  });

  it('fewer columns when expiry is close, one when it is today', () => {
    expect(tableDates('2026-12-15', EXPIRY, 6)).toEqual(['2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18']);
    expect(tableDates(EXPIRY, EXPIRY, 6)).toEqual([EXPIRY]);
    expect(pnlTable(bullCall, { spot: 100, asOf: EXPIRY }).dates).toEqual([EXPIRY]);
  });
});

describe('positionGreeks: Σ ±quantity × multiplier × 100 × leg Greek (theta per day, vega and rho per 1%)', () => {
  it('bull call spread × 2 lots matches the hand-summed Black-Scholes Greeks (scipy)', () => {
    const g = positionGreeks(bullCall, { spot: 100, asOf: ASOF, multiplier: 2 });
    expect(g.delta).toBeCloseTo(51.596607, 5);
    expect(g.gamma).toBeCloseTo(1.791308, 5);
    expect(g.theta).toBeCloseTo(-2.058473, 5);
    expect(g.vega).toBeCloseTo(3.680769, 5);
    expect(g.rho).toBeCloseTo(3.936142, 5);
  });

  it('a European-style synthetic long future has delta 100 and no gamma or vega (put-call parity)', () => {
    const index = { ...iv, underlying: 'SPX' }; // cash-settled index options are European-style
    const g = positionGreeks([buyCall(100, 3, 1, index), sellPut(100, 2.7, 1, index)], { spot: 100, asOf: ASOF, q: 0 });
    expect(g.delta).toBeCloseTo(100, 9);
    expect(g.gamma).toBeCloseTo(0, 12);
    expect(g.vega).toBeCloseTo(0, 12);
    // theta of C − P = −r·K·e^{−rT} per year: the carry of the forward.
    expect(g.theta).toBeCloseTo((-100 * 0.04 * 100 * Math.exp(-0.04 * T30)) / 365, 9);
  });

  it('an American-style one takes its legs’ American Greeks: the sold put can be exercised early, so it is not a future', () => {
    const g = positionGreeks([buyCall(100, 3, 1, iv), sellPut(100, 2.7, 1, iv)], { spot: 100, asOf: ASOF });
    const leg = (type: 'call' | 'put') => americanGreeks({ type, S: 100, K: 100, T: T30, r: 0.04, q: 0, sigma: 0.25 });
    expect(g.delta).toBeCloseTo(100 * (leg('call').delta - leg('put').delta), 9);
    expect(g.vega).toBeCloseTo((100 * (leg('call').vega - leg('put').vega)) / 100, 9);
    expect(g.delta).toBeGreaterThan(100.1);
    expect(g.gamma).toBeLessThan(-0.01); // short the early-exercise premium's convexity
  });

  it('solves a missing IV from the premium at the spot', () => {
    const premium = price({ type: 'call', S: 100, K: 100, T: T30, r: 0.04, q: 0, sigma: 0.32 });
    const solved = positionGreeks([buyCall(100, premium)], { spot: 100, asOf: ASOF });
    const given = positionGreeks([buyCall(100, premium, 1, { iv: 0.32 })], { spot: 100, asOf: ASOF });
    expect(solved.vega).toBeCloseTo(given.vega, 8);
  });
});

describe('summary tiles', () => {
  it('reward/risk', () => {
    expect(rewardRisk({ maxProfit: 320, maxLoss: -180 })).toBeCloseTo(1.777778, 6);
    expect(rewardRisk({ maxProfit: Infinity, maxLoss: -300 })).toBe(Infinity);
    expect(rewardRisk({ maxProfit: 120, maxLoss: -Infinity })).toBe(0);
    expect(rewardRisk({ maxProfit: Infinity, maxLoss: -Infinity })).toBeNull();
    expect(rewardRisk({ maxProfit: 50, maxLoss: 10 })).toBeNull();
  });

  it('net debit or credit', () => {
    expect(netDebitCredit(bullCall)).toEqual({ kind: 'debit', amount: 180, netPremium: -180 });
    expect(netDebitCredit([sellCall(105, 1.2), buyCall(110, 0.4)], 2)).toEqual({ kind: 'credit', amount: 160, netPremium: 160 });
    expect(netDebitCredit([buyCall(100, 1), sellPut(100, 1)]).kind).toBe('even');
  });

  it('time value: Σ ±(premium − intrinsic at the spot), + bought, − sold', () => {
    // At 102: the 100 call has $2 intrinsic, so $1 of its $3 is time value (+$100); the 105 call is all time value (−$120).
    expect(timeValue(bullCall, 102)).toBe(-20);
    expect(timeValue([buyCall(100, 3), buyPut(100, 2.7)], 100)).toBe(570);
  });

  it('ATM implied volatility of a chain: mean IV at the listed strike nearest the spot', () => {
    const c = (strike: number, type: 'call' | 'put', iv: number | null) =>
      ({ strike_price: strike, contract_type: type, implied_volatility: iv, expiration_date: EXPIRY }) as OptionContract;
    expect(atmImpliedVol([c(95, 'call', 0.3), c(100, 'call', 0.24), c(100, 'put', 0.26), c(105, 'put', 0.2)], 101)).toBeCloseTo(0.25, 12);
    expect(atmImpliedVol([c(100, 'call', null)], 100)).toBeNull();
  });

  it('strategySummary brings the tiles together, with the lognormal POP', () => {
    const s = strategySummary(bullCall, { spot: 100, asOf: ASOF, iv: 0.25 });
    expect(s).toMatchObject({
      maxProfit: 320,
      maxLoss: -180,
      breakevens: [101.8],
      netPremium: -180,
      debitCredit: { kind: 'debit', amount: 180 },
      timeValue: 180,
      popMethod: POP_METHOD,
    });
    expect(s.rewardRisk).toBeCloseTo(320 / 180, 12);
    const d2 = (Math.log(100 / 101.8) + (0.04 - 0.03125) * T30) / (0.25 * Math.sqrt(T30));
    expect(s.pop).toBeCloseTo(normCdf(d2), 12);
    expect(strategySummary(bullCall, { spot: 100 }).pop).toBeNull();
    expect(analyzeAtExpiry(bullCall)).toMatchObject({ maxProfit: s.maxProfit, maxLoss: s.maxLoss });
  });
});

describe('fundsAndMargins (paper account, cash-style: net debit + what requirement() reserves)', () => {
  it('a debit spread needs its debit and reserves nothing', () => {
    expect(fundsAndMargins(bullCall)).toEqual({ netDebit: 180, margin: 0, required: 180, nakedCalls: 0, allowed: true, message: null });
  });

  it('a credit spread reserves its width: required = width − credit = max loss', () => {
    expect(fundsAndMargins([sellCall(105, 1.2), buyCall(110, 0.4)])).toMatchObject({ netDebit: -80, margin: 500, required: 420, allowed: true });
  });

  it('a cash-secured put reserves strike × 100', () => {
    expect(fundsAndMargins([sellPut(95, 1.05)])).toMatchObject({ margin: 9500, required: 9395 });
  });

  it('an iron condor reserves the wider side only', () => {
    expect(fundsAndMargins([buyPut(90, 0.35), sellPut(95, 1.05), sellCall(105, 1.2), buyCall(112, 0.3)])).toMatchObject({ margin: 700, required: 540 });
  });

  it('naked short calls make it impossible; shares held cover them', () => {
    const naked = fundsAndMargins([sellCall(105, 1.2)], { multiplier: 2 });
    expect(naked).toMatchObject({ nakedCalls: 2, allowed: false });
    expect(naked.message).toMatch(/Naked short calls are not allowed/);
    expect(fundsAndMargins([sellCall(105, 1.2)], { sharesHeld: 100 })).toEqual({
      netDebit: -120,
      margin: 0,
      required: -120,
      nakedCalls: 0,
      allowed: true,
      message: null,
    });
  });

  it("a calendar's later long call covers the sold call; a ratio spread's extra sold call does not", () => {
    expect(fundsAndMargins([sellCall(100, 2), buyCall(100, 3.2, 1, { expiration: '2027-01-15' })])).toMatchObject({ margin: 0, required: 120, allowed: true });
    expect(fundsAndMargins([buyCall(100, 3), sellCall(105, 1.2, 2)])).toMatchObject({ nakedCalls: 1, allowed: false });
  });
});
