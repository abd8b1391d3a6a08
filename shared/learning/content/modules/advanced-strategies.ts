import { check, strategyCard } from '../lib/questions';
import type { StrategyLeg } from '../../../strategy';
import type { ContentBlock, Figure, LearningModule, Lesson, PracticalExercise, Quiz } from '../types';
import { figure, multipleChoice, numerical, trueFalse } from '../greeks-lib/build';
import { day, md, num, pct, usd } from '../greeks-lib/format';
import { SOURCE } from '../greeks-lib/market';
import { perShare, tex } from '../lib/figures';
import { SPY, contractAt } from '../lib/snapshot';
import { MESSAGES } from '../../../compliance/checks';
import { RATES, S, SESSION, analyze, daysTo, moveLeg, place, type Placed } from '../advanced-lib/place';

/**
 * advanced_strategies (issue 17): straddles and strangles, iron condors and iron
 * butterflies, butterflies, calendars and diagonals, ratio spreads and backspreads, the jade lizard, risk reversal and
 * synthetics, and why conversions, reversals and boxes are not free money. Each strategy is its shared/strategy
 * template placed on the SPY snapshot of Nov 20, 2026 by the builder's placement (premiums at the marks), and every
 * figure comes from the strategy analytics (analyzeAtExpiry, positionGreeks). test/shared/learning/advanced-strategies.test.ts
 * recomputes the figures and keys from the raw snapshot.
 */

/** The paper account's refusal of an uncovered short call (shared/compliance), quoted as the learner will see it. */
const NAKED_CALL = md(MESSAGES.nakedCall);
/** Dollars in Markdown. */
const M = (x: number, digits = 2) => md(usd(x, digits));
/** A price per share in Markdown, to the tenth of a cent where a mark has it. */
const P = (x: number) => md(perShare(x));
const source = `${SOURCE}: SPY at ${usd(S)}; legs placed by the builder's template placement at the marks (mid of bid and ask)`;
const payoff = (title: string, content: string, legs: StrategyLeg[]): ContentBlock => ({
  type: 'interactive',
  title,
  content,
  widget: { kind: 'payoff', underlying: 'SPY', spot: S, asOf: SESSION, legs, iv: legs[0]!.iv ?? 0.2 },
});

/** "buy 1 Dec 18 577 call at $10.185", one line per leg. */
const legLine = (l: StrategyLeg) => `${l.action} ${l.quantity} ${day(l.expiration).replace(', 2026', '')} ${l.strike} ${l.optionType} at ${P(l.premium)}`;
const legList = (legs: readonly StrategyLeg[]) => legs.map((l) => `- ${legLine(l)}`).join('\n');
const legInputs = (legs: readonly StrategyLeg[]) =>
  legs.map((l) => `${l.action === 'buy' ? '−' : '+'}${l.quantity} × ${perShare(l.premium)} (${l.strike} ${l.optionType})`);
const unlimited = (x: number) => !Number.isFinite(x);
const dollars = (x: number) => (unlimited(x) ? 'Unlimited' : usd(x));

/** The four expiry figures of one lot, as analyzeAtExpiry gives them, with the formula the builder applies. */
function expiryFigures(p: Pick<Placed, 'legs' | 'analysis'>, formulas: { maxProfit?: string; maxLoss?: string; breakevens?: string } = {}): Figure[] {
  const { analysis: a, legs } = p;
  const credit = a.netPremium >= 0;
  return [
    figure(credit ? 'Net credit' : 'Net debit', usd(Math.abs(a.netPremium)), tex`100 \times \sum \pm\,\text{quantity} \times \text{premium}`, legInputs(legs)),
    figure('Maximum profit at expiry', dollars(a.maxProfit), formulas.maxProfit ?? tex`\max_{S_T} \text{P\&L}(S_T)`, [
      `net ${credit ? 'credit' : 'debit'} = ${usd(Math.abs(a.netPremium))}`,
      `strikes ${[...new Set(legs.map((l) => l.strike))].join(', ')}`,
    ]),
    figure('Maximum loss at expiry', unlimited(a.maxLoss) ? 'Unlimited' : usd(-a.maxLoss), formulas.maxLoss ?? tex`-\min_{S_T} \text{P\&L}(S_T)`, [
      `net ${credit ? 'credit' : 'debit'} = ${usd(Math.abs(a.netPremium))}`,
      `strikes ${[...new Set(legs.map((l) => l.strike))].join(', ')}`,
    ]),
    figure('Breakevens at expiry', a.breakevens.map(perShare).join(' and '), formulas.breakevens ?? tex`\text{P\&L}(S_T) = 0`, [
      `net ${credit ? 'credit' : 'debit'} = ${perShare(Math.abs(a.netPremium) / 100)} a share`,
    ]),
  ];
}

const greekFigures = (p: Pick<Placed, 'legs' | 'greeks'>): Figure[] => {
  const inputs = [`S = ${usd(S)}`, `r = ${pct(RATES.r)}`, `q = ${pct(RATES.q)}`, 'each leg at its chain IV, American engine'];
  return [
    figure('Position delta', `${num(p.greeks.delta, 2)} shares`, tex`100 \sum \pm\,\text{qty}\,\Delta_i`, inputs),
    figure('Position theta', `${usd(p.greeks.theta)} a day`, tex`100 \sum \pm\,\text{qty}\,\Theta_i / 365`, inputs),
    figure('Position vega', `${usd(p.greeks.vega)} per vol point`, tex`100 \sum \pm\,\text{qty}\,\mathcal{V}_i / 100`, inputs),
  ];
};

// ------------------------------------------------------------------------------------------ the strategies

const longStraddle = place('long-straddle');
const shortStraddle = place('short-straddle');
const longStrangle = place('long-strangle');
const shortStrangle = place('short-strangle');
const condor = place('iron-condor');
/** The same sold strikes with wings 10 strikes in: the width choice of lesson 2 and the exercise's size. */
const NARROW = 10;
const narrowCondor = (() => {
  const legs = moveLeg(moveLeg(condor.legs, 0, condor.legs[1]!.strike - NARROW), 3, condor.legs[2]!.strike + NARROW);
  return { legs, ...analyze(legs) };
})();
const ironFly = place('long-iron-butterfly');
const fly = place('butterfly-spread');
const bwb = place('broken-wing-butterfly');
const calendar = place('calendar-spread');
const diagonal = place('bull-call-diagonal');
const ratio = place('call-ratio-spread');
const backspread = place('call-ratio-back-spread');
const lizard = place('jade-lizard');
const riskReversal = place('bullish-risk-reversal');
const synthetic = place('long-synthetic-future');

const front = longStraddle.legs[0]!.expiration;
const K = longStraddle.legs[0]!.strike;
const FRONT = day(front);
const FRONT_DAYS = daysTo(front);
const width = (p: { legs: StrategyLeg[] }, a: number, b: number) => Math.abs(p.legs[b]!.strike - p.legs[a]!.strike);

