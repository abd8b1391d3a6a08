import { describe, expect, it } from 'vitest';
import { templateById } from '@shared/strategy';
import { americanPrice } from '@shared/pricing';
import { closePrice, dayVolLevel } from '@shared/market/simulated-day';
import { isTradingDay } from '@shared/market/calendar';
import { underlyingProfile } from '@shared/market/underlyings';
import { atmVol } from '@shared/market/vol-surface';
import type { OptionContract } from '@shared/market/chain';
import type { ChainSnapshot } from '@shared/learning/snapshot';
import type { PriceHistory } from '@shared/learning/history';
import type { Figure, Question, Quiz } from '@shared/learning/content/types';
import { marketAnalysis } from '@shared/learning/content/modules/market-analysis';
import { COURSE } from '@shared/learning/content/course';
import spyJson from '@shared/learning/snapshots/spy-2026-11-20.json';
import historyJson from '@shared/learning/snapshots/spy-history-2026-11-20.json';
import termJson from '@shared/learning/snapshots/spy-term-2026-11-20.json';

/**
 * The market_analysis module (issue 17): its shape, the frozen history it reads (the simulated market's own closes and
 * surface), and every numerical key and headline figure recomputed here by hand from the raw files of Nov 20, 2026,
 * independently of the module, of its helpers and of shared/analysis (whose own tests are in test/shared/analysis).
 */

const spy = spyJson as ChainSnapshot;
const history = historyJson as PriceHistory;
const term = termJson as ChainSnapshot;
const S = spy.underlyingPrice;
const M = marketAnalysis;
const days = history.days;
const closes = days.map((d) => d.close);
const iv30 = days.map((d) => d.iv30);
const iv90 = days.map((d) => d.iv90);

const quizzes: Quiz[] = [...M.lessons.map((l) => l.check!), M.quiz];
const question = (quizId: string, id: string): Question => {
  const q = quizzes.find((x) => x.id === `market_analysis.${quizId}`)?.questions.find((x) => x.id === id);
  if (!q) throw new Error(`${quizId} has no ${id}`);
  return q;
};
const key = (quizId: string, id: string) => question(quizId, id).correctAnswer as number;
const lesson = (slug: string) => M.lessons.find((l) => l.id === `market_analysis.${slug}`)!;
const figures = (slug: string): Figure[] => lesson(slug).blocks.flatMap((b) => (b.type === 'example' ? (b.figures ?? []) : []));
const figureValue = (slug: string, label: string) => figures(slug).find((f) => f.label === label)?.value;
const text = (slug: string) =>
  lesson(slug)
    .blocks.map((b) => b.content)
    .join('\n');

const expiry = (days: number) => spy.expiries.find((e) => e.daysToExpiry === days)!;
const contract = (days: number, type: 'call' | 'put', K: number): OptionContract =>
  expiry(days).contracts.find((c) => c.contract_type === type && c.strike_price === K)!;
const mid = (c: OptionContract) => (c.bid! + c.ask!) / 2;
const byDelta = (days: number, type: 'call' | 'put', target: number) =>
  expiry(days)
    .contracts.filter((c) => c.contract_type === type)
    .reduce((b, c) => (Math.abs(c.delta! - target) < Math.abs(b.delta! - target) ? c : b));
const pctText = (x: number, digits = 2) => `${(x * 100).toFixed(digits)}%`;

