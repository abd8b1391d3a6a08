import {
  eventImpliedMove,
  expectedMove,
  ivPercentile,
  ivRank,
  putCallRatios,
  realizedVolatility,
  simpleMovingAverage,
  straddleMoves,
  trendOf,
  volatilityPremium,
  volatilityState,
  type TapeContract,
} from '../../../analysis';
import { formatShortDate } from '../../../format/time';
import type { OptionContract } from '../../../market/chain';
import { americanPrice } from '../../../pricing';
import { normCdf } from '../../../pricing/normal-distribution';
import { CLOSES, DAYS, HISTORY_SOURCE, IV30, IV90, LAST_DAY, TERM, TERM_SOURCE, hv20At } from '../analysis-lib/data';
import { contractLabel, dateLabel, exact, figure, m, mp, num, pct, perShare, sourceLine, tex, usd } from '../lib/figures';
import { check, mc, numerical, strategyCard, tf } from '../lib/questions';
import { SPY, SPY_SNAPSHOT_ID, contractAt, expiryNearestDays, expiryOf, legOf, marketInputs, midOf, nearestDelta, nearestTheMoney } from '../lib/snapshot';
import type { HistorySeries, LearningModule, Lesson, Quiz, Widget } from '../types';

/**
 * Market Analysis (issue 17; spec part 3 §3: 80 minutes), the fourth module of the path
 * (historical and implied volatility, the expected move, IV rank and percentile, skew and term structure,
 * events, sentiment from the options tape, regimes, probabilities). The definitions are shared/analysis's (issue 22,
 * practitioners' definitions), the same functions the analysis pages use; the data is the simulated market's end of day of
 * Nov 20, 2026: the course's SPY chain, a year of SPY closes and 30-/90-day IV ending that session, and the strike
 * nearest the price of every listed expiry (../analysis-lib/data.ts). The one constructed example (lesson 5: SPY has
 * no earnings) says so and is priced by the pricing core. test/shared/learning/market-analysis.test.ts recomputes
 * every figure and key from the raw files.
 */

const S = SPY.underlyingPrice;
const SOURCE = sourceLine(SPY);
const label = contractLabel;
const SESSION = dateLabel(SPY.session);
const WEEK = expiryNearestDays(SPY, 7);
const MONTH = expiryNearestDays(SPY, 28);
const LATER = expiryNearestDays(SPY, 41);
const SQRT252 = Math.sqrt(252);

/** A volatility as percent with `digits` decimals: 15.146%. */
const vol = (x: number, digits = 2) => pct(x, digits);
/** A difference of volatilities in points, signed with the typographic minus: −1.08 points. */
const points = (x: number, digits = 2) => `${x < 0 && Number((Math.abs(x) * 100).toFixed(digits)) !== 0 ? '−' : ''}${num(Math.abs(x) * 100, digits)} points`;
/** The IV of a snapshot contract, which every contract near the money has. */
const ivOf = (c: OptionContract): number => {
  if (c.implied_volatility === null) throw new Error(`${c.contract_ticker} has no IV`);
  return c.implied_volatility;
};
const round = (x: number, digits: number) => Number(x.toFixed(digits));
/** A decimal with the typographic minus: −0.248. */
const dec = (x: number, digits: number) => `${x < 0 && Number(Math.abs(x).toFixed(digits)) !== 0 ? '−' : ''}${Math.abs(x).toFixed(digits)}`;
/** Whole dollars in Markdown, the dollar sign escaped: 177,235,682 dollars. */
const mWhole = (x: number) => `\\$${num(x, 0)}`;
/** Dollars to the tenth of a cent in Markdown, the dollar sign escaped. */
const m3 = (x: number) => `\\$${x.toFixed(3)}`;

/** The history's sessions, and the chart widget's short source line (the block's own text names the data in full). */
const DATES = DAYS.map((d) => d.date);
const CHART_SOURCE = `SPY daily history, ${DAYS.length} sessions (simulated market)`;
const chart = (unit: 'percent' | 'usd', series: HistorySeries[]): Widget => ({
  kind: 'history-chart',
  underlying: SPY.underlying,
  asOf: LAST_DAY.date,
  source: CHART_SOURCE,
  unit,
  dates: DATES,
  series,
});
/** Values rounded for the chart (what a pixel can show), so the widget stays small. */
const r5 = (x: number | null) => (x === null ? null : Math.round(x * 1e5) / 1e5);

// ------------------------------------------------------------------------------ 1. Historical vs implied volatility

const IV_NOW = LAST_DAY.iv30;
const HV20 = realizedVolatility(CLOSES, 20)!;
const HV_YEAR = realizedVolatility(CLOSES, CLOSES.length - 1)!;
const MEAN_IV30 = IV30.reduce((s, x) => s + x, 0) / IV30.length;
const DAILY_SD = HV20 / SQRT252;
const RULE16 = IV_NOW / 16;
const DAILY_MOVE_USD = (S * IV_NOW) / SQRT252;
/** Every 21st session from the first with 20 returns behind it, ending on the last: about one row a month. */
const MONTHLY = Array.from({ length: Math.floor((DAYS.length - 1 - 20) / 21) + 1 }, (_, k) => DAYS.length - 1 - 21 * k).reverse();
const monthlyTable = [
  '| session | close | IV30 | 20-day realized |',
  '|---|---:|---:|---:|',
  ...MONTHLY.map((i) => `| ${dateLabel(DAYS[i]!.date)} | ${m(DAYS[i]!.close)} | ${vol(DAYS[i]!.iv30)} | ${vol(hv20At(i)!)} |`),
].join('\n');
/** The first of the 21 closes behind the 20-day realized volatility. */
const FIRST_HV_CLOSE = DAYS.at(-21)!.date;