// ------------------------------------------------------------------------ lesson 1: straddles and strangles

const straddleLessonId = 'advanced_strategies.straddles-strangles';
const straddles: Lesson = {
  id: straddleLessonId,
  title: 'Straddles and strangles: trading the size of a move',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'A view on volatility, not direction',
      content: tex`A **long straddle** buys a call and a put at the same strike and expiry; a **long strangle** buys a call above the price and a put below it. Both gain if SPY moves far enough either way, and both lose all their cost if it ends between the strikes. You are betting that the move will be *larger* than the market's prices imply: the implied volatility you pay is the bar to clear (lesson:options_greeks.vega).

The **short** versions sell the same options. You collect the premium and keep it if SPY stays quiet, but the sold call has **no limit on its loss**: the further SPY rises, the more you owe. Its worst case cannot be stated in dollars. The paper account refuses such an order at every trading level, with the message: “${NAKED_CALL}” The next lesson caps the loss with bought wings.`,
    },
    {
      type: 'example',
      title: `The ${FRONT} ${K} straddle and the 30-delta strangle`,
      content: tex`Placed by the builder on the ${FRONT} expiry (${FRONT_DAYS} days), the straddle at the strike nearest SPY's close (${M(S)}):

${legList(longStraddle.legs)}

It costs ${M(-longStraddle.analysis.netPremium)} and makes money at expiry only below ${P(longStraddle.analysis.breakevens[0]!)} or above ${P(longStraddle.analysis.breakevens[1]!)}: SPY must move more than ${P(-longStraddle.analysis.netPremium / 100)}, ${pct(-longStraddle.analysis.netPremium / 100 / S)} of its price, in ${FRONT_DAYS} days. The strangle (about 30-delta legs) is cheaper because both options are out of the money:

${legList(longStrangle.legs)}

It costs ${M(-longStrangle.analysis.netPremium)} and needs SPY below ${P(longStrangle.analysis.breakevens[0]!)} or above ${P(longStrangle.analysis.breakevens[1]!)}. The seller of the straddle receives ${M(shortStraddle.analysis.netPremium)} at most, with the same breakevens and an unlimited loss above the upper one. The seller's position Greeks show what is being sold: a positive theta (time works for it) and a negative vega (a rise in IV hurts it).`,
      source,
      figures: [
        figure('Straddle cost', usd(-longStraddle.analysis.netPremium), tex`100\,(C + P)`, legInputs(longStraddle.legs)),
        figure('Straddle breakevens', longStraddle.analysis.breakevens.map(perShare).join(' and '), tex`K \mp (C + P)`, [
          `K = ${usd(K, 0)}`,
          `C + P = ${perShare(-longStraddle.analysis.netPremium / 100)}`,
        ]),
        figure('Strangle cost', usd(-longStrangle.analysis.netPremium), tex`100\,(C_{K_2} + P_{K_1})`, legInputs(longStrangle.legs)),
        figure('Strangle breakevens', longStrangle.analysis.breakevens.map(perShare).join(' and '), tex`K_1 - (C + P),\ K_2 + (C + P)`, [
          `K₁ = ${usd(longStrangle.legs[1]!.strike, 0)}`,
          `K₂ = ${usd(longStrangle.legs[0]!.strike, 0)}`,
          `C + P = ${perShare(-longStrangle.analysis.netPremium / 100)}`,
        ]),
        ...greekFigures(shortStraddle).map((f) => ({ ...f, label: `Short straddle: ${f.label.toLowerCase()}` })),
      ],
    },
    strategyCard('long-straddle', 'Long straddle'),
    strategyCard('long-strangle', 'Long strangle'),
    strategyCard('short-straddle', 'Short straddle'),
    strategyCard('short-strangle', 'Short strangle'),
    {
      type: 'text',
      title: 'Before you choose a side',
      content: tex`Write down the move you expect and compare it with the breakevens. A straddle bought before news often loses even when SPY moves, because implied volatility falls after the news (IV crush) and takes the options' time value with it. A straddle sold for its premium can give back months of small gains in one large move. Neither is a better trade in general: which side is right depends on whether the move you expect is larger than the one priced in.`,
    },
  ],
  check: check(straddleLessonId, [
    numerical(
      'straddle-upper-breakeven',
      tex`The ${FRONT} ${K} straddle costs ${P(-longStraddle.analysis.netPremium / 100)} a share at the marks. What is its upper breakeven at expiry, in dollars?`,
      longStraddle.analysis.breakevens[1]!,
      2,
      0.01,
      '$',
      tex`Upper breakeven = strike + total premium per share: ${M(K, 0)} + ${P(-longStraddle.analysis.netPremium / 100)} = ${P(longStraddle.analysis.breakevens[1]!)}.`,
    ),
    trueFalse(
      'short-strangle-risk',
      'The maximum loss of a short strangle is the distance between its strikes.',
      false,
      'False: the sold call has no cap, so the loss of a short strangle above the upper breakeven has no limit.',
    ),
    multipleChoice(
      'which',
      'You expect SPY to move sharply after an announcement but do not know which way. Which position profits if the move is larger than the market expects?',
      ['Long straddle', 'Short straddle', 'Short strangle', 'Covered call'],
      'Long straddle',
      'A long straddle gains from a large move in either direction; the short straddle and strangle gain from a small one.',
    ),
  ]),
};

// ------------------------------------------------------------------------ lesson 2: iron condor and iron butterfly