/** Sample standard deviation of the last n log returns, annualised by √252, written out. */
function hv(series: number[], n: number): number {
  const last = series.slice(-(n + 1));
  const r = last.slice(1).map((c, i) => Math.log(c / last[i]!));
  const mean = r.reduce((a, b) => a + b, 0) / n;
  return Math.sqrt((252 / (n - 1)) * r.reduce((a, b) => a + (b - mean) ** 2, 0));
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Φ by Abramowitz and Stegun 26.2.17 (error below 7.5e-8), independent of the pricing core's. */
function phi(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return x >= 0 ? 1 - tail : tail;
}

describe('market_analysis: the module', () => {
  it('is the spec’s 80-minute module, fourth on the path after basic_strategies, in the eight lessons of research rows 24–31', () => {
    const ids = COURSE.map((m) => m.id);
    expect(ids.indexOf('market_analysis')).toBe(ids.indexOf('basic_strategies') + 1);
    expect(M.estimatedTime).toBe(80);
    expect(M.difficulty).toBe('intermediate');
    expect(M.prerequisites).toEqual(['options_greeks']);
    expect(M.lessons.map((l) => l.id.replace('market_analysis.', ''))).toEqual([
      'historical-vs-implied',
      'expected-move',
      'iv-rank',
      'skew-term-structure',
      'earnings-events',
      'sentiment',
      'regimes',
      'probabilities',
    ]);
    expect(M.lessons.reduce((s, l) => s + l.minutes, 0)).toBe(80);
    expect(M.quiz.questions).toHaveLength(12);
  });

  it('brings the course to at least the 50 lessons the product promises', () => {
    expect(COURSE.reduce((s, m) => s + m.lessons.length, 0)).toBeGreaterThanOrEqual(50);
  });

  it('writes titles as plain text (money with a bare $), since only block content is Markdown', () => {
    for (const l of M.lessons) for (const b of l.blocks) expect(b.title, `${l.id}: ${b.title}`).not.toContain('\\');
  });

  it('uses only the existing widget kinds, and cards of templates that exist', () => {
    const widgets = M.lessons.flatMap((l) => l.blocks.flatMap((b) => (b.type === 'interactive' ? [b.widget] : [])));
    for (const w of widgets) expect(['payoff', 'greeks', 'expiry-stepper', 'strategy-card', 'chain-task', 'history-chart']).toContain(w.kind);
    const cards = widgets.flatMap((w) => (w.kind === 'strategy-card' ? [w.templateId] : []));
    expect(cards).toEqual(['iron-condor', 'calendar-spread']);
    for (const id of cards) expect(templateById(id), id).toBeDefined();
  });

  it('labels the constructed event as constructed and says where real events will be', () => {
    const t = text('earnings-events');
    expect(t).toContain('**Constructed, not market data**');
    expect(t).toContain('The **Events** page will show these figures for real earnings dates');
    const example = lesson('earnings-events').blocks.find((b) => b.type === 'example');
    expect(example?.type === 'example' && example.source).toMatch(/^A constructed example priced with the pricing core/);
  });

  it('prints the tape’s caveat and the three expected moves by their precise names', () => {
    expect(text('sentiment')).toContain('**Volume does not say who bought.**');
    expect(text('expected-move')).toMatch(/1 SD from IV[\s\S]*68%[\s\S]*straddle[\s\S]*average size[\s\S]*0\.85 × straddle[\s\S]*about half the time/);
  });
});

describe('market_analysis: the frozen history', () => {
  it('is 252 consecutive NYSE trading days ending on the chain snapshot’s session, at its close', () => {
    expect(days).toHaveLength(252);
    expect(history.session).toBe(spy.session);
    expect(days.at(-1)!.date).toBe('2026-11-20');
    expect(days.at(-1)!.close).toBe(S);
    for (let i = 1; i < days.length; i++) {
      expect(days[i]!.date > days[i - 1]!.date).toBe(true);
      // No trading day is skipped between two rows.
      for (let d = new Date(`${days[i - 1]!.date}T12:00:00Z`).getTime() + 86_400_000; d < new Date(`${days[i]!.date}T12:00:00Z`).getTime(); d += 86_400_000)
        expect(isTradingDay(new Date(d).toISOString().slice(0, 10))).toBe(false);
    }
    expect(history.source).toContain('Simulated end-of-day market');
  });

  it('holds the simulated market’s own closes and its surface’s 30- and 90-day ATM IV of each day', () => {
    const p = underlyingProfile('SPY')!;
    for (const d of [days[0]!, days[100]!, days.at(-1)!]) {
      expect(d.close).toBe(closePrice('SPY', d.date));
      const level = dayVolLevel('SPY', d.date);
      expect(d.iv30).toBeCloseTo(atmVol(p, 30 / 365, level), 5);
      expect(d.iv90).toBeCloseTo(atmVol(p, 90 / 365, level), 5);
    }
  });

  it('has a term structure file of the same session whose 28- and 41-day rows are the chain snapshot’s contracts', () => {
    expect(term.session).toBe(spy.session);
    expect(term.underlyingPrice).toBe(S);
    for (const days of [7, 28, 41]) {
      const row = term.expiries.find((e) => e.daysToExpiry === days)!;
      for (const c of row.contracts) expect(c).toEqual(contract(days, c.contract_type, c.strike_price));
    }
  });
});

describe('market_analysis: the history charts', () => {
  const charts = M.lessons.flatMap((l) =>
    l.blocks.flatMap((b) => (b.type === 'interactive' && b.widget.kind === 'history-chart' ? [{ lesson: l.id, widget: b.widget }] : [])),
  );

  it('draw IV30 against HV20 in lesson 1 and the close against its averages in lesson 7, every session of the year', () => {
    expect(charts.map((c) => c.lesson)).toEqual(['market_analysis.historical-vs-implied', 'market_analysis.regimes']);
    for (const { widget } of charts) {
      expect(widget.dates).toEqual(days.map((d) => d.date));
      expect(widget.asOf).toBe('2026-11-20');
      expect(widget.source).toContain('simulated market');
    }
  });

  it('plot the frozen values, with HV20 and the averages missing until they have their window', () => {
    const [vol, trend] = charts.map((c) => c.widget);
    expect(vol!.unit).toBe('percent');
    expect(vol!.series.map((s) => s.label)).toEqual(['IV30 (implied)', '20-day realized']);
    expect(vol!.series[0]!.values).toEqual(iv30);
    const hvLine = vol!.series[1]!.values;
    expect(hvLine.slice(0, 20).every((v) => v === null)).toBe(true);
    for (const i of [20, 100, 251]) expect(hvLine[i]!).toBeCloseTo(hv(closes.slice(0, i + 1), 20), 5);
    expect(trend!.unit).toBe('usd');
    expect(trend!.series[0]!.values).toEqual(closes);
    const [, sma50, sma200] = trend!.series.map((s) => s.values);
    expect(sma50!.slice(0, 49).every((v) => v === null)).toBe(true);
    expect(sma200!.slice(0, 199).every((v) => v === null)).toBe(true);
    expect(sma50![49]!).toBeCloseTo(mean(closes.slice(0, 50)), 2);
    expect(sma200!.at(-1)!).toBeCloseTo(mean(closes.slice(-200)), 2);
  });
});

describe('market_analysis: the words the data must bear out', () => {
  const ivNow = iv30.at(-1)!;

  it('calls IV "middling" only while rank and percentile are both between 30 and 70', () => {
    const past = iv30.slice(0, -1);
    const rank = (100 * (ivNow - Math.min(...iv30))) / (Math.max(...iv30) - Math.min(...iv30));
    const pctl = (100 * past.filter((x) => x < ivNow).length) / past.length;
    expect(text('iv-rank')).toContain('Middling, neither cheap nor rich');
    for (const x of [rank, pctl]) {
      expect(x).toBeGreaterThan(30);
      expect(x).toBeLessThan(70);
    }
  });

  it('shows mean reversion only because most top-fifth days were lower, and most bottom-fifth days higher, 21 sessions later', () => {
    const sorted = [...iv30].sort((a, b) => a - b);
    const top = sorted[Math.floor(0.8 * iv30.length)]!;
    const bottom = sorted[Math.floor(0.2 * iv30.length)]!;
    const later = iv30.map((x, i) => [x, iv30[i + 21]] as const).filter(([, l]) => l !== undefined) as [number, number][];
    const high = later.filter(([x]) => x >= top);
    const low = later.filter(([x]) => x <= bottom);
    const fell = high.filter(([x, l]) => l < x).length;
    const rose = low.filter(([x, l]) => l > x).length;
    expect(fell / high.length).toBeGreaterThan(0.5);
    expect(rose / low.length).toBeGreaterThan(0.5);
    expect(text('iv-rank')).toContain(`of the ${high.length} sessions with IV30 in the top fifth`);
    expect(text('iv-rank')).toContain(`IV30 was lower 21 sessions later on ${fell}; of the ${low.length} in the bottom fifth`);
    expect(text('iv-rank')).toContain(`it was higher on ${rose}.`);
  });

  it('calls the term structure contango because the IV rises with every row it shows', () => {
    const rows = [...new Set([7, 28, 56, 91, 182, 364])].map((d) =>
      term.expiries.reduce((b, e) => (Math.abs(e.daysToExpiry - d) < Math.abs(b.daysToExpiry - d) ? e : b)),
    );
    const ivs = rows.map((e) => e.contracts.find((c) => c.contract_type === 'call')!.implied_volatility!);
    for (let i = 1; i < ivs.length; i++) expect(ivs[i]!).toBeGreaterThan(ivs[i - 1]!);
    expect(ivNow / iv90.at(-1)!).toBeLessThan(1);
  });

  it('reads the put/call ratios as "near 1, no extreme" only while every one is between 0.9 and 1.3', () => {
    expect(text('sentiment')).toContain('Near 1 on every measure: no extreme');
    for (const f of ['Volume P/C', 'Open-interest P/C', 'Premium P/C']) {
      const v = Number(figureValue('sentiment', f));
      expect(v, f).toBeGreaterThan(0.9);
      expect(v, f).toBeLessThan(1.3);
    }
  });

  it('says a move of the average size leaves the event straddle below its cost, as the pricing core finds', () => {
    const t1 = 7 / 365;
    const s1 = Math.round(Math.sqrt(ivNow ** 2 + 0.0025 / t1) * 1e4) / 1e4;
    const straddle = (sigma: number, T: number, x: number) =>
      americanPrice({ type: 'call', S: x, K: 577, T, r: spy.r, q: spy.q, sigma }) + americanPrice({ type: 'put', S: x, K: 577, T, r: spy.r, q: spy.q, sigma });
    const cost = straddle(s1, t1, S);
    const move = Math.sqrt(2 / Math.PI) * 0.05;
    expect(straddle(ivNow, t1 - 1 / 365, S * (1 + move))).toBeLessThan(cost);
    expect(text('earnings-events')).toContain('still below its cost');
  });
});

describe('market_analysis: figures recomputed from the raw files', () => {
  it('recomputes every numerical question of the module (none is left unchecked)', () => {
    const numerical = quizzes.flatMap((q) => q.questions.filter((x) => x.type === 'numerical').map((x) => `${q.id} ${x.id}`));
    expect(numerical.sort()).toEqual(
      [
        'historical-vs-implied.check rule-of-16',
        'historical-vs-implied.check daily-sd',
        'expected-move.check one-sd',
        'expected-move.check half-range',
        'iv-rank.check rank',
        'iv-rank.check percentile',
        'skew-term-structure.check risk-reversal',
        'earnings-events.check event-move',
        'sentiment.check month-pcr',
        'regimes.check premium',
        'probabilities.check touch',
        'probabilities.check spread-binary',
        'quiz em-later',
        'quiz straddle-week',
        'quiz rank-90',
        'quiz event-research',
        'quiz oi-pcr',
        'quiz nd2-later',
      ]
        .map((x) => `market_analysis.${x}`)
        .sort(),
    );
  });

  const ivNow = iv30.at(-1)!;
  const hv20 = hv(closes, 20);

  it('lesson 1: the 20-day realized volatility, the IV30 and the rule of 16', () => {
    expect(figureValue('historical-vs-implied', '20-day realized volatility')).toBe(pctText(hv20));
    expect(figureValue('historical-vs-implied', '30-day at-the-money IV')).toBe(pctText(ivNow));
    expect(figureValue('historical-vs-implied', 'Typical daily move in dollars')).toBe(`$${((S * ivNow) / Math.sqrt(252)).toFixed(2)}`);
    expect(key('historical-vs-implied.check', 'rule-of-16')).toBeCloseTo((ivNow * 100) / 16, 4);
    // The question states HV20 to 3 decimals of a percent; the key is computed from that figure.
    expect(question('historical-vs-implied.check', 'daily-sd').question).toContain(pctText(hv20, 3));
    expect(Math.abs(key('historical-vs-implied.check', 'daily-sd') - (hv20 * 100) / Math.sqrt(252))).toBeLessThan(0.001);
    expect(text('historical-vs-implied')).toContain(`the realized volatility was ${pctText(hv(closes, 251))} and IV30 averaged ${pctText(mean(iv30))}`);
  });

  it('lesson 2 and the quiz: the 1-SD move from the ATM IV, the straddle and 0.85 × straddle', () => {
    const c = contract(28, 'call', 577);
    const p = contract(28, 'put', 577);
    const em = S * c.implied_volatility! * Math.sqrt(28 / 365);
    const straddle = mid(c) + mid(p);
    expect(key('expected-move.check', 'one-sd')).toBeCloseTo(em, 2);
    expect(key('expected-move.check', 'half-range')).toBeCloseTo(0.85 * straddle, 9);
    expect(figureValue('expected-move', 'Expected move, 1 SD from IV')).toBe(`±$${em.toFixed(2)}`);
    expect(straddle / em).toBeGreaterThan(0.78);
    expect(straddle / em).toBeLessThan(0.82);
    const later = contract(41, 'call', 577);
    expect(key('quiz', 'em-later')).toBeCloseTo(S * later.implied_volatility! * Math.sqrt(41 / 365), 2);
    expect(key('quiz', 'straddle-week')).toBeCloseTo(0.85 * (mid(contract(7, 'call', 577)) + mid(contract(7, 'put', 577))), 9);
    expect(text('expected-move')).toContain(`Dec 18 ${byDelta(28, 'call', 0.16).strike_price} call`);
    expect(text('expected-move')).toContain(`Dec 18 ${byDelta(28, 'put', -0.16).strike_price} put`);
  });

  it('lesson 3 and the quiz: IV rank and percentile over the year, and the call at the year’s low and high IV', () => {
    const past = iv30.slice(0, -1);
    const low = Math.min(...iv30);
    const high = Math.max(...iv30);
    const rank = (100 * (ivNow - low)) / (high - low);
    const below = past.filter((x) => x < ivNow).length;
    expect(key('iv-rank.check', 'rank')).toBeCloseTo(rank, 1);
    expect(key('iv-rank.check', 'percentile')).toBeCloseTo((100 * below) / 251, 1);
    expect(figureValue('iv-rank', 'IV rank')).toBe(rank.toFixed(1));
    const rank90 = (100 * (iv90.at(-1)! - Math.min(...iv90))) / (Math.max(...iv90) - Math.min(...iv90));
    expect(key('quiz', 'rank-90')).toBeCloseTo(rank90, 1);
    const input = { type: 'call' as const, S, K: 577, T: 28 / 365, r: spy.r, q: spy.q };
    expect(figureValue('iv-rank', "The Dec 18 577 call at the year's low and high IV")).toBe(
      `$${americanPrice({ ...input, sigma: low }).toFixed(2)} / $${americanPrice({ ...input, sigma: high }).toFixed(2)}`,
    );
    expect(text('iv-rank')).toContain('the rank is $\\tfrac{20 - 10}{30 - 10} \\times 100$ = 50');
    expect(text('iv-rank')).toContain('the percentile is $\\tfrac{4}{5} \\times 100$ = 80');
  });

  it('lesson 4 and the quiz: the 25-delta risk reversal and butterfly from the chain’s deltas and IVs, and IV30/IV90', () => {
    const p25 = byDelta(28, 'put', -0.25);
    const c25 = byDelta(28, 'call', 0.25);
    const atm = contract(28, 'call', 577).implied_volatility!;
    const rr = c25.implied_volatility! - p25.implied_volatility!;
    const bf = (c25.implied_volatility! + p25.implied_volatility!) / 2 - atm;
    expect(figureValue('skew-term-structure', '25-delta risk reversal')).toBe(`${rr < 0 ? '−' : ''}${Math.abs(rr * 100).toFixed(2)} points`);
    expect(figureValue('skew-term-structure', '25-delta butterfly')).toBe(`${Math.abs(bf * 100).toFixed(2)} points`);
    const rrLater = byDelta(41, 'call', 0.25).implied_volatility! - byDelta(41, 'put', -0.25).implied_volatility!;
    expect(key('skew-term-structure.check', 'risk-reversal')).toBeCloseTo(rrLater * 100, 3);
    expect(question('quiz', 'skew').correctAnswer).toBe(p25.implied_volatility! > c25.implied_volatility! ? 'True' : 'False');
    expect(figureValue('skew-term-structure', 'IV30 / IV90')).toBe((ivNow / iv90.at(-1)!).toFixed(3));
    // The chain task's answer is the put nearest −0.25 delta.
    const task = lesson('skew-term-structure').blocks.find((b) => b.type === 'interactive' && b.widget.kind === 'chain-task');
    expect(task?.type === 'interactive' && task.widget.kind === 'chain-task' && task.widget.answer).toEqual([p25.contract_ticker]);
  });

  it('lesson 5 and the quiz: the event move recovered from the term structure, and the crush priced by the pricing core', () => {
    const t1 = 7 / 365;
    const t2 = 28 / 365;
    const s1 = Math.round(Math.sqrt(ivNow ** 2 + 0.0025 / t1) * 1e4) / 1e4;
    const s2 = Math.round(Math.sqrt(ivNow ** 2 + 0.0025 / t2) * 1e4) / 1e4;
    const E = (t1 * t2 * (s1 * s1 - s2 * s2)) / (t2 - t1);
    expect(question('earnings-events.check', 'event-move').question).toContain(`IV of ${pctText(s1)}`);
    expect(question('earnings-events.check', 'event-move').question).toContain(pctText(s2));
    expect(key('earnings-events.check', 'event-move')).toBeCloseTo(Math.sqrt(E) * 100, 2);
    expect(Math.abs(Math.sqrt(E) / 0.05 - 1)).toBeLessThan(0.01);
    const straddle = (sigma: number, T: number) =>
      americanPrice({ type: 'call', S, K: 577, T, r: spy.r, q: spy.q, sigma }) + americanPrice({ type: 'put', S, K: 577, T, r: spy.r, q: spy.q, sigma });
    const before = straddle(s1, t1);
    const after = straddle(ivNow, t1 - 1 / 365);
    expect(figureValue('earnings-events', 'IV crush, the stock unchanged')).toBe(`$${(before - after).toFixed(2)}`);
    expect(figureValue('earnings-events', 'Implied move from the front straddle')).toBe(pctText(before / S));
    // Sinclair's worked example: 3 and 24 trading days at 80% and 40%.
    const Er = ((3 / 252) * (24 / 252) * (0.64 - 0.16)) / (21 / 252);
    expect(key('quiz', 'event-research')).toBeCloseTo(Math.sqrt(Er) * 100, 2);
    expect(key('quiz', 'event-research')).toBe(8.08);
  });

  it('lesson 6 and the quiz: put/call ratios summed by hand over the snapshot', () => {
    const all = spy.expiries.flatMap((e) => e.contracts);
    const sum = (cs: OptionContract[], type: string, f: (c: OptionContract) => number) =>
      cs.filter((c) => c.contract_type === type).reduce((s, c) => s + f(c), 0);
    const vol = (cs: OptionContract[], t: string) => sum(cs, t, (c) => c.volume!);
    const oi = (cs: OptionContract[], t: string) => sum(cs, t, (c) => c.open_interest!);
    const prem = (cs: OptionContract[], t: string) => sum(cs, t, (c) => c.volume! * (c.last ?? c.mark!));
    expect(figureValue('sentiment', 'Volume P/C')).toBe((vol(all, 'put') / vol(all, 'call')).toFixed(2));
    expect(figureValue('sentiment', 'Open-interest P/C')).toBe((oi(all, 'put') / oi(all, 'call')).toFixed(2));
    expect(figureValue('sentiment', 'Premium P/C')).toBe((prem(all, 'put') / prem(all, 'call')).toFixed(2));
    const month = expiry(28).contracts;
    expect(key('sentiment.check', 'month-pcr')).toBeCloseTo(vol(month, 'put') / vol(month, 'call'), 2);
    expect(key('quiz', 'oi-pcr')).toBeCloseTo(oi(all, 'put') / oi(all, 'call'), 2);
    const weekPuts = expiry(7).contracts.filter((c) => c.contract_type === 'put');
    const top = weekPuts.reduce((b, c) => (c.volume! > b.volume! ? c : b));
    expect(question('sentiment.check', 'chain-task').correctAnswer).toBe(top.contract_ticker);
    const unusual = all.filter((c) => c.volume! > 500 && c.open_interest! > 100 && (c.last ?? 0) > 0.1 && c.volume! / c.open_interest! >= 1.25);
    expect(text('sentiment')).toContain(unusual.length === 0 ? 'No contract met the unusual-activity rule' : `${unusual.length} contract`);
  });

  it('lesson 7: the moving averages, the trend, the volatility state and premium', () => {
    const sma50 = mean(closes.slice(-50));
    const sma200 = mean(closes.slice(-200));
    expect(figureValue('regimes', '50-day average')).toBe(`$${sma50.toFixed(2)}`);
    expect(figureValue('regimes', '200-day average')).toBe(`$${sma200.toFixed(2)}`);
    const trend = S > sma50 && sma50 > sma200 ? 'up' : S < sma50 && sma50 < sma200 ? 'down' : 'range';
    expect(trend).toBe('range');
    expect(question('regimes.check', 'trend').correctAnswer).toBe(trend);
    // IV rank 56.7 (between 30 and 60) and IV30/IV90 0.975 (between 0.9 and 1): normal. IV30 − HV20 below −1 point: cheap.
    expect((ivNow - hv20) * 100).toBeLessThan(-1);
    expect(text('regimes')).toContain('The label: **Range, normal volatility, IV cheap**');
    expect(key('regimes.check', 'premium')).toBeCloseTo((ivNow - hv20) * 100, 2);
  });

  it('lesson 8 and the quiz: N(d₂), the touch rule and the binary from the call spread', () => {
    const c = byDelta(28, 'call', 0.3);
    const T = 28 / 365;
    const sigma = c.implied_volatility!;
    const d2 = (Math.log(S / c.strike_price) + (spy.r - spy.q - (sigma * sigma) / 2) * T) / (sigma * Math.sqrt(T));
    expect(figureValue('probabilities', 'Probability of ending in the money')).toBe(pctText(phi(d2)));
    expect(key('probabilities.check', 'touch')).toBeCloseTo(2 * Number((phi(d2) * 100).toFixed(2)), 6);
    const spread = (mid(contract(28, 'call', c.strike_price - 1)) - mid(contract(28, 'call', c.strike_price + 1))) / 2;
    expect(key('probabilities.check', 'spread-binary')).toBeCloseTo(spread, 9);
    expect(figureValue('probabilities', 'Binary from the model')).toBe(`$${(Math.exp(-spy.r * T) * phi(d2)).toFixed(3)}`);
    const l = byDelta(41, 'call', 0.3);
    const Tl = 41 / 365;
    const d2l = (Math.log(S / l.strike_price) + (spy.r - spy.q - l.implied_volatility! ** 2 / 2) * Tl) / (l.implied_volatility! * Math.sqrt(Tl));
    expect(key('quiz', 'nd2-later')).toBeCloseTo(2 * Number((phi(d2l) * 100).toFixed(2)), 6);
    // The delta is not N(d₂): for this call it is higher.
    expect(c.delta!).toBeGreaterThan(phi(d2));
  });
});