const historicalVsImplied: Lesson = {
  id: 'market_analysis.historical-vs-implied',
  title: 'Historical vs implied volatility',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'Two volatilities, one unit',
      content: tex`**Volatility** measures how much a price swings. It is written as an annualised standard deviation of returns, so "16%" means: in a typical year the price ends within about 16% of where it started two times out of three.

There are two of them, and they answer different questions:

- **Historical (realized) volatility** looks **back**: it is measured from past closes. Take the daily log returns $r_i = \ln(C_i / C_{i-1})$ of the last $n$ sessions, their mean $\bar r$, and annualise the sample standard deviation:
$$\sigma_{\text{HV}} = \sqrt{\frac{252}{n-1}\sum_{i=1}^{n}(r_i - \bar r)^2}$$
The 252 is the number of trading days in a year; "HV20" uses $n = 20$, about a month.
- **Implied volatility** looks **forward**: it is the $\sigma$ at which the pricing model gives the option's market price ([what sets an option’s price](lesson:options_greeks.what-sets-the-price) explains the idea). It is the market's price for the swings to come, not a measurement.

Both are in the same unit, so they can be compared: IV above HV means options are priced for more movement than the recent past showed.`,
    },
    {
      type: 'text',
      title: 'The square root of time, and the rule of 16',
      content: tex`Variance adds up over time, so a standard deviation grows with the **square root** of time: a move over $t$ years is about $\sigma\sqrt{t}$. For one trading day, $t = 1/252$ and $\sqrt{252} \approx 15.87$, so

$$\text{daily move} \approx \frac{\sigma}{16}$$

the **rule of 16**: an IV of 16% prices a typical day's move of about 1%, an IV of 32% about 2%. It works backwards too: a stock that moves about 2% a day has a volatility near 32%.`,
    },
    {
      type: 'example',
      title: `SPY's volatilities on ${SESSION}`,
      source: HISTORY_SOURCE,
      content: tex`SPY's 20-day realized volatility, from the 21 closes ${dateLabel(FIRST_HV_CLOSE)} to ${SESSION} (20 daily returns), was ${vol(HV20)}: a daily standard deviation of ${vol(DAILY_SD, 3)}. Its 30-day at-the-money IV that evening was ${vol(IV_NOW)}, so options priced ${points(Math.abs(IV_NOW - HV20))} of volatility ${IV_NOW >= HV20 ? 'more' : 'less'} than the last month had shown. By the rule of 16, an IV of ${vol(IV_NOW)} prices a typical day's move of about ${vol(RULE16)}; exactly, $\sigma/\sqrt{252}$ = ${vol(IV_NOW / SQRT252, 3)}, ${m(DAILY_MOVE_USD)} on SPY's ${m(S)}.

A year of both, one session a month:

${monthlyTable}

Over the whole year the realized volatility was ${vol(HV_YEAR)} and IV30 averaged ${vol(MEAN_IV30)}. In real markets implied volatility is usually **above** the volatility that follows (since 1990 the VIX averaged 19.6 against 15.5 realized over the next 30 days): option sellers are paid for carrying the risk of a crash. The simulated market moves its price with the same volatility its options are priced at, so here the two stay close. [Regimes](lesson:market_analysis.regimes) returns to this gap, the volatility premium.`,
      figures: [
        figure('20-day realized volatility', vol(HV20), tex`\sqrt{\tfrac{252}{n-1}\sum (r_i - \bar r)^2}`, [
          'n = 20 daily log returns',
          `closes ${dateLabel(FIRST_HV_CLOSE)} to ${SESSION}`,
        ]),
        figure('30-day at-the-money IV', vol(IV_NOW), tex`\sigma : V(\sigma) = \text{market price}`, [`SPY at ${usd(S)}`, `session ${SESSION}`]),
        figure('Typical daily move by the rule of 16', vol(RULE16), tex`\sigma / 16`, [`σ = ${vol(IV_NOW)}`]),
        figure('Typical daily move in dollars', usd(DAILY_MOVE_USD), tex`S \times \sigma / \sqrt{252}`, [`S = ${usd(S)}`, `σ = ${vol(IV_NOW)}`]),
      ],
    },
    {
      type: 'interactive',
      title: 'A year of IV30 against the 20-day realized volatility',
      content: tex`The two volatilities of the table, every session of the year. Hover or tap the chart for a day's values. Where the realized line rises above the implied one, the market moved more than options had priced; the realized line needs 20 returns, so it starts a month in.`,
      widget: chart('percent', [
        { label: 'IV30 (implied)', values: IV30.map((x) => r5(x)) },
        { label: '20-day realized', values: DAYS.map((_, i) => r5(hv20At(i))) },
      ]),
    },
    {
      type: 'interactive',
      title: 'The σ that matches the price',
      content: tex`The ${label(nearestTheMoney(SPY, 'call', MONTH.expiration))} at its implied volatility. Move $\sigma$ and watch the price: the IV is the one setting of this slider at which the model gives the price the market quotes.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: marketInputs(SPY, nearestTheMoney(SPY, 'call', MONTH.expiration)), style: 'american' },
    },
  ],
  check: check('market_analysis.historical-vs-implied', [
    numerical(
      'rule-of-16',
      `SPY's 30-day IV was ${vol(IV_NOW)}. By the rule of 16, about how large is a typical day's move, in percent?`,
      round(RULE16 * 100, 4),
      `${vol(IV_NOW)} / 16 = ${vol(RULE16, 4)}.`,
      '%',
      0.01,
    ),
    numerical(
      'daily-sd',
      `A 20-day realized volatility of ${vol(HV20, 3)} is the daily standard deviation × √252. What is the daily standard deviation, in percent?`,
      round((round(HV20, 5) / SQRT252) * 100, 4),
      `${vol(HV20, 3)} / √252 = ${vol(HV20, 3)} / ${num(SQRT252, 2)} = ${vol(round(HV20, 5) / SQRT252, 4)}.`,
      '%',
      0.01,
    ),
    tf(
      'implied-is-past',
      'Implied volatility is measured from the underlying’s past closing prices.',
      false,
      'That is historical (realized) volatility. Implied volatility is solved from option prices: the market’s price for the swings to come.',
    ),
    mc(
      'sqrt-time',
      'A volatility of 20% a year is about how large a move over one quarter (a quarter of a year)?',
      ['5%', '10%', '20%', '40%'],
      `${num(20 * Math.sqrt(0.25), 0)}%`,
      'Standard deviations grow with the square root of time: 20% × √0.25 = 20% × 0.5 = 10%.',
    ),
  ]),
};

// -------------------------------------------------------------------------------- 2. Expected move and the straddle

const emCall = nearestTheMoney(SPY, 'call', MONTH.expiration);
const emPut = nearestTheMoney(SPY, 'put', MONTH.expiration);
const EM_K = emCall.strike_price;
const EM_SIGMA = ivOf(emCall);
const EM_T = MONTH.daysToExpiry / 365;
const EM = expectedMove({ price: S, iv: EM_SIGMA, t: EM_T });
const EM_LOW = S * Math.exp(-EM_SIGMA * Math.sqrt(EM_T));
const EM_HIGH = S * Math.exp(EM_SIGMA * Math.sqrt(EM_T));
const STRADDLE = exact(midOf(emCall) + midOf(emPut));
const STRADDLE_MOVES = straddleMoves(STRADDLE);
const HALF_RANGE = exact(STRADDLE_MOVES.halfTheTimeRange);
const call16 = nearestDelta(SPY, 'call', MONTH.expiration, 0.16);
const put16 = nearestDelta(SPY, 'put', MONTH.expiration, -0.16);
const straddleLegs = [legOf(emCall, 'buy'), legOf(emPut, 'buy')];
const STRADDLE_ASK = exact(straddleLegs[0]!.premium + straddleLegs[1]!.premium);

const expectedMoveLesson: Lesson = {
  id: 'market_analysis.expected-move',
  title: 'Expected move and standard deviation',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'One standard deviation, from IV',
      content: tex`An IV turns into a move in dollars with the square root of time. For a price $S$, an implied volatility $\sigma$ and $t$ years to expiry:

$$\text{EM}_{1\,\text{SD}} = S \times \sigma \times \sqrt{t}$$

If the IV is right, the price ends within $\pm$ one standard deviation about **68%** of the time and within two about 95%. (Prices move in percentages, so the exact band is a little lopsided, from $S e^{-\sigma\sqrt t}$ to $S e^{+\sigma\sqrt t}$.) Use one time convention throughout: calendar days / 365, as the chain prices, or trading days / 252.`,
    },
    {
      type: 'text',
      title: 'Three numbers called "the expected move"',
      content: tex`Sites quote different numbers under the same name. Label them precisely:

| number | formula | what it is |
|---|---|---|
| 1 SD from IV | $S\sigma\sqrt t$ | the band the price ends inside about 68% of the time |
| the at-the-money straddle | call + put at the strike nearest $S$ | about the **average size** of the move, up or down: $\approx \sqrt{2/\pi} \approx 0.80$ of 1 SD |
| 0.85 × straddle | 0.85 × the straddle | about 0.68 of 1 SD: the range the price ends inside **about half the time** |

Many sites call "0.85 × straddle" the 1-SD move; the arithmetic says it is the 50% range. A third way respects the skew: the strikes with a delta near 0.16 on each side sit about one standard deviation away.`,
    },
    {
      type: 'example',
      title: `SPY's expected move to ${dateLabel(MONTH.expiration)}`,
      source: SOURCE,
      content: tex`The ${label(emCall)} had an IV of ${vol(EM_SIGMA, 3)}, ${MONTH.daysToExpiry} days to expiry:

- **1 SD from IV**: ${m(S)} × ${vol(EM_SIGMA, 3)} × $\sqrt{${MONTH.daysToExpiry}/365}$ = ${m(EM)}, a band from ${m(S - EM)} to ${m(S + EM)} (lopsided: ${m(EM_LOW)} to ${m(EM_HIGH)}).
- **The straddle**: the ${label(emCall)} at a mid of ${mp(midOf(emCall))} plus the ${label(emPut)} at ${mp(midOf(emPut))} is ${mp(STRADDLE)}: SPY's average move to expiry, either way, is priced at about that. It is ${num(STRADDLE / EM, 3)} of the 1-SD move, close to the 0.80 the arithmetic predicts.
- **0.85 × straddle** = ${mp(HALF_RANGE)}: about half the time SPY ends between ${m(S - HALF_RANGE)} and ${m(S + HALF_RANGE)}.
- **The 16-delta strikes**: the call nearest a delta of 0.16 is the ${label(call16)} (delta ${dec(call16.delta!, 3)}), the put the ${label(put16)} (delta ${dec(put16.delta!, 3)}): ${m(call16.strike_price - S)} above and ${m(S - put16.strike_price)} below the price. The put side is further away in dollars at the same delta because puts carry a higher IV (the [skew](lesson:market_analysis.skew-term-structure)).`,
      figures: [
        figure('Expected move, 1 SD from IV', `±${usd(EM)}`, tex`S \times \sigma \times \sqrt{t}`, [
          `S = ${usd(S)}`,
          `σ = ${vol(EM_SIGMA, 3)} (${label(emCall)})`,
          `t = ${MONTH.daysToExpiry}/365`,
        ]),
        figure('At-the-money straddle (mid)', perShare(STRADDLE), tex`\text{mid}_{\text{call}} + \text{mid}_{\text{put}}`, [
          `call mid = ${perShare(midOf(emCall))}`,
          `put mid = ${perShare(midOf(emPut))}`,
          `K = ${usd(EM_K)}`,
        ]),
        figure('Range SPY ends inside about half the time', `±${perShare(HALF_RANGE)}`, tex`0.85 \times \text{straddle}`, [`straddle = ${perShare(STRADDLE)}`]),
      ],
    },
    {
      type: 'interactive',
      title: 'The straddle’s breakevens are the market’s expected move',
      content: tex`A long straddle bought at the ask (${mp(STRADDLE_ASK)} a share) gains at expiry only if SPY moves more than it cost, either way. Move the price and the date: the breakevens sit about one straddle away from the strike.`,
      widget: { kind: 'payoff', underlying: SPY.underlying, spot: S, asOf: SPY.session, legs: straddleLegs, iv: EM_SIGMA },
    },
  ],
  check: check('market_analysis.expected-move', [
    numerical(
      'one-sd',
      `SPY at ${usd(S)}, IV ${vol(EM_SIGMA, 3)}, ${MONTH.daysToExpiry} calendar days to expiry. What is the 1-SD expected move, S × σ × √(days/365), in dollars?`,
      round(EM, 2),
      `${usd(S)} × ${vol(EM_SIGMA, 3)} × √(${MONTH.daysToExpiry}/365) = ${usd(EM)}.`,
      '$',
      0.05,
    ),
    numerical(
      'half-range',
      `The at-the-money straddle costs ${perShare(STRADDLE)}. About half the time, SPY ends within how many dollars of its price?`,
      HALF_RANGE,
      `0.85 × ${perShare(STRADDLE)} = ${perShare(HALF_RANGE)}.`,
    ),
    mc(
      'labels',
      'If the IV is right, which band does the price end inside about 68% of the time?',
      ['± 1 SD from IV (S × σ × √t)', '± the straddle', '± 0.85 × the straddle', '± the 50-delta strikes'],
      '± 1 SD from IV (S × σ × √t)',
      'One standard deviation covers about 68%; the straddle is about 0.80 SD (the average move) and 0.85 × straddle about 0.68 SD, the 50% range.',
    ),
  ]),
};

// --------------------------------------------------------------------------- 3. IV rank, IV percentile, reversion

const RESEARCH_HISTORY = [30, 10, 11, 15, 17];
const RESEARCH_NOW = 20;
const RESEARCH_RANK = ivRank(RESEARCH_NOW, RESEARCH_HISTORY)!;
const RESEARCH_PCTL = ivPercentile(RESEARCH_NOW, RESEARCH_HISTORY)!;
const PAST_IV30 = IV30.slice(0, -1);
const IV_LOW = Math.min(...IV30);
const IV_HIGH = Math.max(...IV30);
const IV_LOW_DAY = DAYS[IV30.indexOf(IV_LOW)]!.date;
const IV_HIGH_DAY = DAYS[IV30.indexOf(IV_HIGH)]!.date;
const RANK = ivRank(IV_NOW, PAST_IV30)!;
const PCTL = ivPercentile(IV_NOW, PAST_IV30)!;
const BELOW = PAST_IV30.filter((x) => x < IV_NOW).length;
/** Mean reversion in the year: of the sessions in the top fifth of IV30, how often was IV30 lower 21 sessions later. */
const HORIZON = 21;
const TOP_FIFTH = [...IV30].sort((a, b) => a - b)[Math.floor(0.8 * IV30.length)]!;
const BOTTOM_FIFTH = [...IV30].sort((a, b) => a - b)[Math.floor(0.2 * IV30.length)]!;
const withFuture = IV30.map((x, i) => ({ x, later: IV30[i + HORIZON] })).filter((d): d is { x: number; later: number } => d.later !== undefined);
const highDays = withFuture.filter((d) => d.x >= TOP_FIFTH);
const lowDays = withFuture.filter((d) => d.x <= BOTTOM_FIFTH);
const HIGH_FELL = highDays.filter((d) => d.later < d.x).length;
const LOW_ROSE = lowDays.filter((d) => d.later > d.x).length;
const rankCall = nearestTheMoney(SPY, 'call', MONTH.expiration);
const rankInputs = marketInputs(SPY, rankCall);
const CALL_AT_LOW = americanPrice({ type: 'call', ...rankInputs, sigma: IV_LOW });
const CALL_AT_HIGH = americanPrice({ type: 'call', ...rankInputs, sigma: IV_HIGH });
const IV90_NOW = LAST_DAY.iv90;
const RANK90 = ivRank(IV90_NOW, IV90.slice(0, -1))!;