const condorLessonId = 'advanced_strategies.iron-condor-butterfly';
const wideWing = width(condor, 0, 1);
const ironCondor: Lesson = {
  id: condorLessonId,
  title: 'Iron condors and iron butterflies: premium with a cap on the loss',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'A short strangle with wings',
      content: tex`An **iron condor** is a short strangle with protection bought further out: sell a put and a call out of the money, and buy a cheaper put below and a cheaper call above. The bought options are the "wings". It is two credit spreads at once (lesson:advanced_strategies.straddles-strangles): a bull put spread below and a bear call spread above. At expiry SPY can be beyond only one of them, so:

$$\text{max profit} = \text{credit}, \qquad \text{max loss} = \text{wing width} \times 100 - \text{credit}$$

An **iron butterfly** sells the put and the call at the *same* strike, at the money, with wings around it: a larger credit, kept in full only if SPY ends exactly at the middle strike.

The width of the wings is the choice that sets the risk. Wider wings collect more credit but lose more when they are reached; narrower wings cost more of the credit but cap the loss lower.`,
    },
    {
      type: 'example',
      title: 'The 20-delta iron condor, and the same condor with narrower wings',
      content: tex`The builder's template sells the put and the call nearest 20 delta on the ${FRONT} expiry, buys a put about 10 delta below, and buys a call the same distance above the sold call:

${legList(condor.legs)}

Its wings are ${M(wideWing, 0)} wide. It collects ${M(condor.analysis.netPremium)} and can lose ${M(-condor.analysis.maxLoss)}: it risks ${num(-condor.analysis.maxLoss / condor.analysis.netPremium, 1)} dollars for each dollar it can make. Keep the sold strikes and move each wing to ${M(NARROW, 0)} from them (${condor.legs[1]!.strike - NARROW} put, ${condor.legs[2]!.strike + NARROW} call, at their marks):

${legList(narrowCondor.legs)}

Now the credit is ${M(narrowCondor.analysis.netPremium)} and the maximum loss ${M(-narrowCondor.analysis.maxLoss)}. The breakevens hardly move (${narrowCondor.analysis.breakevens.map(perShare).map(md).join(' and ')}), because they depend on the credit only. The iron butterfly at the ${K} strike collects ${M(ironFly.analysis.netPremium)}, far more, but breaks even at ${ironFly.analysis.breakevens.map(perShare).map(md).join(' and ')}, a narrower range, and can lose ${M(-ironFly.analysis.maxLoss)}.`,
      source,
      figures: [
        ...expiryFigures(condor, { maxLoss: tex`100 \times \text{width} - \text{credit}`, breakevens: tex`K_{\text{put}} - c,\ K_{\text{call}} + c` }).map(
          (f) => ({ ...f, label: `${usd(wideWing, 0)}-wide: ${f.label.toLowerCase()}` }),
        ),
        ...expiryFigures(narrowCondor, {
          maxLoss: tex`100 \times \text{width} - \text{credit}`,
          breakevens: tex`K_{\text{put}} - c,\ K_{\text{call}} + c`,
        }).map((f) => ({ ...f, label: `${usd(NARROW, 0)}-wide: ${f.label.toLowerCase()}` })),
        ...expiryFigures(ironFly, { maxLoss: tex`100 \times \text{width} - \text{credit}`, breakevens: tex`K \mp c` }).map((f) => ({
          ...f,
          label: `Iron butterfly: ${f.label.toLowerCase()}`,
        })),
        ...greekFigures(narrowCondor).map((f) => ({ ...f, label: `${usd(NARROW, 0)}-wide condor: ${f.label.toLowerCase()}` })),
      ],
    },
    payoff(
      'Move the price and the days',
      'The narrower condor at the marks. Slide the price to a wing and the days to expiry: the loss is capped at the width less the credit, and before expiry the curve is rounder than the expiry line.',
      narrowCondor.legs,
    ),
    strategyCard('iron-condor', 'Iron condor'),
    strategyCard('long-iron-butterfly', 'Iron butterfly (sold body, bought wings)'),
    {
      type: 'text',
      title: 'What the credit does not say',
      content: tex`A high chance of keeping a small credit and a small chance of losing several times it can average out to nothing, or to a loss after commissions. The number to judge is the whole trade: how much, how often, and what you will do if SPY reaches a sold strike. Decide that exit before placing the order (the risk-adjustment module returns to it).`,
    },
  ],
  check: check(condorLessonId, [
    numerical(
      'narrow-max-loss',
      tex`An iron condor on SPY with ${M(NARROW, 0)}-wide wings collects ${M(narrowCondor.analysis.netPremium)}. What is its maximum loss at expiry, in dollars, for one condor?`,
      -narrowCondor.analysis.maxLoss,
      2,
      0.01,
      '$',
      tex`Width × 100 − credit = ${M(NARROW * 100, 0)} − ${M(narrowCondor.analysis.netPremium)} = ${M(-narrowCondor.analysis.maxLoss)}. Only one side can be in the money at expiry.`,
    ),
    multipleChoice(
      'wider',
      'Keeping the sold strikes, you move both wings further out. What happens?',
      [
        'The credit rises and the maximum loss rises',
        'The credit falls and the maximum loss falls',
        'The credit rises and the maximum loss falls',
        'Nothing changes at expiry',
      ],
      'The credit rises and the maximum loss rises',
      tex`Further wings are cheaper to buy, so more of the credit is kept (${M(narrowCondor.analysis.netPremium)} → ${M(condor.analysis.netPremium)} here), but the width grows faster than the credit (maximum loss ${M(-narrowCondor.analysis.maxLoss)} → ${M(-condor.analysis.maxLoss)}).`,
    ),
    trueFalse(
      'fly-range',
      'An iron butterfly collects more than an iron condor on the same expiry, and its breakevens are closer together.',
      true,
      tex`Here ${M(ironFly.analysis.netPremium)} against ${M(condor.analysis.netPremium)}, with breakevens ${ironFly.analysis.breakevens.map(perShare).map(md).join('–')} against ${condor.analysis.breakevens.map(perShare).map(md).join('–')}: more credit for a narrower range.`,
    ),
  ]),
};

// ------------------------------------------------------------------------ lesson 3: butterflies

const flyLessonId = 'advanced_strategies.butterflies';
const flyLower = width(fly, 0, 1);
const butterflies: Lesson = {
  id: flyLessonId,
  title: 'Butterflies and broken-wing butterflies: aiming at a price',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'One-two-one',
      content: tex`A **call butterfly** buys one call below the price, sells two at the middle strike and buys one above, all on one expiry, with equal distances. It costs a small debit, which is its whole risk, and pays most if SPY ends exactly at the middle strike: then the lower call is worth the distance between the strikes and the others expire worthless.

$$\text{max profit} = 100 \times (K_{\text{mid}} - K_{\text{low}}) - \text{debit}$$

A **broken-wing butterfly** moves the upper wing further out. The trade becomes cheaper (sometimes a credit), the loss below the lower strike shrinks, and a new, larger loss appears above the upper strike. The risk has been moved, not removed.`,
    },
    {
      type: 'example',
      title: `The ${K} butterfly and its broken-wing cousin`,
      content: tex`The builder's butterfly around the ${K} strike, ${M(flyLower, 0)} wings:

${legList(fly.legs)}

It costs ${M(-fly.analysis.netPremium)}, can make ${M(fly.analysis.maxProfit)} at ${M(K, 0)}, and makes money between ${fly.analysis.breakevens.map(perShare).map(md).join(' and ')}. The broken-wing template places the lower call about 70 delta and the upper call one strike further than a balanced butterfly would:

${legList(bwb.legs)}

It costs ${M(-bwb.analysis.netPremium)}. Below ${M(bwb.legs[0]!.strike, 0)} it loses that debit; above ${M(bwb.legs[2]!.strike, 0)} it loses ${M(-bwb.analysis.maxLoss)}: the debit plus 100 × the extra ${M(width(bwb, 1, 2) - width(bwb, 0, 1), 0)} of the upper wing. On SPY's one-dollar strikes "one strike further" is a small skew; on a chain with five-dollar strikes it is a large one.`,
      source,
      figures: [
        ...expiryFigures(fly, { maxProfit: tex`100\,(K_{\text{mid}} - K_{\text{low}}) - \text{debit}`, maxLoss: tex`\text{debit}` }).map((f) => ({
          ...f,
          label: `Butterfly: ${f.label.toLowerCase()}`,
        })),
        ...expiryFigures(bwb, { maxLoss: tex`100\,(\text{upper width} - \text{lower width}) + \text{debit}` }).map((f) => ({
          ...f,
          label: `Broken wing: ${f.label.toLowerCase()}`,
        })),
      ],
    },
    payoff(
      'A peak at the middle strike',
      'The butterfly at the marks. Move the days to expiry: the peak only rises near expiry, which is why butterflies are usually closed before it.',
      fly.legs,
    ),
    strategyCard('butterfly-spread', 'Butterfly'),
    strategyCard('broken-wing-butterfly', 'Broken-wing butterfly'),
  ],
  check: check(flyLessonId, [
    numerical(
      'fly-max-profit',
      tex`A call butterfly ${fly.legs.map((l) => l.strike).join('/')} costs ${M(-fly.analysis.netPremium)}. What is its maximum profit at expiry, in dollars?`,
      fly.analysis.maxProfit,
      2,
      0.01,
      '$',
      tex`100 × (${fly.legs[1]!.strike} − ${fly.legs[0]!.strike}) − ${M(-fly.analysis.netPremium)} = ${M(fly.analysis.maxProfit)}, with SPY at ${M(K, 0)} at expiry.`,
    ),
    multipleChoice(
      'where',
      'Where does a call butterfly make its largest profit at expiry?',
      ['At the middle strike', 'Below the lower strike', 'Above the upper strike', 'Anywhere between the lower and upper strikes equally'],
      'At the middle strike',
      'At the middle strike the lower call is worth the full distance between strikes and the sold calls expire worthless.',
    ),
    trueFalse(
      'bwb-side',
      'The broken-wing butterfly of the lesson can lose more above its upper strike than below its lower strike.',
      true,
      tex`Below: the debit, ${M(-bwb.analysis.netPremium)}. Above: ${M(-bwb.analysis.maxLoss)}, because the upper wing is wider than the lower.`,
    ),
  ]),
};