const ivRankLesson: Lesson = {
  id: 'market_analysis.iv-rank',
  title: 'IV rank, IV percentile and mean reversion',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'Is 15% high?',
      content: tex`A raw IV says what an option costs, not whether that is a lot. 15% is high for a utility and very low for a young tech stock. So traders compare an underlying's IV with **its own past year**, in two ways:

$$\text{IV rank} = 100 \times \frac{\text{IV}_{\text{now}} - \text{IV}_{\text{low}}}{\text{IV}_{\text{high}} - \text{IV}_{\text{low}}}$$

where the low and high are over the past year (and today); and

$$\text{IV percentile} = 100 \times \frac{\text{days in the past year with IV below today's}}{\text{days in the past year}}$$

Rank says where today sits in the year's **range**; percentile says on what **share of days** IV was lower. One spike ruins the rank for a year (the high stays far away, so every later day ranks low), while the percentile barely notices it. Show both, with the raw IV beside them.`,
    },
    {
      type: 'text',
      title: 'A small example',
      content: tex`A published explainer's numbers: past IVs of ${RESEARCH_HISTORY.join(', ')} and ${RESEARCH_NOW} today. The low is ${Math.min(...RESEARCH_HISTORY)} and the high ${Math.max(...RESEARCH_HISTORY)}, so the rank is $\tfrac{20 - 10}{30 - 10} \times 100$ = ${num(RESEARCH_RANK, 0)}. Four of the five past values are below ${RESEARCH_NOW}, so the percentile is $\tfrac{4}{5} \times 100$ = ${num(RESEARCH_PCTL, 0)}. The one day at 30 pulls the rank down: had it been 21 instead, the rank would be ${num(ivRank(RESEARCH_NOW, [21, ...RESEARCH_HISTORY.slice(1)])!, 1)} and the percentile still ${num(ivPercentile(RESEARCH_NOW, [21, ...RESEARCH_HISTORY.slice(1)])!, 0)}.`,
    },
    {
      type: 'example',
      title: `SPY's IV rank and percentile on ${SESSION}`,
      source: HISTORY_SOURCE,
      content: tex`SPY's 30-day IV closed at ${vol(IV_NOW, 3)}. Over the year its low was ${vol(IV_LOW, 3)} (${dateLabel(IV_LOW_DAY)}) and its high ${vol(IV_HIGH, 3)} (${dateLabel(IV_HIGH_DAY)}), so its **IV rank** was ${num(RANK, 1)}. On ${BELOW} of the ${PAST_IV30.length} earlier sessions IV30 was lower: an **IV percentile** of ${num(PCTL, 1)}. Middling, neither cheap nor rich against its own year.

What the difference is worth: the ${label(rankCall)} priced by the pricing core at the year's lowest IV30 is ${m(CALL_AT_LOW)}, at its highest ${m(CALL_AT_HIGH)}: the same option, ${m(100 * (CALL_AT_HIGH - CALL_AT_LOW))} a contract apart.

**Mean reversion.** Volatility does not trend forever: high IV tends to fall back and low IV to rise. In this year, of the ${highDays.length} sessions with IV30 in the top fifth (${vol(TOP_FIFTH)} or more), IV30 was lower ${HORIZON} sessions later on ${HIGH_FELL}; of the ${lowDays.length} in the bottom fifth (${vol(BOTTOM_FIFTH)} or less), it was higher on ${LOW_ROSE}. That is why a high rank is read as "options are expensive now", and why some practitioners (tastytrade, for one) sell premium mainly when IV rank is above 30. That is a rule of thumb to study, not advice.

One trap: an earnings date inside the 30 days inflates a stock's IV by the event ([earnings and events](lesson:market_analysis.earnings-events)), so a high rank then may only mean "earnings are coming".`,
      figures: [
        figure(
          'IV rank',
          num(RANK, 1),
          tex`100 \times \frac{\text{IV}_{\text{now}} - \text{IV}_{\text{low}}}{\text{IV}_{\text{high}} - \text{IV}_{\text{low}}}`,
          [`IV now = ${vol(IV_NOW, 3)}`, `low = ${vol(IV_LOW, 3)} (${dateLabel(IV_LOW_DAY)})`, `high = ${vol(IV_HIGH, 3)} (${dateLabel(IV_HIGH_DAY)})`],
        ),
        figure('IV percentile', num(PCTL, 1), tex`100 \times \frac{\#\{\text{IV} < \text{IV}_{\text{now}}\}}{n}`, [
          `${BELOW} sessions below ${vol(IV_NOW, 3)}`,
          `n = ${PAST_IV30.length} earlier sessions`,
        ]),
        figure(`The ${label(rankCall)} at the year's low and high IV`, `${usd(CALL_AT_LOW)} / ${usd(CALL_AT_HIGH)}`, tex`V(S, K, T, \sigma, r, q)`, [
          `S = ${usd(S)}`,
          `K = ${usd(rankInputs.K)}`,
          `T = ${MONTH.daysToExpiry}/365`,
          `σ = ${vol(IV_LOW, 3)} and ${vol(IV_HIGH, 3)}`,
          `r = ${pct(SPY.r)}`,
          `q = ${pct(SPY.q)}`,
        ]),
      ],
    },
    {
      type: 'interactive',
      title: 'Cheap and expensive volatility in dollars',
      content: tex`The ${label(rankCall)} at today's IV. Move $\sigma$ to the year's low (${vol(IV_LOW)}) and high (${vol(IV_HIGH)}) and read the price at each.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: rankInputs, style: 'american' },
    },
  ],
  check: check('market_analysis.iv-rank', [
    numerical(
      'rank',
      `SPY's IV30 was ${vol(IV_NOW, 3)}; over the year it ranged from ${vol(IV_LOW, 3)} to ${vol(IV_HIGH, 3)}. What was its IV rank?`,
      round(RANK, 1),
      `100 × (${vol(IV_NOW, 3)} − ${vol(IV_LOW, 3)}) / (${vol(IV_HIGH, 3)} − ${vol(IV_LOW, 3)}) = ${num(RANK, 2)}.`,
      'points',
      0.1,
    ),
    numerical(
      'percentile',
      `On ${BELOW} of the ${PAST_IV30.length} earlier sessions SPY's IV30 was below today's. What is the IV percentile?`,
      round(PCTL, 1),
      `100 × ${BELOW} / ${PAST_IV30.length} = ${num(PCTL, 2)}.`,
      'points',
      0.1,
    ),
    tf(
      'spike',
      'One day of very high IV in the past year lowers the IV rank of every later day more than it lowers their IV percentile.',
      true,
      'The spike sets the year’s high, so the range is wide and every ordinary day ranks low; the percentile counts it as one day among 252.',
    ),
  ]),
};

// ---------------------------------------------------------------------------------- 4. Skew and term structure

const skewAtm = nearestTheMoney(SPY, 'call', MONTH.expiration);
const put25 = nearestDelta(SPY, 'put', MONTH.expiration, -0.25);
const call25 = nearestDelta(SPY, 'call', MONTH.expiration, 0.25);
const IV_ATM = ivOf(skewAtm);
const IV_P25 = ivOf(put25);
const IV_C25 = ivOf(call25);
const RR25 = IV_C25 - IV_P25;
const BF25 = (IV_C25 + IV_P25) / 2 - IV_ATM;
const PUT_SKEW = IV_P25 - IV_ATM;
const laterAtm = nearestTheMoney(SPY, 'call', LATER.expiration);
const laterP25 = nearestDelta(SPY, 'put', LATER.expiration, -0.25);
const laterC25 = nearestDelta(SPY, 'call', LATER.expiration, 0.25);
const LATER_RR25 = ivOf(laterC25) - ivOf(laterP25);
const SKEW_PROMPT = `Click the put of the ${dateLabel(MONTH.expiration)} expiry whose delta is nearest −0.25.`;
const skewOptions = [
  contractAt(SPY, 'put', MONTH.expiration, put25.strike_price - 1).contract_ticker,
  put25.contract_ticker,
  contractAt(SPY, 'put', MONTH.expiration, put25.strike_price + 1).contract_ticker,
  call25.contract_ticker,
];
/** The term snapshot's expiries nearest these days, each once. */
const TERM_ROWS = [...new Set([7, 28, 56, 91, 182, 364].map((d) => expiryNearestDays(TERM, d).expiration))].map((e) => {
  const x = expiryOf(TERM, e);
  const call = x.contracts.find((c) => c.contract_type === 'call')!;
  return { expiration: e, days: x.daysToExpiry, strike: call.strike_price, iv: ivOf(call) };
});
const termTable = [
  '| expiry | days | strike | IV |',
  '|---|---:|---:|---:|',
  ...TERM_ROWS.map((r) => `| ${dateLabel(r.expiration)} | ${r.days} | ${m(r.strike)} | ${vol(r.iv)} |`),
].join('\n');
/** The far expiries list strikes further apart, so their strike nearest the price can differ from the near ones'. */
const farRow = TERM_ROWS.find((r) => r.strike !== TERM_ROWS[0]!.strike);
const FAR_STRIKE_NOTE = farRow
  ? `(The far expiries list strikes further apart, so from the ${dateLabel(farRow.expiration)} row on the nearest strike is ${m(farRow.strike)}, ${m(Math.abs(S - farRow.strike))} ${farRow.strike < S ? 'below' : 'above'} the price, and its IV is ${farRow.strike < S ? 'lifted' : 'lowered'} a little by the skew.)`
  : '';