// ------------------------------------------------------------------------ lesson 4: calendars and diagonals

const calLessonId = 'advanced_strategies.calendars-diagonals';
const back = calendar.legs[1]!.expiration;
const calendars: Lesson = {
  id: calLessonId,
  title: 'Calendars and diagonals: trading time',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Two expiries',
      content: tex`A **calendar spread** sells an option on a near expiry and buys one at the same strike on a later expiry. The near option loses its time value faster (lesson:options_greeks.theta), so if SPY stays near the strike the spread widens. A **diagonal** does the same with different strikes, which adds a direction: a bull call diagonal buys a later, lower-strike call and sells a nearer, higher-strike one.

Because the later option is still alive when the near one expires, the result at the first expiry is **not** a fixed line: it depends on what the later option is worth then, which depends on its implied volatility. The builder estimates it with the pricing model; the figures below are estimates, not guarantees. The later option also has more vega, so a calendar gains when implied volatility rises, the opposite of the strategies in the two lessons before.`,
    },
    {
      type: 'example',
      title: `The ${K} call calendar, ${FRONT} / ${day(back)}`,
      content: tex`The builder's calendar:

${legList(calendar.legs)}

It costs ${M(-calendar.analysis.netPremium)}. At the ${FRONT} expiry, valuing the ${day(back)} call at its current IV, the best outcome is about ${M(calendar.analysis.maxProfit, 0)}, and it is estimated to make money between ${calendar.analysis.breakevens.map((x) => M(x, 0)).join(' and ')}. Its position vega is ${M(calendar.greeks.vega)} per vol point: positive. The bull call diagonal:

${legList(diagonal.legs)}

costs ${M(-diagonal.analysis.netPremium)} and has a delta of ${num(diagonal.greeks.delta, 1)} shares: mostly a bullish bet on SPY, with the sold call lowering its cost. Its theta is ${M(diagonal.greeks.theta)} a day: the deep in-the-money bought call, not time, drives this one.`,
      source,
      figures: [
        figure('Calendar debit', usd(-calendar.analysis.netPremium), tex`100\,(C_{\text{back}} - C_{\text{front}})`, legInputs(calendar.legs)),
        figure(
          'Calendar: estimated best P&L at the front expiry',
          `about ${usd(calendar.analysis.maxProfit, 0)}`,
          tex`\max_{S}\ 100\,\big(C_{\text{back}}(S, \tau, \sigma) - \max(S - K, 0)\big) - \text{debit}`,
          [`K = ${usd(K, 0)}`, `τ = ${daysTo(back) - FRONT_DAYS} days`, `σ = ${pct(calendar.legs[1]!.iv!)}`, `debit = ${usd(-calendar.analysis.netPremium)}`],
        ),
        figure('Calendar: loss at most', usd(-calendar.analysis.maxLoss), tex`\text{debit}`, [`debit = ${usd(-calendar.analysis.netPremium)}`]),
        ...greekFigures(calendar).map((f) => ({ ...f, label: `Calendar: ${f.label.toLowerCase()}` })),
        figure('Diagonal debit', usd(-diagonal.analysis.netPremium), tex`100\,(C_{\text{back}, K_1} - C_{\text{front}, K_2})`, legInputs(diagonal.legs)),
        ...greekFigures(diagonal).map((f) => ({ ...f, label: `Diagonal: ${f.label.toLowerCase()}` })),
      ],
    },
    strategyCard('calendar-spread', 'Calendar spread'),
    strategyCard('bull-call-diagonal', 'Bull call diagonal'),
  ],
  check: check(calLessonId, [
    numerical(
      'calendar-debit',
      tex`The ${K} call calendar sells the ${FRONT} call at ${P(calendar.legs[0]!.premium)} and buys the ${day(back)} call at ${P(calendar.legs[1]!.premium)}. What does one calendar cost, in dollars?`,
      -calendar.analysis.netPremium,
      2,
      0.01,
      '$',
      tex`100 × (${P(calendar.legs[1]!.premium)} − ${P(calendar.legs[0]!.premium)}) = ${M(-calendar.analysis.netPremium)}.`,
    ),
    multipleChoice(
      'vega',
      'Implied volatility rises across both expiries while SPY stays put. What happens to a long calendar’s value, all else equal?',
      ['It rises', 'It falls', 'It does not change'],
      'It rises',
      tex`The later option has more vega than the near one: the position vega is ${M(calendar.greeks.vega)} per vol point.`,
    ),
    trueFalse(
      'exact',
      'A calendar’s profit at the first expiry is known exactly when you open it.',
      false,
      'False: the later option is still trading then, and its value depends on its implied volatility and the time left; the builder estimates it.',
    ),
  ]),
};

// ------------------------------------------------------------------------ lesson 5: ratio spreads and backspreads

const ratioLessonId = 'advanced_strategies.ratio-backspreads';
const ratios: Lesson = {
  id: ratioLessonId,
  title: 'Ratio spreads and backspreads: the naked part',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Unequal numbers of options',
      content: tex`A **call ratio spread** buys one call and sells two at a higher strike. The second sold call is not covered by anything: above the upper breakeven it loses like a short call, without limit. A **call backspread** is the mirror: sell one call, buy two higher. It gains without limit on a large rally and loses most if SPY ends exactly at the upper strike.

Count the calls on each side before you trade a ratio: more sold than bought means an uncovered part, whatever the spread is called. The paper account refuses the uncovered call (“${NAKED_CALL}”); the backspread, with more calls bought than sold, it accepts.`,
    },
    {
      type: 'example',
      title: `1×2 at ${ratio.legs[0]!.strike} / ${ratio.legs[1]!.strike}`,
      content: tex`The builder's call ratio spread:

${legList(ratio.legs)}

It costs ${M(-ratio.analysis.netPremium)}, makes at most ${M(ratio.analysis.maxProfit)} with SPY at ${M(ratio.legs[1]!.strike, 0)}, and loses without limit above ${P(ratio.analysis.breakevens[1]!)}. The backspread on the same strikes is its exact opposite: a credit of ${M(backspread.analysis.netPremium)}, the largest loss ${M(-backspread.analysis.maxLoss)} at ${M(backspread.legs[1]!.strike, 0)}, and an unlimited gain above ${P(backspread.analysis.breakevens[1]!)}.`,
      source,
      figures: [
        ...expiryFigures(ratio, { maxProfit: tex`100\,(K_2 - K_1) - \text{debit}`, breakevens: tex`K_1 + d,\ K_2 + (K_2 - K_1) - d` }).map((f) => ({
          ...f,
          label: `Ratio spread: ${f.label.toLowerCase()}`,
        })),
        ...expiryFigures(backspread).map((f) => ({ ...f, label: `Backspread: ${f.label.toLowerCase()}` })),
      ],
    },
    {
      type: 'interactive',
      title: 'Step the price at expiry',
      content: 'Each leg’s and the total P&L of the ratio spread at expiry. Watch the second sold call take over above the upper strike.',
      widget: { kind: 'expiry-stepper', underlying: 'SPY', legs: ratio.legs, prices: [560, ratio.legs[0]!.strike, ratio.legs[1]!.strike, 600, 610, 620] },
    },
    strategyCard('call-ratio-spread', 'Call ratio spread'),
    strategyCard('call-ratio-back-spread', 'Call ratio backspread'),
  ],
  check: check(ratioLessonId, [
    trueFalse(
      'unlimited',
      'A 1×2 call ratio spread (buy one, sell two higher) has an unlimited loss if SPY rises far enough.',
      true,
      'True: one of the two sold calls is not covered by a bought call.',
    ),
    numerical(
      'ratio-max-profit',
      tex`The ${ratio.legs[0]!.strike}/${ratio.legs[1]!.strike} 1×2 call ratio spread costs ${M(-ratio.analysis.netPremium)}. What is its maximum profit at expiry, in dollars?`,
      ratio.analysis.maxProfit,
      2,
      0.01,
      '$',
      tex`At ${M(ratio.legs[1]!.strike, 0)}: 100 × (${ratio.legs[1]!.strike} − ${ratio.legs[0]!.strike}) − ${M(-ratio.analysis.netPremium)} = ${M(ratio.analysis.maxProfit)}.`,
    ),
    multipleChoice(
      'backspread',
      'Where does a call backspread (sell one, buy two higher) lose the most at expiry?',
      ['At the upper strike', 'Far above the upper strike', 'Far below the lower strike', 'At the lower strike'],
      'At the upper strike',
      tex`There the sold call is worth the full distance between strikes and the two bought calls nothing: ${M(-backspread.analysis.maxLoss)} here.`,
    ),
  ]),
};

// ------------------------------------------------------------------------ lesson 6: jade lizard, risk reversal, synthetics

const lizardLessonId = 'advanced_strategies.jade-lizard-synthetics';
const lizardCallWidth = width(lizard, 1, 2);
const syntheticCost = -synthetic.analysis.netPremium / 100;
const lizards: Lesson = {
  id: lizardLessonId,
  title: 'Jade lizard, risk reversal and synthetics',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Combinations with a purpose',
      content: tex`A **jade lizard** sells a put and a bear call spread. If the total credit is larger than the call spread's width, a rally cannot lose money: at worst the call spread costs its width, and the credit already covers it. The risk is on the downside, where the sold put loses like owning shares below its strike.

A **risk reversal** buys an out-of-the-money call and sells an out-of-the-money put: a bullish position for little or no cash, with the downside of the sold put.

A **synthetic long future** buys a call and sells a put at the same strike and expiry. At expiry it pays $S_T - K$ whatever happens, exactly like 100 shares bought at $K$; put-call parity (lesson:options_greeks.parity) is the reason its price is close to $S - K$ adjusted for interest and dividends.`,
    },
    {
      type: 'example',
      title: 'Three placements',
      content: tex`The builder's jade lizard:

${legList(lizard.legs)}

The credit, ${M(lizard.analysis.netPremium)}, is larger than the most the call spread can cost, ${M(lizardCallWidth, 0)} a share or ${M(lizardCallWidth * 100, 0)} a contract, so no price above ${P(lizard.analysis.breakevens[0]!)} loses money at expiry; below ${P(lizard.analysis.breakevens[0]!)} it loses as a shareholder would, up to ${M(-lizard.analysis.maxLoss)} if SPY went to zero.

The bullish risk reversal:

${legList(riskReversal.legs)}

takes in ${M(riskReversal.analysis.netPremium)} and has a delta of ${num(riskReversal.greeks.delta, 1)} shares. The synthetic long future at ${M(K, 0)}:

${legList(synthetic.legs)}

costs ${P(syntheticCost)} a share and has a delta of ${num(synthetic.greeks.delta, 1)} shares: it behaves like 100 shares, with the same loss if SPY falls. The paper account secures the sold put with cash (strike × 100), so here it ties up about as much as the shares would.`,
      source,
      figures: [
        ...expiryFigures(lizard, { breakevens: tex`K_{\text{put}} - c` }).map((f) => ({ ...f, label: `Jade lizard: ${f.label.toLowerCase()}` })),
        figure('Jade lizard: call spread width', usd(lizardCallWidth * 100, 0), tex`100\,(K_{\text{long call}} - K_{\text{short call}})`, [
          `${lizard.legs[2]!.strike} − ${lizard.legs[1]!.strike}`,
        ]),
        ...greekFigures(riskReversal).map((f) => ({ ...f, label: `Risk reversal: ${f.label.toLowerCase()}` })),
        figure('Synthetic future: cost per share', perShare(syntheticCost), tex`C - P`, legInputs(synthetic.legs)),
        figure('Synthetic future: breakeven', perShare(synthetic.analysis.breakevens[0]!), tex`K + (C - P)`, [
          `K = ${usd(K, 0)}`,
          `C − P = ${perShare(syntheticCost)}`,
        ]),
        ...greekFigures(synthetic).map((f) => ({ ...f, label: `Synthetic future: ${f.label.toLowerCase()}` })),
      ],
    },
    strategyCard('jade-lizard', 'Jade lizard'),
    strategyCard('bullish-risk-reversal', 'Bullish risk reversal'),
    strategyCard('long-synthetic-future', 'Long synthetic future'),
  ],
  check: check(lizardLessonId, [
    multipleChoice(
      'lizard-condition',
      'When does a jade lizard carry no risk on the upside?',
      ['When the total credit is larger than the call spread’s width', 'When the put is at the money', 'When the calls expire later than the put', 'Always'],
      'When the total credit is larger than the call spread’s width',
      tex`Above the bought call the call spread costs its width at most; a credit larger than that width leaves a profit. Here ${M(lizard.analysis.netPremium)} against the ${M(lizardCallWidth * 100, 0)} the call spread can cost.`,
    ),
    numerical(
      'synthetic-breakeven',
      tex`You buy the ${FRONT} ${K} call at ${P(synthetic.legs[0]!.premium)} and sell the ${K} put at ${P(synthetic.legs[1]!.premium)}. What is the breakeven at expiry, in dollars?`,
      synthetic.analysis.breakevens[0]!,
      2,
      0.01,
      '$',
      tex`${M(K, 0)} + (${P(synthetic.legs[0]!.premium)} − ${P(synthetic.legs[1]!.premium)}) = ${P(synthetic.analysis.breakevens[0]!)}.`,
    ),
    trueFalse(
      'synthetic',
      'A long call and a short put at the same strike and expiry pay at expiry the same as 100 shares bought at the strike.',
      true,
      'True: above the strike the call pays S − K; below it the put costs K − S; either way S − K a share.',
    ),
  ]),
};