const TERM_RATIO = IV_NOW / IV90_NOW;
const IVTS = IV30.map((x, i) => x / IV90[i]!);
const IVTS_MIN = Math.min(...IVTS);
const IVTS_MAX = Math.max(...IVTS);

const skewTermStructure: Lesson = {
  id: 'market_analysis.skew-term-structure',
  title: 'Skew and term structure',
  minutes: 11,
  blocks: [
    {
      type: 'text',
      title: 'Skew: IV across strikes',
      content: tex`If the pricing model were the whole truth, one $\sigma$ would price every strike of an expiry. It does not. For indices and most stocks, puts below the price carry a **higher** IV than calls above it: investors pay up for protection against a fall, and prices fall faster than they rise. The shape across strikes is the **skew** (a "smirk" when it slopes down, a "smile" when both wings rise).

Strikes are compared by delta, so that expiries and volatility levels line up:

- **25-delta risk reversal**: $\text{RR}_{25} = \text{IV}(25\Delta\ \text{call}) - \text{IV}(25\Delta\ \text{put})$, usually negative for equities. The more negative, the more the market fears a fall.
- **25-delta butterfly**: $\text{BF}_{25} = \tfrac{1}{2}\big(\text{IV}(25\Delta\ \text{call}) + \text{IV}(25\Delta\ \text{put})\big) - \text{IV}_{\text{ATM}}$, the curvature of the smile.
- **Put skew**: $\text{IV}(25\Delta\ \text{put}) - \text{IV}_{\text{ATM}}$.

A raw risk reversal grows with the volatility level; divide it by the at-the-money IV to compare across names and times.`,
    },
    {
      type: 'example',
      title: `SPY's skew on the ${dateLabel(MONTH.expiration)} expiry`,
      source: SOURCE,
      content: tex`On the ${MONTH.daysToExpiry}-day expiry, the put nearest a delta of −0.25 was the ${label(put25)} (delta ${dec(put25.delta!, 3)}) at an IV of ${vol(IV_P25)}; the call nearest 0.25 the ${label(call25)} (delta ${dec(call25.delta!, 3)}) at ${vol(IV_C25)}; the at-the-money ${label(skewAtm)} at ${vol(IV_ATM)}.

The risk reversal was ${points(RR25)}: the put ${m(S - put25.strike_price)} below the price was priced at a far higher volatility than the call ${m(call25.strike_price - S)} above it. The butterfly was ${points(BF25)} and the put skew ${points(PUT_SKEW)}; the risk reversal was ${dec(RR25 / IV_ATM, 2)} of the at-the-money IV.`,
      figures: [
        figure('25-delta risk reversal', points(RR25), tex`\text{IV}(25\Delta\,\text{call}) - \text{IV}(25\Delta\,\text{put})`, [
          `call: ${label(call25)}, IV ${vol(IV_C25)}`,
          `put: ${label(put25)}, IV ${vol(IV_P25)}`,
        ]),
        figure('25-delta butterfly', points(BF25), tex`\tfrac{1}{2}(\text{IV}_{25c} + \text{IV}_{25p}) - \text{IV}_{\text{ATM}}`, [
          `IV 25Δ call = ${vol(IV_C25)}`,
          `IV 25Δ put = ${vol(IV_P25)}`,
          `IV ATM = ${vol(IV_ATM)} (${label(skewAtm)})`,
        ]),
      ],
    },
    {
      type: 'interactive',
      title: 'Find the 25-delta put',
      content: tex`Read the delta column of the ${dateLabel(MONTH.expiration)} chain, on the put side, and click the put whose delta is nearest −0.25. Compare its IV with the at-the-money put's.`,
      widget: {
        kind: 'chain-task',
        snapshot: SPY_SNAPSHOT_ID,
        expiration: MONTH.expiration,
        prompt: SKEW_PROMPT,
        answer: [put25.contract_ticker],
        criterion: { by: 'nearest-delta', optionType: 'put', delta: -0.25 },
      },
    },
    {
      type: 'text',
      title: 'Term structure: IV across expiries',
      content: tex`The **term structure** is the at-the-money IV of each expiry, from the nearest to the furthest. Usually it slopes **up**, which is called **contango**: the far future holds more unknowns, and calm markets price the next weeks quietly. When fear arrives, the near expiries jump above the far ones: **backwardation**, a sign of stress. A per-symbol gauge is $\text{IV}_{30} / \text{IV}_{90}$; for the whole market, the VIX (30 days) against the VIX3M (3 months). Above 1 is backwardation: since 2010 that happened on 7.8% of trading days (321 of 4,132), usually in short episodes. A ratio below 0.85 is often called steep contango.

An event inside one expiry also bends the curve: that expiry's IV rises above its neighbours' (the next lesson).`,
    },
    {
      type: 'example',
      title: `SPY's term structure on ${SESSION}`,
      source: TERM_SOURCE,
      content: tex`The at-the-money call's IV, expiry by expiry:

${termTable}

Contango: the IV rises with time, from ${vol(TERM_ROWS[0]!.iv)} at ${TERM_ROWS[0]!.days} days to ${vol(TERM_ROWS.at(-1)!.iv)} at ${TERM_ROWS.at(-1)!.days}. ${FAR_STRIKE_NOTE} The history's constant-maturity IV30 / IV90 was ${vol(IV_NOW)} / ${vol(IV90_NOW)} = ${num(TERM_RATIO, 3)}.

The simulated market's surface always slopes gently up (${num(IVTS_MIN, 3) === num(IVTS_MAX, 3) ? `its ratio was ${num(IVTS_MIN, 3)} on every session of the year` : `its ratio stayed between ${num(IVTS_MIN, 3)} and ${num(IVTS_MAX, 3)} all year`}), so it never shows backwardation; a real market does, in a sell-off.`,
      figures: [
        figure('IV30 / IV90', num(TERM_RATIO, 3), tex`\text{IV}_{30} / \text{IV}_{90}`, [
          `IV30 = ${vol(IV_NOW)}`,
          `IV90 = ${vol(IV90_NOW)}`,
          `session ${SESSION}`,
        ]),
      ],
    },
  ],
  check: check('market_analysis.skew-term-structure', [
    // The chain task's own question: the web submits the clicked ticker as its answer (the key is the widget's answer).
    mc(
      'chain-task',
      SKEW_PROMPT,
      skewOptions,
      put25.contract_ticker,
      `The ${label(put25)} had a delta of ${dec(put25.delta!, 3)}, the nearest to −0.25 on that expiry; its ticker is ${put25.contract_ticker}.`,
    ),
    numerical(
      'risk-reversal',
      `On the ${dateLabel(LATER.expiration)} expiry the 25-delta call's IV was ${vol(ivOf(laterC25), 3)} and the 25-delta put's ${vol(ivOf(laterP25), 3)}. What is the 25-delta risk reversal, in volatility points?`,
      round(LATER_RR25 * 100, 3),
      `${vol(ivOf(laterC25), 3)} − ${vol(ivOf(laterP25), 3)} = ${points(LATER_RR25, 3)}: negative, puts dearer than calls.`,
      'vol points',
      0.01,
    ),
    tf(
      'backwardation-normal',
      'Backwardation (near-term IV above longer-term IV, IV30 / IV90 above 1) is the normal state of the market.',
      false,
      'Contango is normal; backwardation is a sign of stress, seen on under a tenth of trading days since 2010.',
    ),
  ]),
};

// -------------------------------------------------------------------------------------------- 5. Earnings and events

/**
 * A constructed event (SPY has no earnings, and the simulated market no earnings dates yet): a stock priced like SPY
 * on the session (S, r, q, strikes, expiries of the snapshot), with SPY's IV30 as its diffusive volatility and one
 * event before both expiries whose 1-SD move is EVENT_SD. The term structure follows σᵢ² Tᵢ = σd² Tᵢ + E, quoted to
 * a hundredth of a point as a chain's IV column; the straddles are priced by the pricing core.
 */
const EVENT_SD = 0.05;
const EVENT_E = EVENT_SD * EVENT_SD;
const EVENT_SIGMA_D = IV_NOW;
const EV_T1 = WEEK.daysToExpiry / 365;
const EV_T2 = MONTH.daysToExpiry / 365;
const quoted = (x: number) => Math.round(x * 1e4) / 1e4;
const EV_IV1 = quoted(Math.sqrt(EVENT_SIGMA_D ** 2 + EVENT_E / EV_T1));
const EV_IV2 = quoted(Math.sqrt(EVENT_SIGMA_D ** 2 + EVENT_E / EV_T2));
const EVENT = eventImpliedMove({ frontIv: EV_IV1, frontT: EV_T1, backIv: EV_IV2, backT: EV_T2 })!;
const EV_K = nearestTheMoney(SPY, 'call', WEEK.expiration).strike_price;
const evInput = (sigma: number, T: number, spot = S) => ({ S: spot, K: EV_K, T, r: SPY.r, q: SPY.q, sigma });
const straddleValue = (sigma: number, T: number, spot = S) =>
  americanPrice({ type: 'call', ...evInput(sigma, T, spot) }) + americanPrice({ type: 'put', ...evInput(sigma, T, spot) });
const EV_STRADDLE = straddleValue(EV_IV1, EV_T1);
const EV_IMPLIED_MOVE = EV_STRADDLE / S;
/** The day after the event: one day less, and the front expiry's IV back to the diffusive level. */
const EV_T_AFTER = EV_T1 - 1 / 365;
const EV_AFTER_FLAT = straddleValue(EVENT_SIGMA_D, EV_T_AFTER);
const EV_CRUSH = EV_STRADDLE - EV_AFTER_FLAT;
/** The smallest rise after the event at which the straddle is worth what it cost (bisection on the pricing core). */
function breakevenMove(): number {
  let lo = 0;
  let hi = 0.5;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (straddleValue(EVENT_SIGMA_D, EV_T_AFTER, S * (1 + mid)) < EV_STRADDLE) lo = mid;
    else hi = mid;
  }
  return hi;
}
const EV_BREAKEVEN = breakevenMove();
const EV_MEAN_ABS = Math.sqrt(2 / Math.PI) * EVENT.eventMove;
const EV_AT_MEAN = straddleValue(EVENT_SIGMA_D, EV_T_AFTER, S * (1 + EV_MEAN_ABS));
const RESEARCH_EVENT = eventImpliedMove({ frontIv: 0.8, frontT: 3 / 252, backIv: 0.4, backT: 24 / 252 })!;
const CONSTRUCTED = `A constructed example priced with the pricing core: a stock like SPY at the end of day, ${SESSION} (simulated market), with one made-up earnings report before the ${dateLabel(WEEK.expiration)} expiry`;