// ------------------------------------------------------------------------ lesson 7: no free money

const freeLessonId = 'advanced_strategies.no-free-money';
const BOX = { low: 570, high: 585 };
const boxContracts = {
  lowCall: contractAt(SPY, 'call', front, BOX.low),
  highCall: contractAt(SPY, 'call', front, BOX.high),
  lowPut: contractAt(SPY, 'put', front, BOX.low),
  highPut: contractAt(SPY, 'put', front, BOX.high),
};
const bc = boxContracts;
/** Buying the box: the call spread and the put spread, each bought at the ask and sold at the bid (per share). */
const boxBuy = bc.lowCall.ask! - bc.highCall.bid! + bc.highPut.ask! - bc.lowPut.bid!;
const boxSell = bc.lowCall.bid! - bc.highCall.ask! + bc.highPut.bid! - bc.lowPut.ask!;
const boxWidth = BOX.high - BOX.low;
const boxT = FRONT_DAYS / 365;
/** The continuous rate at which selling the box borrows: ln(width / credit) / T. */
const boxRate = Math.log(boxWidth / boxSell) / boxT;
const belowIntrinsic = SPY.expiries
  .flatMap((e) => e.contracts)
  .filter((c) => c.mark! < Math.max(0, c.contract_type === 'call' ? S - c.strike_price : c.strike_price - S) - 1e-9).length;
const contractCount = SPY.expiries.reduce((n, e) => n + e.contracts.length, 0);
const boxLegs = [
  `buy ${BOX.low} call at ${perShare(bc.lowCall.ask!)}`,
  `sell ${BOX.high} call at ${perShare(bc.highCall.bid!)}`,
  `buy ${BOX.high} put at ${perShare(bc.highPut.ask!)}`,
  `sell ${BOX.low} put at ${perShare(bc.lowPut.bid!)}`,
];
const noFreeMoney: Lesson = {
  id: freeLessonId,
  title: 'Conversions, reversals and boxes: why “free money” is not',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Positions that lock in a number',
      content: tex`Some combinations pay a fixed amount at expiry, whatever SPY does:

- a **conversion** buys 100 shares, buys a put and sells a call at the same strike $K$: at expiry you deliver the shares for $K$;
- a **reversal** is the opposite: short shares, sell the put, buy the call;
- a **box** buys a call spread and a put spread on the same two strikes: at expiry it is worth exactly $(K_2 - K_1) \times 100$ dollars.

A fixed payment in the future is worth less than the same cash today: its fair price is roughly the amount discounted at the interest rate. Screeners sometimes show such a combination "mispriced" at the mids and call it free money. It almost never is, for three reasons: you trade at the bid and the ask, not the mid, on four legs at once; cash has a cost (the interest you give up, or pay); and American options can be **exercised early**, which breaks the lock.`,
    },
    {
      type: 'example',
      title: `The ${BOX.low}/${BOX.high} box on the ${FRONT} expiry`,
      content: tex`The box pays ${M(boxWidth * 100, 0)} at expiry. Bought as the paper account fills by default (buys at the ask, sales at the bid):

${boxLegs.map((l) => `- ${md(l)}`).join('\n')}

it costs ${M(boxBuy * 100)}, more than the ${M(boxWidth * 100, 0)} it pays: a loss of ${M((boxBuy - boxWidth) * 100)} before four commissions. Sold instead, it brings in ${M(boxSell * 100)} now and owes ${M(boxWidth * 100, 0)} in ${FRONT_DAYS} days: a loan at about ${pct(boxRate, 1)} a year, against the ${pct(RATES.r, 1)} risk-free rate of the snapshot.

A seller who thinks that loan is free can be surprised worse. In January 2019 a Robinhood user posting as 1R0NYMAN sold box spreads on American-style stock options to raise cash; a sold option was **assigned early**, the "locked" box turned into a stock position, and the forced liquidation left a loss of about \$58,000 on an account of a few thousand dollars. The broker then banned box spreads.`,
      source,
      figures: [
        figure('Box value at expiry', usd(boxWidth * 100, 0), tex`100\,(K_2 - K_1)`, [`K₁ = ${usd(BOX.low, 0)}`, `K₂ = ${usd(BOX.high, 0)}`]),
        figure('Cost to buy the box', usd(boxBuy * 100), tex`100\,(C^{ask}_{K_1} - C^{bid}_{K_2} + P^{ask}_{K_2} - P^{bid}_{K_1})`, boxLegs),
        figure('Credit to sell the box', usd(boxSell * 100), tex`100\,(C^{bid}_{K_1} - C^{ask}_{K_2} + P^{bid}_{K_2} - P^{ask}_{K_1})`, [
          `${BOX.low} call bid ${perShare(bc.lowCall.bid!)}`,
          `${BOX.high} call ask ${perShare(bc.highCall.ask!)}`,
          `${BOX.high} put bid ${perShare(bc.highPut.bid!)}`,
          `${BOX.low} put ask ${perShare(bc.lowPut.ask!)}`,
        ]),
        figure('Rate the seller borrows at', pct(boxRate, 1), tex`\ln\!\left(\dfrac{K_2 - K_1}{\text{credit}}\right) \Big/ T`, [
          `K₂ − K₁ = ${usd(boxWidth, 0)}`,
          `credit = ${perShare(boxSell)} a share`,
          `T = ${FRONT_DAYS}/365`,
        ]),
      ],
    },
    {
      type: 'text',
      title: 'Our simulated market has no free money either',
      content: tex`The product's simulated market prices American-style options (SPY's, for one) as American, with an engine that includes the value of exercising early, and never quotes one below its intrinsic value: of the ${contractCount} contracts of this snapshot, ${belowIntrinsic === 0 ? 'none has' : `${belowIntrinsic} have`} a mark below intrinsic. Buying a deep in-the-money option and exercising it at once therefore loses the spread and the commission; the product's tests check exactly that. If you ever find a trade that seems to make money whatever happens, look for the spread, the interest, the dividend or the early exercise you have left out.`,
    },
  ],
  check: check(freeLessonId, [
    numerical(
      'box-cost',
      tex`Using the quotes of the lesson, what does it cost to buy one ${BOX.low}/${BOX.high} box (buys at the ask, sales at the bid), in dollars, before commissions?`,
      boxBuy * 100,
      2,
      0.01,
      '$',
      tex`100 × (${P(bc.lowCall.ask!)} − ${P(bc.highCall.bid!)} + ${P(bc.highPut.ask!)} − ${P(bc.lowPut.bid!)}) = ${M(boxBuy * 100)}, more than the ${M(boxWidth * 100, 0)} it pays at expiry.`,
    ),
    multipleChoice(
      'why',
      'A screener shows a box whose mids add up to less than its value at expiry. Which of these does NOT eat the apparent profit?',
      ['The option’s delta', 'The bid–ask spread on four legs', 'The interest the cash could earn', 'Early assignment of an American option'],
      'The option’s delta',
      'A box has no net delta; the spreads, the cost of money and early assignment are what turn "free money" into a loss.',
    ),
    trueFalse(
      'early',
      'A short box built from American-style options can be broken by early assignment before expiry.',
      true,
      'True: the holder of an American option can exercise any day; the sold leg is then gone and the rest is no longer locked, as the 1R0NYMAN loss showed.',
    ),
  ]),
};