const earningsEvents: Lesson = {
  id: 'market_analysis.earnings-events',
  title: 'Earnings and events',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'An event is a jump the options price in advance',
      content: tex`A company's earnings report can move its stock more in one night than in a normal month. Every expiry **after** the report has to pay for that jump, so its IV rises before the event, and falls back the morning after: the **IV crush**.

Think of the variance up to an expiry as two parts: the ordinary day-to-day diffusion at a yearly rate $\sigma_d^2$, and one event adding a fixed variance $E$:

$$\sigma_i^2 T_i = \sigma_d^2 T_i + E$$

The nearer the expiry, the larger the share of $E$, so the front expiry's IV is lifted most. With two expiries after the event, $T_1 < T_2$, the two unknowns come out:

$$\sigma_d^2 = \frac{\sigma_2^2 T_2 - \sigma_1^2 T_1}{T_2 - T_1}, \qquad E = \sigma_1^2 T_1 - \sigma_d^2 T_1$$

and the one-standard-deviation event move is $\sqrt{E}$; the average size of the move is about $\sqrt{E} \times 0.80$. If the front IV is not above the back one, $E \le 0$: the options price no event at all.

The published example (trading-day time): a weekly with 3 days at 80% and the next month with 24 days at 40% give $\sigma_d$ = ${vol(RESEARCH_EVENT.diffusiveVol, 1)}, $E$ = ${num(RESEARCH_EVENT.eventVariance, 5)} and an event move of ${vol(RESEARCH_EVENT.eventMove, 1)}.`,
    },
    {
      type: 'example',
      title: 'A constructed earnings report',
      source: CONSTRUCTED,
      content: tex`**Constructed, not market data**: SPY has no earnings and the simulated market has no earnings dates yet, so this example builds them. A stock at ${m(S)} with SPY's IV30 of ${vol(EVENT_SIGMA_D)} as its everyday volatility reports earnings tonight, and the report's 1-SD move is set to ${vol(EVENT_SD, 0)} ($E$ = ${num(EVENT_E, 4)}). Then by $\sigma_i^2 T_i = \sigma_d^2 T_i + E$:

- the ${WEEK.daysToExpiry}-day expiry's at-the-money IV is ${vol(EV_IV1)}, and the ${MONTH.daysToExpiry}-day's ${vol(EV_IV2)}: the front is lifted far more;
- the formula recovers, from these two IVs alone, $\sigma_d$ = ${vol(EVENT.diffusiveVol)} and an event move of ${vol(EVENT.eventMove)} (what went in, up to the rounding of the quoted IVs to a hundredth of a point);
- the front ${m(EV_K)} straddle, priced by the pricing core at ${vol(EV_IV1)}, costs ${m(EV_STRADDLE)}: ${vol(EV_IMPLIED_MOVE)} of the price, the **implied move** a trader reads off a weekly that expires just after the report.

The morning after, the front IV falls back to ${vol(EVENT_SIGMA_D)}. If the stock has not moved, the straddle is worth ${m(EV_AFTER_FLAT)}: the crush took ${m(EV_CRUSH)} a share, ${m(100 * EV_CRUSH)} a contract. A move of the average size (${vol(EV_MEAN_ABS)}) leaves it worth ${m(EV_AT_MEAN)}, ${EV_AT_MEAN >= EV_STRADDLE ? 'just above' : 'still below'} its cost; it breaks even only on a rise of ${vol(EV_BREAKEVEN)}.

The best peers show the implied move beside the actual moves of the last 4 and 12 reports, so you can see whether options look cheap or expensive against history. Research on US retail traders found that those who buy options around announcements lose 5–9% on average: the implied move usually exceeds the realized one, and the spreads are wide. The **Events** page will show these figures for real earnings dates once the market data has them.`,
      figures: [
        figure('Event move (1 SD)', vol(EVENT.eventMove), tex`\sqrt{\sigma_1^2 T_1 - \sigma_d^2 T_1}`, [
          `σ₁ = ${vol(EV_IV1)}, T₁ = ${WEEK.daysToExpiry}/365`,
          `σ₂ = ${vol(EV_IV2)}, T₂ = ${MONTH.daysToExpiry}/365`,
          `σd = ${vol(EVENT.diffusiveVol)}`,
        ]),
        figure('Implied move from the front straddle', vol(EV_IMPLIED_MOVE), tex`\text{straddle} / S`, [`straddle = ${usd(EV_STRADDLE)}`, `S = ${usd(S)}`]),
        figure('IV crush, the stock unchanged', usd(EV_CRUSH), tex`V_{\text{before}}(\sigma_1, T_1) - V_{\text{after}}(\sigma_d, T_1 - \tfrac{1}{365})`, [
          `σ₁ = ${vol(EV_IV1)}`,
          `T₁ = ${WEEK.daysToExpiry}/365`,
          `σd = ${vol(EVENT_SIGMA_D)}`,
          `K = ${usd(EV_K)}`,
          `S = ${usd(S)}`,
        ]),
      ],
    },
    {
      type: 'interactive',
      title: 'Crush it yourself',
      content: tex`The constructed stock's ${m(EV_K)} call on the ${WEEK.daysToExpiry}-day expiry at the event-lifted IV of ${vol(EV_IV1)}. Move $\sigma$ down to ${vol(EVENT_SIGMA_D)} and $T$ one day shorter: that is the morning after a quiet report. Then move $S$ to see how far the stock has to go to pay for it.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: evInput(EV_IV1, EV_T1), style: 'american' },
    },
  ],
  check: check('market_analysis.earnings-events', [
    numerical(
      'event-move',
      `A weekly expiring after earnings, ${WEEK.daysToExpiry} days out, has an IV of ${vol(EV_IV1)}; the next expiry, ${MONTH.daysToExpiry} days out, ${vol(EV_IV2)}. Using calendar days / 365, what is the 1-SD event move √E, in percent?`,
      round(EVENT.eventMove * 100, 2),
      `σd² = (σ₂²T₂ − σ₁²T₁)/(T₂ − T₁) gives σd = ${vol(EVENT.diffusiveVol)}; E = σ₁²T₁ − σd²T₁ = ${num(EVENT.eventVariance, 6)}; √E = ${vol(EVENT.eventMove)}.`,
      '%',
      0.05,
    ),
    mc(
      'crush',
      'The morning after earnings, the stock has barely moved. What usually happens to the front expiry’s IV and to a straddle bought the day before?',
      [
        'IV falls back and the straddle loses value',
        'IV rises and the straddle gains',
        'IV is unchanged because the stock did not move',
        'The straddle gains because the event is over',
      ],
      'IV falls back and the straddle loses value',
      `The event variance is gone, so the IV drops to the everyday level (in the example from ${vol(EV_IV1)} to ${vol(EVENT_SIGMA_D)}) and the straddle loses ${usd(EV_CRUSH)} a share with the stock unchanged: the IV crush.`,
    ),
    tf(
      'no-event',
      'If the expiry just after an event has a lower IV than the next expiry, the term structure prices no event premium.',
      true,
      'Then σ₁²T₁ − σd²T₁ ≤ 0: there is no variance left for the event, and the Events page refuses to show an implied move.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------- 6. Sentiment from the tape

const tapeOf = (contracts: OptionContract[]): TapeContract[] =>
  contracts.map((c) => ({ type: c.contract_type, volume: c.volume ?? 0, openInterest: c.open_interest ?? 0, price: c.last ?? c.mark ?? 0 }));
const ALL = SPY.expiries.flatMap((e) => e.contracts);
const PCR = putCallRatios(tapeOf(ALL));
const PCR_ROWS = SPY.expiries.map((e) => ({ e, r: putCallRatios(tapeOf(e.contracts)), iv: ivOf(nearestTheMoney(SPY, 'call', e.expiration)) }));
const pcrTable = [
  '| expiry | days | put volume | call volume | P/C volume | put OI | call OI | P/C OI | ATM IV |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...PCR_ROWS.map(
    ({ e, r, iv }) =>
      `| ${formatShortDate(e.expiration)} | ${e.daysToExpiry} | ${num(r.totals.putVolume)} | ${num(r.totals.callVolume)} | ${num(r.volume!, 2)} | ${num(r.totals.putOpenInterest)} | ${num(r.totals.callOpenInterest)} | ${num(r.openInterest!, 2)} | ${vol(iv)} |`,
  ),
].join('\n');
/** Barchart's unusual-activity rule (Barchart, "Unusual Options Activity"): volume > 500, OI > 100, last > $0.10, volume / OI ≥ 1.25. */
const UNUSUAL = ALL.filter(
  (c) => (c.volume ?? 0) > 500 && (c.open_interest ?? 0) > 100 && (c.last ?? 0) > 0.1 && (c.volume ?? 0) / (c.open_interest ?? 1) >= 1.25,
);
const weekPuts = expiryOf(SPY, WEEK.expiration).contracts.filter((c) => c.contract_type === 'put');
const byVolume = [...weekPuts].sort((a, b) => (b.volume ?? 0) - (a.volume ?? 0) || a.strike_price - b.strike_price);
const topPut = byVolume[0]!;
if ((byVolume[1]!.volume ?? 0) === (topPut.volume ?? 0)) throw new Error('two Nov 27 puts share the highest volume');
const TAPE_PROMPT = `Click the put of the ${dateLabel(WEEK.expiration)} expiry that traded the most contracts on ${SESSION}.`;
const tapeOptions = [byVolume[2]!.contract_ticker, topPut.contract_ticker, byVolume[1]!.contract_ticker, byVolume[3]!.contract_ticker];
const monthRow = PCR_ROWS.find((x) => x.e.expiration === MONTH.expiration)!;

const sentiment: Lesson = {
  id: 'market_analysis.sentiment',
  title: 'Sentiment from the options tape',
  minutes: 9,
  blocks: [
    {
      type: 'text',
      title: 'Put/call ratios',
      content: tex`The **tape** is the record of the day's trades. Three ratios summarise it:

- **volume P/C** = put volume / call volume, contracts traded today;
- **open-interest P/C** = put open interest / call open interest, contracts still open;
- **premium P/C** = $\sum$ put volume × price / $\sum$ call volume × price: dollars, so a flood of one-cent lottery tickets counts for little.

Read them **contrarian, at extremes**: when everyone buys puts, fear is already in the price, and market lows often come with very high put volume; very low ratios come with complacent tops. Practitioners quote rough zones (above 1.0 fearful, below 0.7 leaning bullish, for stocks alone above 1.3 or below 0.5 as extremes), but those are folk thresholds. Better: compare a symbol's ratio with **its own** past year, smoothed over 10 or 21 days, because one day is noise. Index options run structurally higher ratios than single stocks: institutions hedge with index puts.`,
    },
    {
      type: 'text',
      title: 'What the tape does not say',
      content: tex`**Volume does not say who bought.** Every trade has a buyer and a seller: 10,000 puts traded may be 10,000 bought in fear or 10,000 sold for income. Nor does it say whether a trade opened a position or closed one. Covered-call writing inflates call volume; portfolio hedges inflate put volume without any view on the market. Treat a ratio as a clue to check, never as a signal on its own.

**Unusual activity** screens look for trades much larger than the open interest, a sign of new positions: Barchart's rule is volume above 500, open interest above 100, a last price above ${m(0.1)} and volume at least 1.25 times the open interest.`,
    },
    {
      type: 'example',
      title: `SPY's put/call ratios on ${SESSION}`,
      source: `${SOURCE}; the snapshot holds strikes within 8% of the price on three expiries, not the whole tape`,
      content: tex`Across the snapshot's ${num(ALL.length)} contracts, ${num(PCR.totals.putVolume)} puts and ${num(PCR.totals.callVolume)} calls traded: a **volume P/C** of ${num(PCR.volume!, 2)}. Open interest: ${num(PCR.totals.putOpenInterest)} puts against ${num(PCR.totals.callOpenInterest)} calls, an **OI P/C** of ${num(PCR.openInterest!, 2)}. In dollars (volume × last × 100): ${mWhole(PCR.totals.putPremium)} of puts against ${mWhole(PCR.totals.callPremium)} of calls, a **premium P/C** of ${num(PCR.premium!, 2)}.

By expiry (all ${SPY.session.slice(0, 4)}):

${pcrTable}

Near 1 on every measure: no extreme, nothing to read into. ${UNUSUAL.length === 0 ? 'No contract met the unusual-activity rule' : `${UNUSUAL.length} contract${UNUSUAL.length === 1 ? '' : 's'} met the unusual-activity rule`}${
        UNUSUAL.length > 0
          ? `, all on the ${[...new Set(UNUSUAL.map((c) => dateLabel(c.expiration_date)))].join(' and ')} expiry, where a week-long contract turns over fast: ${UNUSUAL.slice(
              0,
              3,
            )
              .map((c) => `the ${label(c)} (${num(c.volume!)} traded, ${num(c.open_interest!)} open)`)
              .join(', ')}${UNUSUAL.length > 3 ? ', …' : ''}`
          : ''
      }. The Sentiment page will show each ratio against SPY's own year.`,
      figures: [
        figure('Volume P/C', num(PCR.volume!, 2), tex`\sum \text{put volume} / \sum \text{call volume}`, [
          `put volume = ${num(PCR.totals.putVolume)}`,
          `call volume = ${num(PCR.totals.callVolume)}`,
        ]),
        figure('Open-interest P/C', num(PCR.openInterest!, 2), tex`\sum \text{put OI} / \sum \text{call OI}`, [
          `put OI = ${num(PCR.totals.putOpenInterest)}`,
          `call OI = ${num(PCR.totals.callOpenInterest)}`,
        ]),
        figure(
          'Premium P/C',
          num(PCR.premium!, 2),
          tex`\sum (\text{volume} \times \text{last})_{\text{puts}} / \sum (\text{volume} \times \text{last})_{\text{calls}}`,
          [`put premium = $${num(PCR.totals.putPremium, 0)}`, `call premium = $${num(PCR.totals.callPremium, 0)}`],
        ),
      ],
    },
    {
      type: 'interactive',
      title: 'Where the puts traded',
      content: tex`Scan the volume column of the ${dateLabel(WEEK.expiration)} chain, on the put side, and click the put that traded the most. Is it near the money, or far out?`,
      widget: {
        kind: 'chain-task',
        snapshot: SPY_SNAPSHOT_ID,
        expiration: WEEK.expiration,
        prompt: TAPE_PROMPT,
        answer: [topPut.contract_ticker],
        criterion: { by: 'most-volume', optionType: 'put' },
      },
    },
  ],
  check: check('market_analysis.sentiment', [
    mc(
      'chain-task',
      TAPE_PROMPT,
      tapeOptions,
      topPut.contract_ticker,
      `The ${label(topPut)} traded ${num(topPut.volume!)} contracts, the most of that expiry's puts; its ticker is ${topPut.contract_ticker}.`,
    ),
    numerical(
      'month-pcr',
      `On the ${dateLabel(MONTH.expiration)} expiry, ${num(monthRow.r.totals.putVolume)} puts and ${num(monthRow.r.totals.callVolume)} calls traded. What is its volume put/call ratio?`,
      round(monthRow.r.volume!, 2),
      `${num(monthRow.r.totals.putVolume)} / ${num(monthRow.r.totals.callVolume)} = ${num(monthRow.r.volume!, 3)}.`,
      'puts per call',
      0.01,
    ),
    tf(
      'who-bought',
      'A day with twice as many puts traded as calls shows that traders bought puts to bet on a fall.',
      false,
      'Volume does not say who bought or sold, nor whether trades opened or closed positions; the puts may have been sold, or be hedges.',
    ),
    mc(
      'premium',
      'Which ratio counts a thousand one-cent puts for little?',
      ['The premium (dollar) P/C ratio', 'The volume P/C ratio', 'The open-interest P/C ratio', 'None of them'],
      'The premium (dollar) P/C ratio',
      'It weights each trade by its price, so cheap lottery tickets barely move it.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------------------- 7. Regimes

const SMA50 = simpleMovingAverage(CLOSES, 50)!;
const SMA200 = simpleMovingAverage(CLOSES, 200)!;
const TREND = trendOf({ close: S, sma50: SMA50, sma200: SMA200 });
const VOL_STATE = volatilityState({ ivRank: RANK, termRatio: TERM_RATIO });
const PREMIUM = volatilityPremium(IV_NOW, HV20);
const TREND_WORD = { up: 'Uptrend', down: 'Downtrend', range: 'Range' }[TREND];
const VOL_WORD = { low: 'calm', normal: 'normal volatility', high: 'high volatility' }[VOL_STATE];
const PREMIUM_WORD = { rich: 'IV rich', fair: 'IV fair', cheap: 'IV cheap' }[PREMIUM];
const REGIME_LABEL = `${TREND_WORD}, ${VOL_WORD}, ${PREMIUM_WORD}`;
/** The trend at sessions with 200 closes behind them, a month apart, ending on the last. */
const TREND_ROWS = Array.from({ length: Math.floor((DAYS.length - 200) / 21) + 1 }, (_, k) => DAYS.length - 1 - 21 * k)
  .reverse()
  .map((i) => {
    const closes = CLOSES.slice(0, i + 1);
    const sma50 = simpleMovingAverage(closes, 50)!;
    const sma200 = simpleMovingAverage(closes, 200)!;
    return { date: DAYS[i]!.date, close: CLOSES[i]!, sma50, sma200, trend: trendOf({ close: CLOSES[i]!, sma50, sma200 }) };
  });
const trendTable = [
  '| session | close | SMA50 | SMA200 | trend |',
  '|---|---:|---:|---:|---|',
  ...TREND_ROWS.map((r) => `| ${dateLabel(r.date)} | ${m(r.close)} | ${m(r.sma50)} | ${m(r.sma200)} | ${r.trend} |`),
].join('\n');

const regimes: Lesson = {
  id: 'market_analysis.regimes',
  title: 'Regimes: trend × volatility',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'Three questions about the market',
      content: tex`A **regime** describes the market's state in a few words, so a strategy can be matched to it. Three measures, each with its value and threshold shown:

1. **Trend**: the close against its 50- and 200-day simple moving averages (the mean of the last 50 and 200 closes). **Up** when $C > \text{SMA}_{50} > \text{SMA}_{200}$, **down** when $C < \text{SMA}_{50} < \text{SMA}_{200}$, otherwise a **range**.
2. **Volatility state**: **high** when IV rank is above 60 or $\text{IV}_{30}/\text{IV}_{90}$ above 1 (backwardation); **low** when IV rank is below 30 and the ratio below 0.9; otherwise normal.
3. **Volatility premium**: $\text{IV}_{30} - \text{HV}_{20}$, what options charge over what the market has delivered. **Rich** above +3 points, **cheap** below −1, otherwise fair. Positive is the normal state, not a signal by itself: since 1990 the VIX averaged about 4 points above the volatility that followed, and the premium turns sharply negative only in crises.

A label should not flip every day: the Regime page changes it only after 3 sessions in a row agree.`,
    },
    {
      type: 'example',
      title: `SPY's regime on ${SESSION}`,
      source: HISTORY_SOURCE,
      content: tex`- **Trend**: SPY closed at ${m(S)}; its 50-day average was ${m(SMA50)} and its 200-day ${m(SMA200)}. ${TREND === 'range' ? `The close is ${S < SMA50 ? 'below' : 'above'} the 50-day but the 50-day is ${SMA50 > SMA200 ? 'above' : 'below'} the 200-day: neither rule holds, so the trend reads **range**. SPY fell ${pct(1 - S / CLOSES.at(-22)!)} over the last 21 sessions, enough to cross below the 50-day average but not yet to turn the averages over.` : `The trend reads **${TREND}**.`}
- **Volatility state**: IV rank ${num(RANK, 1)} ([IV rank](lesson:market_analysis.iv-rank)) and IV30 / IV90 = ${num(TERM_RATIO, 3)}: **${VOL_STATE}**.
- **Volatility premium**: IV30 ${vol(IV_NOW)} − HV20 ${vol(HV20)} = ${points(IV_NOW - HV20)}: **${PREMIUM}**. The last month moved more than options now price.

The label: **${REGIME_LABEL}**. The trend over the months that have 200 closes behind them:

${trendTable}`,
      figures: [
        figure('50-day average', usd(SMA50), tex`\tfrac{1}{50}\sum_{i=0}^{49} C_{t-i}`, [`closes ${dateLabel(DAYS.at(-50)!.date)} to ${SESSION}`]),
        figure('200-day average', usd(SMA200), tex`\tfrac{1}{200}\sum_{i=0}^{199} C_{t-i}`, [`closes ${dateLabel(DAYS.at(-200)!.date)} to ${SESSION}`]),
        figure('Volatility premium', points(IV_NOW - HV20), tex`\text{IV}_{30} - \text{HV}_{20}`, [`IV30 = ${vol(IV_NOW)}`, `HV20 = ${vol(HV20)}`]),
      ],
    },
    {
      type: 'interactive',
      title: 'The close against its 50- and 200-day averages',
      content: tex`A year of SPY's closes with the two averages of the trend rule. The trend is up while the close is above the 50-day and the 50-day above the 200-day; the averages need 50 and 200 closes, so they start late in the year.`,
      widget: chart('usd', [
        { label: 'Close', values: CLOSES },
        { label: '50-day average', values: CLOSES.map((_, i) => (i >= 49 ? Math.round(simpleMovingAverage(CLOSES.slice(0, i + 1), 50)! * 100) / 100 : null)) },
        {
          label: '200-day average',
          values: CLOSES.map((_, i) => (i >= 199 ? Math.round(simpleMovingAverage(CLOSES.slice(0, i + 1), 200)! * 100) / 100 : null)),
        },
      ]),
    },
    {
      type: 'text',
      title: 'What practitioners favour in each regime',
      content: tex`Education, not advice: what the practitioners' literature tends to pair with each state.

- **IV rich, price in a range**: selling premium with defined risk, such as the iron condor, which gains while the price stays between its short strikes and the IV falls.
- **IV cheap, a move expected**: buying premium, such as debit spreads, long straddles or calendar spreads (short a near expiry, long a far one, which gain if IV rises).
- **Backwardation, stress**: smaller size, and no short gamma (short options near the money), because moves are large and fast.
- **Trend**: directional spreads in the trend's direction, sized so that a reversal costs what the plan allows.

No regime makes a trade safe. It only says which risks the market is currently paying for.`,
    },
    strategyCard(
      'iron-condor',
      'Rich IV in a range: the Iron Condor card',
      tex`A defined-risk premium sale: it keeps the credit if SPY stays between its short strikes. Its vega is negative: a fall in IV helps it.`,
    ),
    strategyCard(
      'calendar-spread',
      'Cheap IV: the Calendar Spread card',
      tex`Short a near expiry and long a far one at the same strike: its vega is positive, so a rise in IV helps it.`,
    ),
  ],
  check: check('market_analysis.regimes', [
    mc(
      'trend',
      `A stock closes at ${usd(S)} with its 50-day average at ${usd(SMA50)} and its 200-day at ${usd(SMA200)}. By the C / SMA50 / SMA200 rule, what is its trend?`,
      ['range', 'up', 'down'],
      TREND,
      `Up needs C > SMA50 > SMA200 and down C < SMA50 < SMA200; here ${usd(S)} < ${usd(SMA50)} but ${usd(SMA50)} ${SMA50 > SMA200 ? '>' : '<'} ${usd(SMA200)}, so neither holds: ${TREND}.`,
    ),
    numerical(
      'premium',
      `SPY's IV30 was ${vol(IV_NOW, 3)} and its 20-day realized volatility ${vol(HV20, 3)}. What was the volatility premium IV30 − HV20, in volatility points? (Negative if IV was lower.)`,
      round((round(IV_NOW, 5) - round(HV20, 5)) * 100, 3),
      `${vol(IV_NOW, 3)} − ${vol(HV20, 3)} = ${points(IV_NOW - HV20, 3)}: by the thresholds, ${PREMIUM}.`,
      'vol points',
      0.01,
    ),
    tf(
      'iv-above-rv',
      'Implied volatility above realized volatility is unusual, and a sure sign that options are overpriced.',
      false,
      'IV above RV is the normal state (the volatility risk premium: about 4 points for the VIX since 1990); it turns negative mainly in crises.',
    ),
  ]),
};

// ---------------------------------------------------------------------------------------------- 8. Probabilities

const pCall = nearestDelta(SPY, 'call', MONTH.expiration, 0.3);
const pIn = marketInputs(SPY, pCall);
const P_D1 = (Math.log(pIn.S / pIn.K) + (pIn.r - pIn.q + (pIn.sigma * pIn.sigma) / 2) * pIn.T) / (pIn.sigma * Math.sqrt(pIn.T));
const P_D2 = P_D1 - pIn.sigma * Math.sqrt(pIn.T);
const P_DELTA = Math.exp(-pIn.q * pIn.T) * normCdf(P_D1);
const P_ND2 = normCdf(P_D2);
const P_TOUCH = 2 * P_ND2;
const P_DIGITAL = Math.exp(-pIn.r * pIn.T) * P_ND2;
const below = contractAt(SPY, 'call', MONTH.expiration, pIn.K - 1);
const above = contractAt(SPY, 'call', MONTH.expiration, pIn.K + 1);
const P_SPREAD_DIGITAL = exact((midOf(below) - midOf(above)) / 2);
const NO_PRICE = Math.exp(-pIn.r * pIn.T) - P_DIGITAL;
const pLater = nearestDelta(SPY, 'call', LATER.expiration, 0.3);
const pLaterIn = marketInputs(SPY, pLater);
const P_LATER_ND2 = normCdf(
  (Math.log(pLaterIn.S / pLaterIn.K) + (pLaterIn.r - pLaterIn.q - (pLaterIn.sigma * pLaterIn.sigma) / 2) * pLaterIn.T) /
    (pLaterIn.sigma * Math.sqrt(pLaterIn.T)),
);

const probabilities: Lesson = {
  id: 'market_analysis.probabilities',
  title: 'Probabilities and prediction markets',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'Delta is not the probability',
      content: tex`Traders often read a call's delta as "the chance it ends in the money". It is close, but it is not that. In the Black-Scholes model:

$$d_1 = \frac{\ln(S/K) + (r - q + \sigma^2/2)\,T}{\sigma\sqrt T}, \qquad d_2 = d_1 - \sigma\sqrt T$$

- the call's delta is $e^{-qT} N(d_1)$;
- the model's probability that the call ends in the money is $N(d_2)$, a little **lower** for a call;

where $N$ is the standard normal distribution function. The gap grows with volatility and time.

Two more rules of thumb:

- **Touching is about twice as likely as finishing.** The chance the price touches a level before expiry is roughly twice the chance it ends beyond it: a price that ends above $K$ must have crossed it, and a price that crosses it ends above about half the time.
- **These are risk-neutral probabilities.** They come from prices, which include the premium investors pay for protection (the volatility premium of [regimes](lesson:market_analysis.regimes)). Real-world odds differ.`,
    },
    {
      type: 'example',
      title: `The ${label(pCall)}`,
      source: SOURCE,
      content: tex`The call nearest a delta of 0.30 on the ${MONTH.daysToExpiry}-day expiry was the ${label(pCall)}, IV ${vol(pIn.sigma, 3)}. With $S$ = ${m(S)}, $K$ = ${m(pIn.K)}, $T$ = ${MONTH.daysToExpiry}/365, $r$ = ${pct(SPY.r)}, $q$ = ${pct(SPY.q)}: $d_1$ = ${dec(P_D1, 4)} and $d_2$ = ${dec(P_D2, 4)}.

- The call's delta: ${dec(pCall.delta!, 4)} in the chain (the American engine); the Black-Scholes $e^{-qT} N(d_1)$ = ${num(P_DELTA, 4)}.
- The model's chance SPY ends above ${m(pIn.K)}: $N(d_2)$ = ${vol(P_ND2)}.
- The chance it **touches** ${m(pIn.K)} before expiry: about $N(d_2) \times 2$ = ${vol(P_TOUCH)}.`,
      figures: [
        figure('Probability of ending in the money', vol(P_ND2), tex`N(d_2)`, [
          `d₂ = ${dec(P_D2, 4)}`,
          `S = ${usd(S)}`,
          `K = ${usd(pIn.K)}`,
          `T = ${MONTH.daysToExpiry}/365`,
          `σ = ${vol(pIn.sigma, 3)}`,
          `r = ${pct(SPY.r)}`,
          `q = ${pct(SPY.q)}`,
        ]),
        figure('Probability of touching before expiry', vol(P_TOUCH), tex`\approx 2\,N(d_2)`, [`N(d₂) = ${vol(P_ND2)}`]),
      ],
    },
    {
      type: 'text',
      title: 'A binary option’s price is a probability',
      content: tex`A **binary** (digital) contract pays ${m(1)} if the price ends above $K$ and nothing otherwise. It is worth the chance of being paid, discounted: $e^{-rT} N(d_2)$. Prediction markets such as Kalshi and Polymarket trade exactly such contracts ("Will the S&P 500 close above 6,000 on Friday?"), priced between 0 and 1 dollar: a YES at 30 cents says "about 30%". YES and NO together cost $e^{-rT}$, a dollar less the interest.

The options market prices the same contract with a tight **call spread**: long the $K - 1$ call and short the $K + 1$ call pays about ${m(2)} above $K$, so half of its price is a binary. That version includes the skew, which $N(d_2)$ at one IV does not. Studies comparing the two markets find gaps of several percentage points, widest for unlikely outcomes; in both, cheap long shots win less often than their price implies.`,
    },
    {
      type: 'example',
      title: `A binary on SPY above ${usd(pIn.K)}`,
      source: SOURCE,
      content: tex`A contract paying ${m(1)} if SPY ends above ${m(pIn.K)} on ${dateLabel(MONTH.expiration)}:

- from the model: $e^{-rT} N(d_2)$ = ${m3(P_DIGITAL)}; its NO side ${m3(NO_PRICE)}, the two together ${m3(P_DIGITAL + NO_PRICE)};
- from the chain: the ${label(below)} at a mid of ${mp(midOf(below))} less the ${label(above)} at ${mp(midOf(above))}, halved: ${mp(P_SPREAD_DIGITAL)}.

The call spread ${P_SPREAD_DIGITAL > P_DIGITAL ? 'prices it higher' : 'prices it lower'}: the skew makes IV fall as the strike rises, and a falling IV raises the spread's value above what one flat $\sigma$ gives.`,
      figures: [
        figure('Binary from the model', `$${P_DIGITAL.toFixed(3)}`, tex`e^{-rT} N(d_2)`, [
          `r = ${pct(SPY.r)}`,
          `T = ${MONTH.daysToExpiry}/365`,
          `N(d₂) = ${vol(P_ND2)}`,
        ]),
        figure('Binary from the call spread', perShare(P_SPREAD_DIGITAL), tex`\tfrac{1}{2}\big(C(K-1) - C(K+1)\big)`, [
          `C(${pIn.K - 1}) mid = ${perShare(midOf(below))}`,
          `C(${pIn.K + 1}) mid = ${perShare(midOf(above))}`,
        ]),
      ],
    },
    {
      type: 'interactive',
      title: 'Delta against the price',
      content: tex`The ${label(pCall)}. Watch its delta as you move $S$ and $\sigma$: it is not the probability, but it moves the same way.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: pIn, style: 'american' },
    },
  ],
  check: check('market_analysis.probabilities', [
    mc(
      'which',
      'In the Black-Scholes model, which is the probability that a call ends in the money?',
      ['N(d₂)', 'The delta', 'N(d₁)', 'The option’s price'],
      'N(d₂)',
      'N(d₂) is the risk-neutral probability of ending in the money; the delta e^(−qT) N(d₁) is a little higher for a call.',
    ),
    numerical(
      'touch',
      `The model gives a ${vol(P_ND2)} chance that SPY ends above ${usd(pIn.K)}. By the rule of thumb, about what is the chance it touches ${usd(pIn.K)} before expiry, in percent?`,
      round(2 * round(P_ND2 * 100, 2), 2),
      `About twice: 2 × ${vol(P_ND2)} = ${num(2 * round(P_ND2 * 100, 2), 2)}%.`,
      '%',
      0.1,
    ),
    numerical(
      'spread-binary',
      `The ${label(below)} has a mid of ${perShare(midOf(below))} and the ${label(above)} ${perShare(midOf(above))}. What does the call spread say a binary paying $1 above ${usd(pIn.K)} is worth, in dollars?`,
      P_SPREAD_DIGITAL,
      `(${perShare(midOf(below))} − ${perShare(midOf(above))}) / 2 = ${perShare(P_SPREAD_DIGITAL)}.`,
      '$',
      0.005,
    ),
  ]),
};

// ------------------------------------------------------------------------------------------------------ Quiz

const EM_LATER_SIGMA = ivOf(laterAtm);
const EM_LATER = expectedMove({ price: S, iv: EM_LATER_SIGMA, t: LATER.daysToExpiry / 365 });
const weekAtmC = nearestTheMoney(SPY, 'call', WEEK.expiration);
const weekAtmP = nearestTheMoney(SPY, 'put', WEEK.expiration);
const WEEK_STRADDLE = exact(midOf(weekAtmC) + midOf(weekAtmP));
const IV90_LOW = Math.min(...IV90);
const IV90_HIGH = Math.max(...IV90);

const quiz: Quiz = {
  id: 'market_analysis.quiz',
  passingScore: 80,
  questions: [
    numerical(
      'em-later',
      `SPY at ${usd(S)}; the ${label(laterAtm)} has an IV of ${vol(EM_LATER_SIGMA, 3)}, ${LATER.daysToExpiry} days to expiry. What is the 1-SD expected move, in dollars?`,
      round(EM_LATER, 2),
      `${usd(S)} × ${vol(EM_LATER_SIGMA, 3)} × √(${LATER.daysToExpiry}/365) = ${usd(EM_LATER)}.`,
      '$',
      0.05,
    ),
    numerical(
      'straddle-week',
      `The ${dateLabel(WEEK.expiration)} at-the-money straddle (the ${label(weekAtmC)} and put) costs ${perShare(WEEK_STRADDLE)} at the mids. About half the time SPY ends within how many dollars of its price?`,
      exact(straddleMoves(WEEK_STRADDLE).halfTheTimeRange),
      `0.85 × ${perShare(WEEK_STRADDLE)} = ${perShare(straddleMoves(WEEK_STRADDLE).halfTheTimeRange)}.`,
    ),
    mc(
      'straddle-means',
      'What does the price of an at-the-money straddle approximate?',
      ['The average size of the move to expiry, either way', 'The 1-SD move', 'The largest move possible', 'The 2-SD move'],
      'The average size of the move to expiry, either way',
      'The straddle ≈ √(2/π) × S σ √t ≈ 0.80 of 1 SD: the expected absolute move.',
    ),
    numerical(
      'rank-90',
      `SPY's 90-day IV closed at ${vol(IV90_NOW, 3)}; over the year it ranged from ${vol(IV90_LOW, 3)} to ${vol(IV90_HIGH, 3)}. What was its IV rank?`,
      round(RANK90, 1),
      `100 × (${vol(IV90_NOW, 3)} − ${vol(IV90_LOW, 3)}) / (${vol(IV90_HIGH, 3)} − ${vol(IV90_LOW, 3)}) = ${num(RANK90, 2)}.`,
      'points',
      0.1,
    ),
    mc(
      'rank-vs-percentile',
      'A stock had one week of extreme IV ten months ago and ordinary IV since. Which measure tells you better whether today’s IV is high for it?',
      ['IV percentile', 'IV rank', 'The raw IV', 'The put/call ratio'],
      'IV percentile',
      'The spike sets the year’s high and squashes every later IV rank; the percentile counts that week as five days among 252.',
    ),
    tf(
      'skew',
      `On SPY's ${dateLabel(MONTH.expiration)} expiry, the 25-delta put carried a higher IV than the 25-delta call.`,
      IV_P25 > IV_C25,
      `The put's IV was ${vol(IV_P25)} and the call's ${vol(IV_C25)}: a risk reversal of ${points(RR25)}, the usual equity skew.`,
    ),
    numerical(
      'event-research',
      'A weekly expiring after earnings has 3 trading days to go at an IV of 80%; the next month, 24 trading days, 40%. Using trading days / 252, what is the 1-SD event move √E, in percent?',
      round(RESEARCH_EVENT.eventMove * 100, 2),
      `σd² = (0.16 × 24/252 − 0.64 × 3/252) / (21/252) = ${num(RESEARCH_EVENT.diffusiveVol ** 2, 4)}; E = 0.64 × 3/252 − σd² × 3/252 = ${num(RESEARCH_EVENT.eventVariance, 5)}; √E = ${vol(RESEARCH_EVENT.eventMove)}.`,
      '%',
      0.05,
    ),
    numerical(
      'oi-pcr',
      `Across the snapshot, ${num(PCR.totals.putOpenInterest)} puts and ${num(PCR.totals.callOpenInterest)} calls were open. What is the open-interest put/call ratio?`,
      round(PCR.openInterest!, 2),
      `${num(PCR.totals.putOpenInterest)} / ${num(PCR.totals.callOpenInterest)} = ${num(PCR.openInterest!, 3)}.`,
      'puts per call',
      0.01,
    ),
    mc(
      'contrarian',
      'The equity put/call ratio reaches an extreme high after a sharp fall. How do practitioners usually read it?',
      ['As fear near its peak, often close to a short-term low', 'As proof the fall will continue', 'As a sign of complacency', 'As meaningless in every case'],
      'As fear near its peak, often close to a short-term low',
      'Sentiment is read contrarian at extremes: when everyone has bought protection, the fear is in the price.',
    ),
    mc(
      'regime-fit',
      'IV is rich against realized volatility and the price has been in a range. Which template do practitioners most often pair with that?',
      ['Iron condor', 'Long straddle', 'Long call', 'Calendar spread'],
      'Iron condor',
      'Rich IV in a range favours defined-risk premium selling; the condor gains from time and a fall in IV while the price stays between its short strikes.',
    ),
    numerical(
      'nd2-later',
      `The ${label(pLater)} (IV ${vol(pLaterIn.sigma, 3)}, ${LATER.daysToExpiry} days) has N(d₂) = ${vol(P_LATER_ND2)}. About what is the chance SPY touches ${usd(pLaterIn.K)} before expiry, in percent?`,
      round(2 * round(P_LATER_ND2 * 100, 2), 2),
      `About twice the chance of ending above: 2 × ${vol(P_LATER_ND2)} = ${num(2 * round(P_LATER_ND2 * 100, 2), 2)}%.`,
      '%',
      0.1,
    ),
    tf(
      'delta-probability',
      `A call with a delta of ${num(pCall.delta!, 2)} has exactly a ${num(pCall.delta! * 100, 0)}% chance of ending in the money.`,
      false,
      `Delta is e^(−qT) N(d₁); the model's probability is N(d₂), ${vol(P_ND2)} for the ${label(pCall)}, and it is risk-neutral, not a real-world forecast.`,
    ),
  ],
};

export const marketAnalysis: LearningModule = {
  id: 'market_analysis',
  title: 'Market Analysis',
  description:
    'Reading the market through its options: historical against implied volatility, the expected move, IV rank and percentile, skew and term structure, event moves and the IV crush, put/call ratios, regimes, and the probabilities hidden in prices. Every figure is computed from SPY’s simulated end-of-day data of Nov 20, 2026 and a year of its history.',
  difficulty: 'intermediate',
  estimatedTime: 80,
  prerequisites: ['options_greeks'],
  objectives: [
    'Compute realized volatility from closes and compare it with implied volatility, using the square root of time and the rule of 16',
    'Turn an IV into a 1-SD expected move and tell it apart from the straddle and 0.85 × straddle',
    'Compute IV rank and IV percentile and say when each misleads',
    'Measure skew with the 25-delta risk reversal and read a term structure as contango or backwardation',
    'Split an event’s implied move out of the term structure and explain the IV crush',
    'Read put/call ratios with their caveats, and name a regime from trend, volatility state and volatility premium',
    'Tell N(d₂) from delta, estimate a touch probability, and price a binary as a probability',
  ],
  lessons: [historicalVsImplied, expectedMoveLesson, ivRankLesson, skewTermStructure, earningsEvents, sentiment, regimes, probabilities],
  quiz,
};