// ------------------------------------------------------------------------ quiz

const quiz: Quiz = {
  id: 'advanced_strategies.quiz',
  passingScore: 80,
  questions: [
    numerical(
      'strangle-cost',
      tex`The ${FRONT} strangle buys the ${longStrangle.legs[0]!.strike} call at ${P(longStrangle.legs[0]!.premium)} and the ${longStrangle.legs[1]!.strike} put at ${P(longStrangle.legs[1]!.premium)}. What does one strangle cost, in dollars?`,
      -longStrangle.analysis.netPremium,
      2,
      0.01,
      '$',
      tex`100 × (${P(longStrangle.legs[0]!.premium)} + ${P(longStrangle.legs[1]!.premium)}) = ${M(-longStrangle.analysis.netPremium)}.`,
    ),
    numerical(
      'short-straddle-max',
      tex`You sell the ${FRONT} ${K} call at ${P(shortStraddle.legs[0]!.premium)} and the ${K} put at ${P(shortStraddle.legs[1]!.premium)}. What is the most you can make at expiry, in dollars?`,
      shortStraddle.analysis.maxProfit,
      2,
      0.01,
      '$',
      tex`The credit, ${M(shortStraddle.analysis.maxProfit)}, kept in full only if SPY ends exactly at ${M(K, 0)}.`,
    ),
    numerical(
      'condor-credit',
      tex`An iron condor buys the ${condor.legs[0]!.strike} put at ${P(condor.legs[0]!.premium)}, sells the ${condor.legs[1]!.strike} put at ${P(condor.legs[1]!.premium)}, sells the ${condor.legs[2]!.strike} call at ${P(condor.legs[2]!.premium)} and buys the ${condor.legs[3]!.strike} call at ${P(condor.legs[3]!.premium)}. What is its maximum loss at expiry, in dollars?`,
      -condor.analysis.maxLoss,
      2,
      0.01,
      '$',
      tex`Credit = ${M(condor.analysis.netPremium)}; width × 100 − credit = ${M(wideWing * 100, 0)} − ${M(condor.analysis.netPremium)} = ${M(-condor.analysis.maxLoss)}.`,
    ),
    multipleChoice(
      'condor-breakeven',
      tex`That iron condor collects ${M(condor.analysis.netPremium)}. Where are its breakevens at expiry?`,
      [
        condor.analysis.breakevens.map(perShare).map(md).join(' and '),
        [condor.legs[1]!.strike, condor.legs[2]!.strike].map((k) => M(k, 0)).join(' and '),
        [condor.legs[0]!.strike, condor.legs[3]!.strike].map((k) => M(k, 0)).join(' and '),
      ],
      condor.analysis.breakevens.map(perShare).map(md).join(' and '),
      tex`Sold put − credit per share and sold call + credit per share: ${condor.analysis.breakevens.map(perShare).map(md).join(' and ')}.`,
    ),
    multipleChoice(
      'theta-vega',
      'Which of these positions has a positive vega (gains when implied volatility rises)?',
      ['Long calendar', 'Iron condor', 'Short strangle', 'Call butterfly'],
      'Long calendar',
      tex`The calendar's later option carries more vega than the near one (${M(calendar.greeks.vega)} per point); the others sell volatility.`,
    ),
    numerical(
      'bwb-upside-loss',
      tex`A broken-wing call butterfly buys the ${bwb.legs[0]!.strike} call, sells two ${bwb.legs[1]!.strike} calls and buys the ${bwb.legs[2]!.strike} call for a debit of ${M(-bwb.analysis.netPremium)}. How much does it lose at expiry if SPY ends above ${M(bwb.legs[2]!.strike, 0)}, in dollars?`,
      -bwb.analysis.maxLoss,
      2,
      0.01,
      '$',
      tex`Above the upper strike the calls net 100 × ((${bwb.legs[2]!.strike} − ${bwb.legs[1]!.strike}) − (${bwb.legs[1]!.strike} − ${bwb.legs[0]!.strike})) = ${M((width(bwb, 1, 2) - width(bwb, 0, 1)) * 100, 0)} against you, plus the ${M(-bwb.analysis.netPremium)} debit: ${M(-bwb.analysis.maxLoss)}.`,
    ),
    trueFalse(
      'bwb-free',
      'Moving a butterfly’s upper wing further out removes its risk.',
      false,
      'False: it lowers the cost and the downside loss, and creates a larger loss above the upper strike.',
    ),
    multipleChoice(
      'ratio-naked',
      'Which of these has an unlimited loss if SPY rallies hard?',
      ['A 1×2 call ratio spread (buy one, sell two higher)', 'A call backspread (sell one, buy two higher)', 'A call butterfly', 'An iron condor'],
      'A 1×2 call ratio spread (buy one, sell two higher)',
      'The ratio spread has one more sold call than bought ones; the others are covered or long the extra call.',
    ),
    numerical(
      'lizard-upside',
      tex`A jade lizard collects ${M(lizard.analysis.netPremium)} and its call spread is ${M(lizardCallWidth, 0)} wide. What does it make at expiry if SPY ends far above the bought call, in dollars?`,
      lizard.analysis.netPremium - lizardCallWidth * 100,
      2,
      0.01,
      '$',
      tex`Credit − 100 × width = ${M(lizard.analysis.netPremium)} − ${M(lizardCallWidth * 100, 0)} = ${M(lizard.analysis.netPremium - lizardCallWidth * 100)}: still a profit, because the credit exceeds the width.`,
    ),
    numerical(
      'box-sell',
      tex`Selling the ${BOX.low}/${BOX.high} box of the lesson at the quotes (sales at the bid, buys at the ask) brings in how many dollars now, before commissions?`,
      boxSell * 100,
      2,
      0.01,
      '$',
      tex`100 × (${P(bc.lowCall.bid!)} − ${P(bc.highCall.ask!)} + ${P(bc.highPut.bid!)} − ${P(bc.lowPut.ask!)}) = ${M(boxSell * 100)}; you owe ${M(boxWidth * 100, 0)} at expiry.`,
    ),
    trueFalse(
      'intrinsic',
      'In the product’s simulated market, an American-style option can be bought below its intrinsic value and exercised at once for a profit.',
      false,
      'False: American options are priced as American and never quoted below intrinsic, so buying and exercising loses the spread and the commission.',
    ),
  ],
};

// ------------------------------------------------------------------------ exercise

/** The exercise's limit on the condor's maximum loss (dollars). */
export const CONDOR_MAX_LOSS = 800;
const narrowMid = narrowCondor.analysis.netPremium / 100;
const narrowFills = narrowCondor.legs.reduce((s, l) => {
  const c = contractAt(SPY, l.optionType, l.expiration, l.strike);
  return s + (l.action === 'sell' ? c.bid! : -c.ask!);
}, 0);

const ironCondorExercise: PracticalExercise = {
  id: 'advanced_strategies.iron-condor',
  title: 'An iron condor with a loss you chose',
  description: 'Build an iron condor on SPY whose maximum loss you set before placing it, and place all four legs as one limit order.',
  scenario: tex`You expect SPY to stay in a range for the next few weeks and want to sell premium with a defined worst case. Build an iron condor on one SPY expiry 20 to 50 days out, choose the wing width so that the maximum loss is at most ${M(CONDOR_MAX_LOSS, 0)}, and place the four legs as a single limit order at the mid net credit or better. Before you place it, write down where SPY must be for you to close the trade early.`,
  requirements: [
    {
      type: 'position',
      description: `Hold an iron condor on SPY with 20–50 days to expiry and a maximum loss of at most ${usd(CONDOR_MAX_LOSS, 0)}`,
      criteria: { strategy: 'iron-condor', underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 50, maxLoss: CONDOR_MAX_LOSS },
    },
    {
      type: 'order',
      description: 'Place it as one multi-leg limit order at or better than the mid net price',
      criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' },
    },
  ],
  hints: [
    'Open the Iron Condor template in the builder on SPY; it places the sold strikes near 20 delta.',
    tex`The maximum loss is the wing width × 100 − the credit. On Nov 20, 2026, wings ${M(NARROW, 0)} from 20-delta sold strikes gave ${M(-narrowCondor.analysis.maxLoss)}; the template's wider wings gave ${M(-condor.analysis.maxLoss)}.`,
    'Send the four legs together as one order with a limit credit at the mid or higher; a credit order fills at or above its limit, or not at all.',
  ],
  solution: tex`On Nov 20, 2026: on the ${FRONT} expiry (${FRONT_DAYS} days), ${narrowCondor.legs.map(legLine).join('; ')}. The net mid is a ${P(narrowMid)} credit (${M(narrowCondor.analysis.netPremium)}); the maximum loss is ${M(NARROW * 100, 0)} − ${M(narrowCondor.analysis.netPremium)} = ${M(-narrowCondor.analysis.maxLoss)}, under ${M(CONDOR_MAX_LOSS, 0)}, with breakevens ${narrowCondor.analysis.breakevens.map(perShare).map(md).join(' and ')}. Place it as one limit order for a credit of at least ${P(narrowMid)}; at the bid and ask of each leg it would bring only ${P(narrowFills)}.`,
};

// ------------------------------------------------------------------------ module

export const advancedStrategies: LearningModule = {
  id: 'advanced_strategies',
  title: 'Advanced strategies: volatility, time and defined risk',
  description:
    'Straddles and strangles, iron condors and butterflies, calendars and diagonals, ratio spreads, the jade lizard, risk reversals and synthetics, and why conversions and boxes are not free money, each placed on the SPY chain of Nov 20, 2026.',
  difficulty: 'advanced',
  estimatedTime: 90,
  // Multi-leg strategies are built from the verticals, covered positions and spreads of basic_strategies, and judged by
  // their position Greeks (vega, theta), which options_greeks teaches.
  prerequisites: ['basic_strategies', 'options_greeks'],
  objectives: [
    'Choose between a long and a short straddle or strangle from the move you expect and the one priced in, and state the short side’s unlimited risk',
    'Compute an iron condor’s and an iron butterfly’s credit, maximum loss and breakevens, and choose the wing width for the loss you accept',
    'Say where a butterfly pays and where a broken-wing butterfly moves its risk',
    'Explain why a calendar’s result is an estimate and why it gains from rising implied volatility',
    'Find the uncovered part of a ratio spread or backspread before trading it',
    'Check a jade lizard’s no-upside-risk condition, and use a synthetic future as 100 shares',
    'Explain why conversions, reversals and boxes do not make free money: spreads, interest and early assignment',
  ],
  lessons: [straddles, ironCondor, butterflies, calendars, ratios, lizards, noFreeMoney],
  quiz,
  practicalExercise: ironCondorExercise,
};

/** The placed strategies, for the module's test (which recomputes them from the raw snapshot). */
export const ADVANCED_PLACEMENTS = {
  longStraddle,
  shortStraddle,
  longStrangle,
  shortStrangle,
  condor,
  narrowCondor,
  ironFly,
  fly,
  bwb,
  calendar,
  diagonal,
  ratio,
  backspread,
  lizard,
  riskReversal,
  synthetic,
};
export const ADVANCED_BOX = { ...BOX, expiration: front, buy: boxBuy, sell: boxSell, rate: boxRate };
