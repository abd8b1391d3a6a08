import { tex } from '../lib/figures';
import { positionGreeks } from '../../../strategy';
import type { OptionInput } from '../../../pricing';
import type { LearningModule, Lesson, PracticalExercise, Question, Quiz } from '../types';
import { figure, inputsOf, legOf, multipleChoice, numerical, trueFalse } from '../greeks-lib/build';
import { day, md, num, pct, signedUsd, usd } from '../greeks-lib/format';
import {
  ATM_STRIKE,
  DATE,
  S,
  SNAPSHOT,
  SNAPSHOT_NAME,
  SOURCE,
  d1d2,
  displayGreeks,
  europeanValue,
  intrinsic,
  marketInputs,
  nearestDelta,
  q,
  quote,
  r,
  value,
} from '../greeks-lib/market';

/**
 * options_greeks (issue 17): what sets an option's price, Black-Scholes and
 * put-call parity, then the five Greeks and position Greeks. Every figure is computed here from the SPY snapshot of
 * Nov 20, 2026 with the pricing core (American contracts by the Andersen-Lake-Offengenden engine, as the product
 * prices them), in the product's units: theta per calendar day, vega per 1 vol point, rho per 1 rate point.
 * test/shared/learning/options-greeks.test.ts recomputes every figure and numerical key independently.
 */

const M = (x: number, digits = 2) => md(usd(x, digits));
const MS = (x: number, digits = 2) => md(signedUsd(x, digits));
const PER_CONTRACT = 100;

// ------------------------------------------------------------------------------------------------ the contracts

const K = ATM_STRIKE;
const C7 = quote(7, 'call', K);
const P7 = quote(7, 'put', K);
const C28 = quote(28, 'call', K);
const P28 = quote(28, 'put', K);
const C41 = quote(41, 'call', K);
const P41 = quote(41, 'put', K);
const g7c = displayGreeks(C7.input);
const g7p = displayGreeks(P7.input);
const g28c = displayGreeks(C28.input);
const g28p = displayGreeks(P28.input);
const g41c = displayGreeks(C41.input);
const g41p = displayGreeks(P41.input);
const E7 = C7.expiry;
const E28 = C28.expiry;
const E41 = C41.expiry;
const name = (x: { contract: { strike_price: number; contract_type: string }; expiry: { expiration: string; days: number } }) =>
  `${day(x.expiry.expiration)} ${x.contract.strike_price} ${x.contract.contract_type} (${x.expiry.days} days)`;
const source = `${SOURCE}: SPY at ${usd(S)}, r = ${pct(r)}, q = ${pct(q)}; IVs solved from each contract's mark by the American engine`;

/** Re-prices an input with some fields changed (the American engine). */
const at = (x: { input: OptionInput }, change: Partial<OptionInput>) => value({ ...x.input, ...change });

// --------------------------------------------------------------------------------- lesson 1: what sets the price

const up = {
  S: 5,
  K: 5,
  days: E41.days - E28.days,
  sigma: 0.05,
  r: 0.01,
  q: 0.01,
};
const sixInputs = (x: typeof C28) => ({
  S: at(x, { S: S + up.S }) - x.mark,
  K: at(x, { K: x.input.K + up.K }) - x.mark,
  T: at(x, { T: x.input.T + up.days / 365 }) - x.mark,
  sigma: at(x, { sigma: x.input.sigma + up.sigma }) - x.mark,
  r: at(x, { r: r + up.r }) - x.mark,
  q: at(x, { q: q + up.q }) - x.mark,
});
const six = { call: sixInputs(C28), put: sixInputs(P28) };
const skew = [quote(28, 'put', 550), C28, quote(28, 'call', 600)] as const;

const SIX_LABELS = {
  S: `S up ${usd(up.S, 0)}`,
  K: `K up ${usd(up.K, 0)}`,
  T: `${up.days} more days`,
  sigma: `σ up ${up.sigma * 100} points`,
  r: `r up ${up.r * 100} point`,
  q: `q up ${up.q * 100} point`,
} as const;
const SIX_FORMULAS = {
  S: tex`V(S + 5) - V(S)`,
  K: tex`V(K + 5) - V(K)`,
  T: tex`V(T + ${up.days}/365) - V(T)`,
  sigma: tex`V(\sigma + 0.05) - V(\sigma)`,
  r: tex`V(r + 0.01) - V(r)`,
  q: tex`V(q + 0.01) - V(q)`,
} as const;

const whatSetsThePrice: Lesson = {
  id: 'options_greeks.what-sets-the-price',
  title: 'What sets an option’s price',
  minutes: 7,
  blocks: [
    {
      type: 'text',
      title: 'Six inputs',
      content: tex`An option's price moves when any of six things change. The whole course writes them with one set of symbols:

| symbol | input | a call's value when it rises | a put's value when it rises |
|---|---|---|---|
| $S$ | the underlying's price | rises | falls |
| $K$ | the strike | falls | rises |
| $T$ | time to expiry, in years | rises (almost always) | rises (almost always) |
| $\sigma$ | volatility: how much the price swings, per year | rises | rises |
| $r$ | the risk-free interest rate | rises | falls |
| $q$ | the dividend yield | falls | rises |

Five of the six can be looked up: the price on the screen, the strike in the contract, the calendar, a Treasury rate, the dividend. The sixth, volatility, is a forecast of how much the price will move between now and expiry, and nobody knows it. So the market's price is used to work it out backwards: the **implied volatility** (IV) is the $\sigma$ at which the model's price equals the market's. That is the IV column of the chain (lesson:options_basics.reading-a-chain).

Why a higher rate helps calls: a call lets you pay $K$ later instead of $S$ now, and money kept earns $r$. Why a dividend hurts calls: the share price drops by the dividend when it is paid, and only the shareholder receives it.`,
    },
    {
      type: 'example',
      title: 'One contract, six inputs',
      content: tex`The ${name(C28)} had a mark of ${M(C28.mark, 3)} at the ${DATE}; the ${name(P28)} ${M(P28.mark, 3)}. Change one input at a time, keep the other five, and re-price with the same engine the product uses ($V$ is the American value, Andersen-Lake-Offengenden). The figures are the change in the option's price per share; one contract is 100 shares.

Time and volatility raise both; the price, the strike, the rate and the dividend push the call and the put in opposite directions. For these at-the-money options, 5 points of IV (${MS(six.call.sigma)} on the call) is worth about as much as a ${M(up.S, 0)} move in SPY (${MS(six.call.S)}), while a full point of interest rate or dividend yield moves them by cents.`,
      source,
      figures: [
        ...(Object.keys(SIX_LABELS) as (keyof typeof SIX_LABELS)[]).flatMap((k) => [
          figure(`Call: ${SIX_LABELS[k]}`, signedUsd(six.call[k]), SIX_FORMULAS[k], inputsOf(C28.input, 28)),
          figure(`Put: ${SIX_LABELS[k]}`, signedUsd(six.put[k]), SIX_FORMULAS[k], inputsOf(P28.input, 28)),
        ]),
      ],
    },
    {
      type: 'text',
      title: 'The model is a reference, not the truth',
      content: tex`Black-Scholes-Merton, and the American engine built on the same assumptions, turns the six inputs into a price. The market does not obey it: prices are set by buyers and sellers, and the model's assumptions (one constant $\sigma$, prices that move smoothly, no costs to trade) are all false in some way. Traders use the model for three things anyway:

1. **Translation.** IV puts options of different strikes and expiries on one scale: "15% IV" compares where "${M(C28.mark)}" and "${M(C41.mark)}" cannot.
2. **Measurement.** The Greeks in the next lessons are the model's answer to "what happens to my price if one input moves?"
3. **A reference.** A quote far from the model's value at a sensible IV deserves a second look, not a trade.

The chain itself shows that the model is not the truth. If it were, one $\sigma$ would price every strike of an expiry. It does not: the market charges more volatility for puts below the price (insurance against a fall) than for calls above it. This pattern is called the *skew*; the market-analysis module returns to it.`,
    },
    {
      type: 'example',
      title: 'One expiry, three volatilities',
      content: tex`Three contracts of the ${day(E28.expiration)} expiry, each IV solved from the contract's own mark. If the model were the whole truth, the three would be equal.`,
      source,
      figures: skew.map((x) =>
        figure(`IV of the ${x.contract.strike_price} ${x.contract.contract_type}`, pct(x.input.sigma), tex`\sigma : V(\sigma) = \text{mark}`, [
          `mark = ${usd(x.mark, 3)}`,
          ...inputsOf(x.input, 28).filter((s) => !s.startsWith('σ')),
        ]),
      ),
    },
    {
      type: 'interactive',
      title: 'Move the inputs yourself',
      content: tex`The ${name(C28)} at its IV. Move each slider and watch the price; then put them back and try the next. Which input moves the price most for a change you would believe could happen tomorrow?`,
      widget: { kind: 'greeks', optionType: 'call', inputs: marketInputs(C28.input), style: 'american' },
    },
  ],
  check: {
    id: 'options_greeks.what-sets-the-price.check',
    passingScore: 80,
    questions: [
      multipleChoice(
        'unobserved',
        'Which of the six inputs cannot be looked up, and is instead worked out from the option’s market price?',
        ['The strike K', 'The volatility σ', 'The interest rate r', 'The time to expiry T'],
        'The volatility σ',
        'Volatility is a forecast of future price swings. The σ at which the model’s price equals the market’s is the implied volatility, the IV column of the chain.',
      ),
      multipleChoice(
        'dividend',
        'The dividend yield q rises and nothing else changes. What happens to a call’s value and a put’s value?',
        ['Both rise', 'Both fall', 'The call falls, the put rises', 'The call rises, the put falls'],
        'The call falls, the put rises',
        `The share price drops by the dividend when it is paid and only shareholders receive it, so an option to buy the shares is worth less and an option to sell them more. In the lesson: q up 1 point moved the call by ${MS(six.call.q)} and the put by ${MS(six.put.q)}.`,
      ),
      trueFalse(
        'model-truth',
        'An option must trade at its Black-Scholes value; a different price is a mistake by the market.',
        false,
        'The model is a reference: the market sets prices, and the model turns them into implied volatilities. Different strikes of one expiry trade at different IVs, which a single true model would not allow.',
      ),
      numerical(
        'reprice-s',
        tex`The ${name(C28)} is worth ${M(C28.mark, 3)} a share at an IV of ${pct(C28.input.sigma)}. The lesson re-priced it with SPY ${M(up.S, 0)} higher and nothing else changed. What is the call worth then, per share, in dollars?`,
        C28.mark + six.call.S,
        2,
        0.02,
        '$',
        tex`The lesson's figure "Call: S up ${M(up.S, 0)}" is ${MS(six.call.S)}, so the call is worth ${M(C28.mark, 3)} ${six.call.S >= 0 ? '+' : '−'} ${M(Math.abs(six.call.S))} = ${M(C28.mark + six.call.S)}. Delta (two lessons on) explains why it rose by about half the move.`,
      ),
    ],
  },
};

// ------------------------------------------------------------------------------------------------- lesson 2: parity

const bs = d1d2(C28.input);
const T28 = E28.T;
const discQ = Math.exp(-q * T28);
const discR = Math.exp(-r * T28);
const forward = S * discQ - K * discR;
const cE = europeanValue(C28.input);
const pE = europeanValue({ ...C28.input, type: 'put' });
const pA = value({ ...C28.input, type: 'put' });
const marketCP = C28.mark - P28.mark;
const lowerAmerican = S * discQ - K;
const upperAmerican = S - K * discR;
const T_INPUTS = [`S = ${usd(S)}`, `K = ${usd(K, 0)}`, `T = 28/365 years`, `r = ${pct(r)}`, `q = ${pct(q)}`];

const parity: Lesson = {
  id: 'options_greeks.parity',
  title: 'Black-Scholes in one picture, and put-call parity',
  minutes: 8,
  blocks: [
    {
      type: 'text',
      title: 'The formula, read as a picture',
      content: tex`Black, Scholes and Merton (1973) priced a European option (exercisable only at expiry) by assuming the stock's price at expiry is spread like a bell curve in percentage terms, with a width of $\sigma\sqrt{T}$, and that nobody can make a riskless profit. With a dividend yield $q$:

$$C = S e^{-qT} N(d_1) - K e^{-rT} N(d_2) \qquad P = K e^{-rT} N(-d_2) - S e^{-qT} N(-d_1)$$
$$d_1 = \frac{\ln(S/K) + (r - q + \sigma^2/2)\,T}{\sigma\sqrt{T}} \qquad d_2 = d_1 - \sigma\sqrt{T}$$

$N(\cdot)$ is the area under the standard bell curve to the left of a point. Read the call like a receipt: **what you expect to receive** (the shares, worth $S e^{-qT}$ today once the dividends you will not get are taken off, counted only in the cases where you exercise) **minus what you expect to pay** (the strike, discounted at $r$, times $N(d_2)$, the model's probability that the call finishes in the money). The widening of the curve with $\sqrt{T}$ is why time and volatility both add value: a wider spread of outcomes makes the winning tail longer while the loss stays capped at the premium.`,
    },
    {
      type: 'example',
      title: 'The at-the-money call, term by term',
      content: tex`The ${name(C28)}, at its IV. The European formula gives the mark back to the cent: this call is worth no more for being American, because with a dividend yield below the interest rate an at-the-money call is never worth exercising early (lesson:options_greeks.rho-dividends-early-exercise).`,
      source,
      figures: [
        figure('d₁', num(bs.d1, 4), tex`d_1 = \frac{\ln(S/K) + (r - q + \sigma^2/2)T}{\sigma\sqrt{T}}`, inputsOf(C28.input, 28)),
        figure('d₂', num(bs.d2, 4), tex`d_2 = d_1 - \sigma\sqrt{T}`, [`d₁ = ${num(bs.d1, 4)}`, `σ = ${pct(C28.input.sigma)}`, 'T = 28/365 years']),
        figure('N(d₁)', num(bs.Nd1, 4), tex`N(d_1)`, [`d₁ = ${num(bs.d1, 4)}`]),
        figure('N(d₂)', num(bs.Nd2, 4), tex`N(d_2)`, [`d₂ = ${num(bs.d2, 4)}`]),
        figure('European call value', usd(cE), tex`C = S e^{-qT} N(d_1) - K e^{-rT} N(d_2)`, inputsOf(C28.input, 28)),
        figure('American call value (the product’s)', usd(value(C28.input)), tex`C_{\text{ALO}}(S, K, T, \sigma, r, q)`, inputsOf(C28.input, 28)),
      ],
    },
    {
      type: 'text',
      title: 'Put-call parity',
      content: tex`Buy a call and sell a put with the same strike and expiry. At expiry, if $S_T > K$ you exercise the call and pay $K$ for the shares; if $S_T < K$ the put is exercised against you and you pay $K$ for the shares. Either way you end up owning the shares for $K$: the pair is a **synthetic** purchase of the stock for delivery at expiry. Two things with the same payoff must cost the same today, so for European options

$$C - P = S e^{-qT} - K e^{-rT}$$

The same argument builds the other synthetics: a long put plus the stock is a synthetic call, a long call minus the stock a synthetic put.

**American options only satisfy bounds.** An American option can be exercised any day, so the argument breaks where one side would exercise early: the American put is worth at least its European twin, sometimes more. What survives (Hull, *Options, Futures, and Other Derivatives*, 9th ed., ch. 11 and 17) is

$$S e^{-qT} - K \;\le\; C - P \;\le\; S - K e^{-rT}$$

US stock and ETF options such as SPY's are American; index options such as SPX are European.`,
    },
    {
      type: 'example',
      title: 'Parity on the chain',
      content: tex`The ${day(E28.expiration)} ${K} call and put. European values at one $\sigma$ (the call's IV, ${pct(C28.input.sigma)}) satisfy parity exactly. The market's American prices do not: the put carries the right to exercise early, so it is dearer and $C - P$ comes out below $S e^{-qT} - K e^{-rT}$, inside the American bounds.`,
      source,
      figures: [
        figure('C − P that European parity requires', usd(forward, 3), tex`S e^{-qT} - K e^{-rT}`, T_INPUTS),
        figure('European C − P at one σ', usd(cE - pE, 3), tex`C_E(\sigma) - P_E(\sigma)`, inputsOf(C28.input, 28)),
        figure('Market C − P (American marks)', usd(marketCP, 3), tex`C_{\text{mark}} - P_{\text{mark}}`, [
          `C mark = ${usd(C28.mark, 3)}`,
          `P mark = ${usd(P28.mark, 3)}`,
        ]),
        figure('American lower bound', usd(lowerAmerican, 3), tex`S e^{-qT} - K`, T_INPUTS),
        figure('American upper bound', usd(upperAmerican, 3), tex`S - K e^{-rT}`, T_INPUTS),
        figure('The put’s early-exercise premium at that σ', usd(pA - pE, 4), tex`P_{\text{ALO}}(\sigma) - P_E(\sigma)`, inputsOf(C28.input, 28)),
      ],
    },
    {
      type: 'interactive',
      title: 'The European model',
      content: tex`The ${day(E28.expiration)} ${K} put priced by the European formula. Drag $S$ far below the strike and watch the price: a European put deep in the money can be worth *less* than $K - S$, because you must wait until expiry to receive $K$. Lesson 7 shows that the American put never is.`,
      widget: { kind: 'greeks', optionType: 'put', inputs: marketInputs(P28.input), style: 'european' },
    },
  ],
  check: {
    id: 'options_greeks.parity.check',
    passingScore: 80,
    questions: [
      numerical(
        'parity-rhs',
        tex`For European options with $S$ = ${M(S)}, $K$ = ${M(K, 0)}, $T$ = 28/365, $r$ = ${pct(r)} and $q$ = ${pct(q)} (continuous rates), what must $C - P$ equal, in dollars per share?`,
        forward,
        2,
        0.01,
        '$',
        tex`$S e^{-qT} - K e^{-rT}$ = ${M(S)} × ${num(discQ, 6)} − ${M(K, 0)} × ${num(discR, 6)} = ${M(S * discQ, 3)} − ${M(K * discR, 3)} = ${M(forward, 3)}.`,
      ),
      multipleChoice(
        'synthetic',
        'You buy a call and sell a put with the same strike and expiry. What does the pair behave like?',
        [
          'Owning the stock, bought for the strike at expiry',
          'A short position in the stock',
          'A bet that the stock will not move',
          'Cash earning the interest rate',
        ],
        'Owning the stock, bought for the strike at expiry',
        'Whatever the price at expiry, you end up with the shares for K: through your call if the stock is above K, through the put exercised against you if it is below. That is a synthetic long stock (a forward purchase at K).',
      ),
      trueFalse(
        'american-parity',
        'For American options on SPY, C − P equals S·e^(−qT) − K·e^(−rT) exactly.',
        false,
        tex`Parity is exact for European options only. American options satisfy bounds, $S e^{-qT} - K \le C - P \le S - K e^{-rT}$; on Nov 20, 2026 the ${K} pair's $C - P$ was ${M(marketCP)} against ${M(forward)} for European options, because the American put's right to early exercise makes it dearer.`,
      ),
      multipleChoice(
        'n-d2',
        'In the Black-Scholes-Merton formula for a call, what does N(d₂) stand for?',
        [
          'The model’s probability that the call finishes in the money',
          'The number of shares per contract',
          'The call’s value as a fraction of the stock price',
          'The chance that the stock doubles',
        ],
        'The model’s probability that the call finishes in the money',
        'N(d₂) weights the discounted strike: it is the probability, under the model’s risk-neutral assumptions, that S_T ends above K and the strike is paid.',
      ),
    ],
  },
};

// -------------------------------------------------------------------------------------------------- lesson 3: delta

const move1 = at(C28, { S: S + 1 }) - C28.mark;
const move10 = at(C28, { S: S + 10 }) - C28.mark;
const moveDown10 = at(C28, { S: S - 10 }) - C28.mark;
const hedgeShares = Math.round(g28c.delta * PER_CONTRACT);
const putProb = 1 - bs.Nd2;
const putTarget = -0.3;
const put30 = nearestDelta(28, 'put', putTarget);
const put30Choices = E28.contracts
  .filter((c) => c.contract_type === 'put' && c.delta !== null)
  .sort((a, b) => Math.abs(a.delta! - putTarget) - Math.abs(b.delta! - putTarget))
  .slice(0, 4)
  .sort((a, b) => a.strike_price - b.strike_price);
const PUT30_PROMPT = `Click the put whose delta is closest to −0.30 in the ${day(E28.expiration)} expiry.`;
const CALLS_BOUGHT = 3;
const HEDGE_CONTRACTS = 10;

const delta: Lesson = {
  id: 'options_greeks.delta',
  title: 'Delta',
  minutes: 9,
  blocks: [
    {
      type: 'text',
      title: 'Dollars per dollar',
      content: tex`**Delta** ($\Delta$) is how much the option's price changes when the underlying moves ${M(1, 0)}, other things equal: $\Delta = \partial V / \partial S$.

- A call's delta is between 0 and 1: deep in the money near 1 (it moves like the stock), far out of the money near 0, at the money about 0.5.
- A put's delta is between −1 and 0: it gains when the stock falls.
- A share of stock has a delta of exactly 1.

Per contract, multiply by 100: a delta of 0.52 means about ${M(52, 0)} per ${M(1, 0)} move. Delta is a *slope*, so it is exact only for small moves; for bigger ones the slope itself changes (that is gamma, the next lesson).

**Three uses.**

1. **Sensitivity:** how many dollars you make or lose per dollar of the underlying.
2. **Hedge ratio:** selling $\Delta \times 100$ shares against one long call leaves a position that, for the moment, neither gains nor loses on small moves (*delta-neutral*).
3. **A rough probability proxy:** traders read a 30-delta option as having roughly a 30% chance of finishing in the money. It is only rough: the model's probability is $N(d_2)$, not delta, and neither is the real-world chance.

**Position delta** adds the legs: $\sum \pm\,\text{quantity} \times 100 \times \Delta$ (plus one per share held), in *share equivalents*: the number of shares that would make or lose the same on a small move.`,
    },
    {
      type: 'example',
      title: 'The 28-day at-the-money call',
      content: tex`The ${name(C28)}: delta ${num(g28c.delta, 4)}, the same figure the chain shows. For a ${M(1, 0)} move delta predicts ${M(g28c.delta, 4)} a share; re-pricing at $S + 1$ gives a little more, because delta grows as the call moves into the money. Over ${M(10, 0)} the gap is large, and it is not symmetric: the call gains more on the way up than it loses on the way down.`,
      source,
      figures: [
        figure('Delta', num(g28c.delta, 4), tex`\Delta = e^{-qT} N(d_1)`, inputsOf(C28.input, 28)),
        figure('+$1 by delta', signedUsd(g28c.delta, 4), tex`\Delta \times 1`, [`Δ = ${num(g28c.delta, 4)}`]),
        figure('+$1 by re-pricing', signedUsd(move1, 4), tex`V(S + 1) - V(S)`, inputsOf(C28.input, 28)),
        figure('+$10 by delta', signedUsd(g28c.delta * 10), tex`\Delta \times 10`, [`Δ = ${num(g28c.delta, 4)}`]),
        figure('+$10 by re-pricing', signedUsd(move10), tex`V(S + 10) - V(S)`, inputsOf(C28.input, 28)),
        figure('−$10 by re-pricing', signedUsd(moveDown10), tex`V(S - 10) - V(S)`, inputsOf(C28.input, 28)),
        figure('One contract, per $1', usd(g28c.delta * PER_CONTRACT), tex`\Delta \times 100`, [`Δ = ${num(g28c.delta, 4)}`]),
      ],
    },
    {
      type: 'example',
      title: 'Hedge ratio and probability',
      content: tex`To hedge one long ${K} call, sell ${hedgeShares} shares (delta × 100, rounded): the position's delta is then ${num(g28c.delta * PER_CONTRACT - hedgeShares, 2)} shares, close to neutral, until SPY moves and delta changes. The same call's delta (${num(g28c.delta, 4)}) is a little above the model's probability of finishing in the money, $N(d_2)$ = ${num(bs.Nd2, 4)}; for the put, |delta| = ${num(-g28p.delta, 4)} against $N(-d_2)$ = ${num(putProb, 4)}. Close, not equal, and the real-world chance is something else again, since the model assumes no expected gain beyond the interest rate.`,
      source,
      figures: [
        figure('Shares to hedge one call', `${hedgeShares} shares`, tex`\text{round}(\Delta \times 100)`, [`Δ = ${num(g28c.delta, 4)}`]),
        figure('Hedged position delta', `${num(g28c.delta * PER_CONTRACT - hedgeShares, 2)} shares`, tex`100\,\Delta - ${hedgeShares}`, [
          `Δ = ${num(g28c.delta, 4)}`,
        ]),
        figure('Call: probability in the money, N(d₂)', num(bs.Nd2, 4), tex`N(d_2)`, inputsOf(C28.input, 28)),
        figure('Put delta', num(g28p.delta, 4), tex`\Delta_P = \partial P_{\text{ALO}} / \partial S`, inputsOf(P28.input, 28)),
        figure('Put: probability in the money, N(−d₂)', num(putProb, 4), tex`N(-d_2) = 1 - N(d_2)`, [`d₂ = ${num(bs.d2, 4)}`]),
      ],
    },
    {
      type: 'interactive',
      title: 'Find the 30-delta put',
      content: tex`Traders often pick strikes by delta rather than by price: "sell the 30-delta put". Click the put of the ${day(E28.expiration)} expiry whose delta is closest to −0.30, and your pick becomes your answer to the first question of the check.`,
      widget: {
        kind: 'chain-task',
        snapshot: SNAPSHOT_NAME,
        expiration: E28.expiration,
        prompt: PUT30_PROMPT,
        answer: [put30.contract_ticker],
        criterion: { by: 'nearest-delta', optionType: 'put', delta: putTarget },
      },
    },
    {
      type: 'interactive',
      title: 'Delta along the price',
      content: tex`The ${name(C28)}. Watch the delta curve: flat near 0 far below the strike, steepest at the strike, flat near 1 far above it. Shorten $T$ and the curve becomes a step.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: marketInputs(C28.input), style: 'american' },
    },
  ],
  check: {
    id: 'options_greeks.delta.check',
    passingScore: 80,
    questions: [
      // The chain task's own question (id 'chain-task', the widget's prompt): the web fills in the clicked ticker.
      multipleChoice(
        'chain-task',
        PUT30_PROMPT,
        put30Choices.map((c) => c.contract_ticker),
        put30.contract_ticker,
        `${put30.contract_ticker}, the ${put30.strike_price} put, has a delta of ${num(put30.delta!, 4)}, the nearest to −0.30 in that expiry (${put30Choices
          .filter((c) => c !== put30)
          .map((c) => `${c.strike_price} put ${num(c.delta!, 4)}`)
          .join(', ')}).`,
      ),
      numerical(
        'position-delta',
        tex`You buy ${CALLS_BOUGHT} contracts of the ${name(C28)}, delta ${num(g28c.delta, 4)}. What is your position delta, in shares?`,
        CALLS_BOUGHT * PER_CONTRACT * g28c.delta,
        2,
        0.5,
        'shares',
        tex`${CALLS_BOUGHT} × 100 × ${num(g28c.delta, 4)} = ${num(CALLS_BOUGHT * PER_CONTRACT * g28c.delta, 2)} share equivalents: the position gains about ${M(CALLS_BOUGHT * PER_CONTRACT * g28c.delta)} per ${M(1, 0)} rise in SPY.`,
      ),
      numerical(
        'hedge',
        tex`You hold ${HEDGE_CONTRACTS} contracts of the same call (delta ${num(g28c.delta, 4)}). How many SPY shares would you sell to make the position delta-neutral?`,
        HEDGE_CONTRACTS * PER_CONTRACT * g28c.delta,
        0,
        1,
        'shares',
        tex`${HEDGE_CONTRACTS} × 100 × ${num(g28c.delta, 4)} = ${num(HEDGE_CONTRACTS * PER_CONTRACT * g28c.delta, 1)}: sell about ${Math.round(HEDGE_CONTRACTS * PER_CONTRACT * g28c.delta)} shares.`,
      ),
      trueFalse(
        'delta-probability',
        'A call with a delta of 0.30 has exactly a 30% chance of finishing in the money.',
        false,
        tex`Delta is only a rough proxy. Even the model's own probability is $N(d_2)$, not delta (for the ${K} call: ${num(bs.Nd2, 4)} against a delta of ${num(g28c.delta, 4)}), and the model's probabilities are not real-world ones.`,
      ),
    ],
  },
};

// -------------------------------------------------------------------------------------------------- lesson 4: gamma

const SHOCK = 5;
const g7cUp = displayGreeks({ ...C7.input, S: S + SHOCK });
const g41cUp = displayGreeks({ ...C41.input, S: S + SHOCK });
const straddleGamma = (c: typeof g7c, p: typeof g7p) => -PER_CONTRACT * (c.gamma + p.gamma);
const gamma7 = straddleGamma(g7c, g7p);
const gamma41 = straddleGamma(g41c, g41p);
const BIG = 10;
/** A short straddle's P&L, per contract, if SPY jumps $10 by the next close (one day less, same IVs). */
const shortStraddleNextDay = (c: typeof C7, p: typeof P7) => {
  const T = (c.expiry.days - 1) / 365;
  const credit = c.mark + p.mark;
  const after = at(c, { S: S + BIG, T }) + at(p, { S: S + BIG, T });
  return { credit, after, pnl: (credit - after) * PER_CONTRACT };
};
const jump7 = shortStraddleNextDay(C7, P7);
const jump41 = shortStraddleNextDay(C41, P41);
const GAMMA_STEP = 2;

const gamma: Lesson = {
  id: 'options_greeks.gamma',
  title: 'Gamma',
  minutes: 7,
  blocks: [
    {
      type: 'text',
      title: 'Delta’s speed',
      content: tex`**Gamma** ($\Gamma$) is how much delta changes when the underlying moves ${M(1, 0)}: $\Gamma = \partial \Delta / \partial S$. It is the same sign for calls and puts: positive when you own options, negative when you have sold them.

- **Long gamma** (you bought options): delta grows as the stock rises and shrinks as it falls, so moves in either direction help you. You pay for that with time decay (next lesson).
- **Short gamma** (you sold options): every move pushes your delta the wrong way; you get long as the stock falls and short as it rises. You are paid for that with time decay.

Gamma is largest at the money and grows as expiry nears: an at-the-money option's delta jumps from about 0.5 towards 0 or 1 in the last days on small moves. That is why selling options a few days before expiry collects fast decay but can lose quickly: **short gamma near expiry** is the risk behind many blown-up accounts.`,
    },
    {
      type: 'example',
      title: 'Seven days against forty-one',
      content: tex`The ${K} calls of the ${day(E7.expiration)} and ${day(E41.expiration)} expiries, each at its IV. The 7-day call's gamma is about ${num(g7c.gamma / g41c.gamma, 1)} times the 41-day one's, so a ${M(SHOCK, 0)} rise moves its delta much further.`,
      source,
      figures: [
        figure('Gamma, 7 days', num(g7c.gamma, 4), tex`\Gamma = \partial^2 V / \partial S^2`, inputsOf(C7.input, 7)),
        figure('Gamma, 41 days', num(g41c.gamma, 4), tex`\Gamma = \partial^2 V / \partial S^2`, inputsOf(C41.input, 41)),
        figure('Delta after +$5, 7 days', `${num(g7c.delta, 4)} → ${num(g7cUp.delta, 4)}`, tex`\Delta(S + 5)`, inputsOf(C7.input, 7)),
        figure('Delta after +$5, 41 days', `${num(g41c.delta, 4)} → ${num(g41cUp.delta, 4)}`, tex`\Delta(S + 5)`, inputsOf(C41.input, 41)),
      ],
    },
    {
      type: 'example',
      title: 'Short gamma near expiry',
      content: tex`Sell one ${K} straddle (a call and a put, same strike and expiry) at the marks, once with 7 days left and once with 41. Suppose SPY closes ${M(BIG, 0)} higher the next day, IVs unchanged. The 7-day straddle took in less premium but has ${num(gamma7 / gamma41, 1)} times the negative gamma, and it loses more on the same move.`,
      source,
      figures: [
        figure('Position gamma, short 7-day straddle', `${num(gamma7, 2)} shares per $1`, tex`-100\,(\Gamma_C + \Gamma_P)`, [
          `Γ call = ${num(g7c.gamma, 6)}`,
          `Γ put = ${num(g7p.gamma, 6)}`,
        ]),
        figure('Position gamma, short 41-day straddle', `${num(gamma41, 2)} shares per $1`, tex`-100\,(\Gamma_C + \Gamma_P)`, [
          `Γ call = ${num(g41c.gamma, 6)}`,
          `Γ put = ${num(g41p.gamma, 6)}`,
        ]),
        figure('Credit, 7-day straddle', usd(jump7.credit * PER_CONTRACT), tex`100\,(C + P)`, [`C = ${usd(C7.mark, 3)}`, `P = ${usd(P7.mark, 3)}`]),
        figure('Credit, 41-day straddle', usd(jump41.credit * PER_CONTRACT), tex`100\,(C + P)`, [`C = ${usd(C41.mark, 3)}`, `P = ${usd(P41.mark, 3)}`]),
        figure('P&L next day after +$10, 7-day', signedUsd(jump7.pnl), tex`100\,[(C + P) - (C' + P')]`, [
          `S' = ${usd(S + BIG)}`,
          'T′ = 6/365 years',
          `σ call ${pct(C7.input.sigma)}, put ${pct(P7.input.sigma)}`,
        ]),
        figure('P&L next day after +$10, 41-day', signedUsd(jump41.pnl), tex`100\,[(C + P) - (C' + P')]`, [
          `S' = ${usd(S + BIG)}`,
          'T′ = 40/365 years',
          `σ call ${pct(C41.input.sigma)}, put ${pct(P41.input.sigma)}`,
        ]),
      ],
    },
    {
      type: 'interactive',
      title: 'Gamma close to expiry',
      content: tex`The ${name(C7)}. Look at the gamma curve, then drag $T$ down to a day or two: the peak at the strike grows tall and narrow. Drag $T$ out to a few months and it flattens.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: marketInputs(C7.input), style: 'american' },
    },
  ],
  check: {
    id: 'options_greeks.gamma.check',
    passingScore: 80,
    questions: [
      multipleChoice(
        'largest',
        'Which option has the largest gamma?',
        [
          'An at-the-money option a few days from expiry',
          'A deep in-the-money option a year from expiry',
          'A far out-of-the-money option a year from expiry',
          'All options have the same gamma',
        ],
        'An at-the-money option a few days from expiry',
        tex`Gamma peaks at the strike and grows as expiry nears: the ${K} call's gamma was ${num(g7c.gamma, 4)} with 7 days left and ${num(g41c.gamma, 4)} with 41.`,
      ),
      numerical(
        'delta-after',
        tex`The ${name(C7)} has a delta of ${num(g7c.delta, 4)} and a gamma of ${num(g7c.gamma, 4)}. Estimate its delta after SPY rises ${M(GAMMA_STEP, 0)}.`,
        g7c.delta + GAMMA_STEP * g7c.gamma,
        3,
        0.005,
        'delta',
        tex`Delta + gamma × move = ${num(g7c.delta, 4)} + ${GAMMA_STEP} × ${num(g7c.gamma, 4)} = ${num(g7c.delta + GAMMA_STEP * g7c.gamma, 4)}.`,
      ),
      trueFalse(
        'short-straddle',
        'A short straddle (a sold call and a sold put) has negative gamma.',
        true,
        tex`Each sold option has negative gamma, so their sum is negative: ${num(gamma7, 2)} shares per ${M(1, 0)} for one short 7-day ${K} straddle on Nov 20, 2026.`,
      ),
      multipleChoice(
        'long-gamma',
        'What does being long gamma mean for your delta?',
        [
          'Delta rises when the stock rises and falls when it falls, so moves help you',
          'Delta stays the same whatever the stock does',
          'Delta falls when the stock rises, so moves hurt you',
          'Delta only changes with time',
        ],
        'Delta rises when the stock rises and falls when it falls, so moves help you',
        'Positive gamma adds to delta on a rise and takes away on a fall: you get longer as you win and shorter as you lose. Short gamma does the opposite.',
      ),
    ],
  },
};

// -------------------------------------------------------------------------------------------------- lesson 5: theta

const oneDay7 = at(C7, { T: (E7.days - 1) / 365 }) - C7.mark;
const decayDays = [28, 21, 14, 7, 3, 1, 0] as const;
const decayPath = decayDays.map((d) => ({ days: d, value: at(C28, { T: d / 365 }) }));
const THETA_CONTRACTS = 2;

const theta: Lesson = {
  id: 'options_greeks.theta',
  title: 'Theta',
  minutes: 7,
  blocks: [
    {
      type: 'text',
      title: 'The price of waiting',
      content: tex`**Theta** ($\Theta$) is how much the option's price changes as one day passes, other things equal. The product quotes it **per calendar day** (the model's yearly rate divided by 365), so a weekend counts as three days of decay, as the calendar does.

An option's price is intrinsic value plus time value (lesson:options_basics.moneyness). At expiry the time value is zero, so a long option loses its time value as the days go: its theta is negative. A seller collects the same amount: **theta is what option buyers pay and option sellers earn**, the rent for gamma. Neither side wins for free: the buyer pays theta every day for the chance of a large move; the seller earns it and carries the risk of that move.

**Decay is not linear.** Time value shrinks roughly with the square root of the time left, so an at-the-money option loses little per day months out and much more in its last weeks. Out-of-the-money and deep in-the-money options have less time value to lose.`,
    },
    {
      type: 'example',
      title: 'Seven days against forty-one',
      content: tex`The ${K} calls of three expiries. The 7-day call loses a far larger share of its price each day. Re-pricing the 7-day call with one day less (same SPY price, same IV) comes close to its theta, and a little over it: theta is the rate of decay now, and decay speeds up within the day that passes.`,
      source,
      figures: [
        figure('Theta per day, 7 days', usd(g7c.theta, 4), tex`\Theta = \partial V / \partial t \,/\, 365`, inputsOf(C7.input, 7)),
        figure('Theta per day, 28 days', usd(g28c.theta, 4), tex`\Theta = \partial V / \partial t \,/\, 365`, inputsOf(C28.input, 28)),
        figure('Theta per day, 41 days', usd(g41c.theta, 4), tex`\Theta = \partial V / \partial t \,/\, 365`, inputsOf(C41.input, 41)),
        figure('Daily decay as % of price, 7 days', pct(-g7c.theta / C7.mark), tex`-\Theta / V`, [`Θ = ${usd(g7c.theta, 4)}`, `V = ${usd(C7.mark, 3)}`]),
        figure('Daily decay as % of price, 41 days', pct(-g41c.theta / C41.mark), tex`-\Theta / V`, [`Θ = ${usd(g41c.theta, 4)}`, `V = ${usd(C41.mark, 3)}`]),
        figure('7-day call, one day later', signedUsd(oneDay7, 4), tex`V(T - 1/365) - V(T)`, inputsOf(C7.input, 7)),
      ],
    },
    {
      type: 'example',
      title: 'The decay curve',
      content: tex`The ${name(C28)} re-priced with fewer days left, SPY and the IV held where they were on Nov 20. The first week costs far less than the last; at expiry the call is worth its intrinsic value, nothing, since SPY is below the strike.`,
      source,
      figures: decayPath.map((p) =>
        figure(`${p.days} day${p.days === 1 ? '' : 's'} left`, usd(p.value), tex`V(T = ${p.days}/365)`, [
          ...inputsOf(C28.input, 28).filter((s) => !s.startsWith('T')),
          `T = ${p.days}/365 years`,
        ]),
      ),
    },
    {
      type: 'interactive',
      title: 'Watch time value melt',
      content: tex`The ${name(C41)}. Drag $T$ from 41 days down to 1 and watch the price and the theta curve: theta is largest in size at the strike, and grows as $T$ shrinks.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: marketInputs(C41.input), style: 'american' },
    },
  ],
  check: {
    id: 'options_greeks.theta.check',
    passingScore: 80,
    questions: [
      numerical(
        'two-contracts',
        tex`The ${name(C7)} has a theta of ${M(g7c.theta, 4)} per day. You own ${THETA_CONTRACTS} contracts. By theta, how much do they lose in one day if nothing else changes, in dollars?`,
        -THETA_CONTRACTS * PER_CONTRACT * g7c.theta,
        2,
        0.5,
        '$',
        tex`${THETA_CONTRACTS} × 100 × ${M(-g7c.theta, 4)} = ${M(-THETA_CONTRACTS * PER_CONTRACT * g7c.theta)}.`,
      ),
      multipleChoice(
        'who-benefits',
        'Who earns the time decay of an option?',
        ['The seller (writer) of the option', 'The buyer of the option', 'Both, equally', 'The exchange'],
        'The seller (writer) of the option',
        'The buyer’s position loses time value every day; the seller’s gains the same amount. The seller is paid for carrying short gamma: the risk of a large move.',
      ),
      trueFalse(
        'linear',
        'An at-the-money option loses the same amount of value every day until expiry.',
        false,
        tex`Decay speeds up near expiry: the ${K} call's theta was ${M(g41c.theta, 4)} a day with 41 days left and ${M(g7c.theta, 4)} with 7.`,
      ),
      multipleChoice(
        'fastest',
        'Which of these SPY options loses the most value per day, in dollars?',
        [
          'The at-the-money call with 7 days left',
          'The at-the-money call with 41 days left',
          'A call far out of the money with 7 days left',
          'All lose the same',
        ],
        'The at-the-money call with 7 days left',
        tex`At the money and close to expiry is where time value melts fastest: ${M(g7c.theta, 4)} a day for the 7-day ${K} call against ${M(g41c.theta, 4)} for the 41-day one. A far out-of-the-money call has little time value left to lose.`,
      ),
    ],
  },
};

// ---------------------------------------------------------------------------------------------- lesson 6: vega, IV crush

const IV_DROP = 0.05;
const crushByVega = -g28c.vega * IV_DROP * 100;
const crushRepriced = at(C28, { sigma: C28.input.sigma - IV_DROP }) - C28.mark;
const EVENT_MOVE = 5;
const eventT = (E28.days - 1) / 365;
const afterMove = at(C28, { S: S + EVENT_MOVE });
const afterMoveIv = at(C28, { S: S + EVENT_MOVE, sigma: C28.input.sigma - IV_DROP });
const afterAll = at(C28, { S: S + EVENT_MOVE, sigma: C28.input.sigma - IV_DROP, T: eventT });
const straddleVega = PER_CONTRACT * (g28c.vega + g28p.vega);
const straddleBefore = C28.mark + P28.mark;
const straddleAfter = at(C28, { sigma: C28.input.sigma - IV_DROP }) + at(P28, { sigma: P28.input.sigma - IV_DROP });
const straddleLegs = [legOf(C28, 'buy'), legOf(P28, 'buy')];
const QUIZ_IV_DROP = 3;

const vega: Lesson = {
  id: 'options_greeks.vega',
  title: 'Vega and IV crush',
  minutes: 8,
  blocks: [
    {
      type: 'text',
      title: 'Volatility has a price',
      content: tex`**Vega** is how much the option's price changes when implied volatility moves **1 point** (15% to 16%, say). The product quotes it per vol point. Calls and puts both gain from higher IV, so every long option has positive vega; longer expiries have more vega, because a volatility change acts on more time.

IV is the market's price for uncertainty. It rises into events whose outcome is unknown (earnings for a stock; for SPY, an interest-rate decision or an inflation report) and falls once the news is out, whatever it was. That fall is **IV crush**.

**"The stock went up and my call lost money."** This is the most common question beginners ask (the Options Industry Council answers it in its FAQ). Delta says the call should gain; but delta is only one of the inputs. If IV fell at the same time, vega took back more than delta gave, and a day of theta went too.`,
    },
    {
      type: 'example',
      title: 'Five points of IV',
      content: tex`The ${name(C28)} has a vega of ${M(g28c.vega, 4)}: a 5-point drop in IV takes about ${M(-crushByVega)} a share, ${M(-crushByVega * PER_CONTRACT)} a contract. Re-pricing at the lower IV gives nearly the same. Vega grows with time to expiry.`,
      source,
      figures: [
        figure('Vega per vol point, 28 days', usd(g28c.vega, 4), tex`\nu = \partial V / \partial \sigma \,/\, 100`, inputsOf(C28.input, 28)),
        figure('Vega per vol point, 7 days', usd(g7c.vega, 4), tex`\nu = \partial V / \partial \sigma \,/\, 100`, inputsOf(C7.input, 7)),
        figure('Vega per vol point, 41 days', usd(g41c.vega, 4), tex`\nu = \partial V / \partial \sigma \,/\, 100`, inputsOf(C41.input, 41)),
        figure('IV −5 points by vega', signedUsd(crushByVega, 4), tex`-5\,\nu`, [`ν = ${usd(g28c.vega, 4)}`]),
        figure('IV −5 points by re-pricing', signedUsd(crushRepriced, 4), tex`V(\sigma - 0.05) - V(\sigma)`, inputsOf(C28.input, 28)),
      ],
    },
    {
      type: 'example',
      title: 'Stock up, call down',
      content: tex`You own the ${name(C28)}, bought at ${M(C28.mark, 3)}. The next day SPY closes ${M(EVENT_MOVE, 0)} higher, after a report that everyone had been waiting for, and IV drops 5 points. Re-price one change at a time, in order: the move alone is a gain, the IV drop takes back more than all of it, and the day of decay adds to the loss.`,
      source,
      figures: [
        figure('SPY +$5', signedUsd(afterMove - C28.mark), tex`V(S + 5) - V(S)`, inputsOf(C28.input, 28)),
        figure('then IV −5 points', signedUsd(afterMoveIv - afterMove), tex`V(S + 5, \sigma - 0.05) - V(S + 5, \sigma)`, inputsOf(C28.input, 28)),
        figure(
          'then one day passes',
          signedUsd(afterAll - afterMoveIv),
          tex`V(S + 5, \sigma - 0.05, T - 1/365) - V(S + 5, \sigma - 0.05, T)`,
          inputsOf(C28.input, 28),
        ),
        figure('Total, per share', signedUsd(afterAll - C28.mark), tex`V(S + 5, \sigma - 0.05, T - 1/365) - V(S, \sigma, T)`, inputsOf(C28.input, 28)),
        figure('Total, per contract', signedUsd((afterAll - C28.mark) * PER_CONTRACT), tex`100 \times \text{total per share}`, [
          `total = ${signedUsd(afterAll - C28.mark, 4)}`,
        ]),
      ],
    },
    {
      type: 'example',
      title: 'A straddle before and after an IV drop',
      content: tex`A long ${K} straddle of the ${day(E28.expiration)} expiry (buy the call and the put) is a bet on movement, and its biggest exposure is vega. Bought at the marks, it costs ${M(straddleBefore * PER_CONTRACT)}; if IV drops 5 points with SPY unchanged, it is worth ${M(straddleAfter * PER_CONTRACT)}.`,
      source,
      figures: [
        figure('Straddle vega, per vol point', usd(straddleVega), tex`100\,(\nu_C + \nu_P)`, [`ν call = ${usd(g28c.vega, 4)}`, `ν put = ${usd(g28p.vega, 4)}`]),
        figure('Straddle cost', usd(straddleBefore * PER_CONTRACT), tex`100\,(C + P)`, [`C = ${usd(C28.mark, 3)}`, `P = ${usd(P28.mark, 3)}`]),
        figure(
          'P&L after IV −5 points',
          signedUsd((straddleAfter - straddleBefore) * PER_CONTRACT),
          tex`100\,[V_C(\sigma_C - 0.05) + V_P(\sigma_P - 0.05) - C - P]`,
          [`σ call = ${pct(C28.input.sigma)}`, `σ put = ${pct(P28.input.sigma)}`, ...T_INPUTS],
        ),
      ],
    },
    {
      type: 'interactive',
      title: 'Vega along the price and in time',
      content: tex`The ${name(C28)}. The vega curve peaks near the strike: far from it, the option is almost certainly worth nothing or its intrinsic value, and volatility changes little. Drag $T$ out and watch vega grow; drag $\sigma$ down 5 points and read the price change against vega × 5.`,
      widget: { kind: 'greeks', optionType: 'call', inputs: marketInputs(C28.input), style: 'american' },
    },
    {
      type: 'interactive',
      title: 'Crush it yourself',
      content: tex`The same long straddle in the builder's payoff chart. Lower the IV slider by 5 points and watch the "today" line drop everywhere while the line at expiry stays put: at expiry, volatility no longer matters. Then move the price and see how far SPY must go to make up the loss.`,
      widget: { kind: 'payoff', underlying: SNAPSHOT.underlying, spot: S, asOf: SNAPSHOT.session, legs: straddleLegs, iv: C28.input.sigma },
    },
  ],
  check: {
    id: 'options_greeks.vega.check',
    passingScore: 80,
    questions: [
      numerical(
        'crush-contract',
        tex`The ${name(C28)} has a vega of ${M(g28c.vega, 4)} per vol point. By vega, how much does one contract lose if IV drops 5 points, in dollars?`,
        -crushByVega * PER_CONTRACT,
        2,
        1,
        '$',
        tex`5 × ${M(g28c.vega, 4)} × 100 = ${M(-crushByVega * PER_CONTRACT)}. Re-pricing at the lower IV gives ${M(-crushRepriced * PER_CONTRACT)}.`,
      ),
      multipleChoice(
        'stock-up-call-down',
        'SPY rose after a long-awaited report, yet your call is worth less than yesterday. What is the most likely cause?',
        ['Implied volatility fell after the news (IV crush)', 'The strike changed', 'Delta turned negative', 'Interest rates rose'],
        'Implied volatility fell after the news (IV crush)',
        tex`After an event, IV usually falls, and vega loss can outweigh the delta gain. In the lesson, ${M(EVENT_MOVE, 0)} up was worth ${MS(afterMove - C28.mark)} a share, and the 5-point IV drop took ${MS(afterMoveIv - afterMove)}.`,
      ),
      trueFalse(
        'longer-vega',
        'At the same strike, an option with more time to expiry has more vega.',
        true,
        tex`On Nov 20, 2026 the ${K} call's vega was ${M(g7c.vega, 4)} with 7 days left, ${M(g28c.vega, 4)} with 28 and ${M(g41c.vega, 4)} with 41.`,
      ),
      multipleChoice(
        'straddle-vega',
        'A long straddle (a bought call and a bought put) is:',
        ['Long vega: it gains when IV rises', 'Short vega: it gains when IV falls', 'Vega-neutral', 'Long vega only if the stock rises'],
        'Long vega: it gains when IV rises',
        tex`Both legs are bought options with positive vega: ${M(straddleVega)} per vol point for one ${K} straddle of the ${day(E28.expiration)} expiry.`,
      ),
    ],
  },
};

// --------------------------------------------------------------------------- lesson 7: rho, dividends, early exercise

const RATE_MOVE = 0.5;
const noDividendCall = at(C28, { q: 0 });
const noDividendPut = at(P28, { q: 0 });
const deepPut = quote(41, 'put', 610);
const deepPutEuropean = europeanValue(deepPut.input);
const deepPutIntrinsic = intrinsic('put', S, deepPut.contract.strike_price);
const atIntrinsicPut = E7.contracts.find((c) => c.contract_type === 'put' && c.strike_price === 600)!;
const quarterlyDividend = (S * q) / 4;
const deepCall7 = quote(7, 'call', 531);
const deepCall28 = quote(28, 'call', 531);
const timeValueOf = (x: typeof deepCall7) => x.mark - intrinsic('call', S, x.contract.strike_price);

const rhoDividendsEarlyExercise: Lesson = {
  id: 'options_greeks.rho-dividends-early-exercise',
  title: 'Rho, dividends and early exercise',
  minutes: 8,
  blocks: [
    {
      type: 'text',
      title: 'Rho and dividends',
      content: tex`**Rho** is how much the option's price changes when the interest rate moves **1 point** (4% to 5%). The product quotes it per rate point. Calls have positive rho (paying the strike later is worth more when money earns more), puts negative. For options of a few weeks, rho is small: rates rarely move a full point in a month. It matters for long-dated options (LEAPS), where the strike is paid far in the future.

**Dividends** work the other way round. On the ex-dividend date the share price drops by about the dividend, and only shareholders receive it. So a higher dividend makes calls cheaper and puts dearer. The product models SPY's dividends as a continuous yield $q$ of ${pct(q)} a year; SPY actually pays four times a year.`,
    },
    {
      type: 'example',
      title: 'Rho and the dividend, in dollars',
      content: tex`The ${K} options at their IVs. A half-point rate change moves the 41-day call by ${M(g41c.rho * RATE_MOVE, 4)} a share. Removing the dividend yield altogether moves the 28-day options more than that.`,
      source,
      figures: [
        figure('Rho per rate point, 41-day call', usd(g41c.rho, 4), tex`\rho = \partial V / \partial r \,/\, 100`, inputsOf(C41.input, 41)),
        figure('Rho per rate point, 41-day put', usd(g41p.rho, 4), tex`\rho = \partial V / \partial r \,/\, 100`, inputsOf(P41.input, 41)),
        figure('Rho per rate point, 7-day call', usd(g7c.rho, 4), tex`\rho = \partial V / \partial r \,/\, 100`, inputsOf(C7.input, 7)),
        figure('28-day call with no dividend', signedUsd(noDividendCall - C28.mark), tex`V(q = 0) - V(q)`, inputsOf(C28.input, 28)),
        figure('28-day put with no dividend', signedUsd(noDividendPut - P28.mark), tex`V(q = 0) - V(q)`, inputsOf(P28.input, 28)),
      ],
    },
    {
      type: 'text',
      title: 'Early exercise: usually a mistake, with two exceptions',
      content: tex`An American option can be exercised on any trading day. Exercising gives you the intrinsic value and throws away the time value; selling the option gets both. So the usual answer to "should I exercise early?" is **no, sell instead**. Two cases are exceptions:

1. **Calls just before an ex-dividend date.** Exercising the day before the stock goes ex-dividend turns the call into shares that collect the dividend. It pays when the dividend is larger than the call's remaining time value (a rule of thumb; the exact condition also counts the interest on the strike paid early). Deep in-the-money calls close to expiry, whose time value is small, are the ones exercised, and the sellers of those calls are the ones assigned.
2. **Deep in-the-money puts.** Exercising a put receives the strike now instead of at expiry, and that money earns interest. When the put is so deep that it has almost no chance of coming back, the interest beats the remaining time value.

The product prices US options as American with the Andersen-Lake-Offengenden engine, so its prices include the value of this right, and the strategy builder shows each leg's **early-exercise premium** (the American value minus the European one) where it is at least a cent a share.`,
    },
    {
      type: 'example',
      title: 'A deep in-the-money put',
      content: tex`The ${name(deepPut)} had a mark of ${M(deepPut.mark, 3)}, only ${M(deepPut.mark - deepPutIntrinsic, 3)} over its intrinsic value ${M(deepPutIntrinsic)}. At the same IV, the European formula says ${M(deepPutEuropean)}: *below* intrinsic value, because a European holder must wait 41 days for the strike. The American put is worth more by its early-exercise premium. Deeper still, the ${day(E7.expiration)} 600 put was quoted at exactly its intrinsic value, ${M(atIntrinsicPut.mark!, 2)}, and the chain shows no IV for it: it sits in the exercise region, where the model says exercise now, and its price carries no volatility at all.`,
      source,
      figures: [
        figure('Intrinsic value', usd(deepPutIntrinsic), tex`K - S`, [`K = ${usd(deepPut.contract.strike_price, 0)}`, `S = ${usd(S)}`]),
        figure('American value (the mark)', usd(value(deepPut.input), 3), tex`P_{\text{ALO}}`, inputsOf(deepPut.input, 41)),
        figure('European value, same σ', usd(deepPutEuropean), tex`P_E = K e^{-rT} N(-d_2) - S e^{-qT} N(-d_1)`, inputsOf(deepPut.input, 41)),
        figure('Early-exercise premium', usd(value(deepPut.input) - deepPutEuropean), tex`P_{\text{ALO}} - P_E`, inputsOf(deepPut.input, 41)),
      ],
    },
    {
      type: 'example',
      title: 'A call before a dividend',
      content: tex`SPY's yield of ${pct(q)} on ${M(S)} is about ${M(S * q)} a year, about ${M(quarterlyDividend)} a quarter. Suppose SPY went ex-dividend tomorrow with a dividend of that size. The ${name(deepCall7)} has ${M(timeValueOf(deepCall7), 3)} of time value left, less than the dividend: exercising today and collecting the dividend beats holding. The ${name(deepCall28)} has ${M(timeValueOf(deepCall28), 3)} of time value, more than the dividend: keep it (or sell it). Because the product spreads SPY's dividends evenly as a yield rather than paying them on dates, its prices for these calls show no early-exercise premium; the decision above is about the real, dated dividend.`,
      source,
      figures: [
        figure('Dividend a quarter (from the yield)', usd(quarterlyDividend), tex`S \times q / 4`, [`S = ${usd(S)}`, `q = ${pct(q)}`]),
        figure('Time value, 7-day 531 call', usd(timeValueOf(deepCall7), 3), tex`\text{mark} - (S - K)`, [
          `mark = ${usd(deepCall7.mark, 3)}`,
          `S = ${usd(S)}`,
          'K = $531',
        ]),
        figure('Time value, 28-day 531 call', usd(timeValueOf(deepCall28), 3), tex`\text{mark} - (S - K)`, [
          `mark = ${usd(deepCall28.mark, 3)}`,
          `S = ${usd(S)}`,
          'K = $531',
        ]),
      ],
    },
    {
      type: 'interactive',
      title: 'Into the exercise region',
      content: tex`The ${name(deepPut)} in the American model. Drag $S$ lower: at some price delta reaches −1, gamma, vega and theta drop to zero, and the price is exactly $K - S$. Below that price the put is worth exercising at once. Raise $r$ and the region starts sooner: the strike received early earns more.`,
      widget: { kind: 'greeks', optionType: 'put', inputs: marketInputs(deepPut.input), style: 'american' },
    },
  ],
  check: {
    id: 'options_greeks.rho-dividends-early-exercise.check',
    passingScore: 80,
    questions: [
      multipleChoice(
        'call-early',
        'When can it make sense to exercise an American call before expiry?',
        [
          'Just before an ex-dividend date, when the dividend is larger than the call’s remaining time value',
          'Whenever the call is in the money',
          'As soon as the call has doubled in price',
          'Never: calls can only be exercised at expiry',
        ],
        'Just before an ex-dividend date, when the dividend is larger than the call’s remaining time value',
        'Exercising throws away time value. It pays only when something else is gained, and for a call that is the dividend the shares collect.',
      ),
      numerical(
        'rho-contract',
        tex`The ${name(C41)} has a rho of ${M(g41c.rho, 4)} per rate point. Rates rise by ${RATE_MOVE} point. By rho, how much does one contract gain, in dollars?`,
        g41c.rho * RATE_MOVE * PER_CONTRACT,
        2,
        0.5,
        '$',
        tex`${M(g41c.rho, 4)} × ${RATE_MOVE} × 100 = ${M(g41c.rho * RATE_MOVE * PER_CONTRACT)}: small, as rho is for options of a few weeks.`,
      ),
      trueFalse(
        'european-below',
        'A European put deep in the money can be worth less than its intrinsic value.',
        true,
        tex`Its holder must wait until expiry to receive the strike. On Nov 20, 2026 the 41-day 610 put was worth ${M(deepPutEuropean)} as a European option against an intrinsic value of ${M(deepPutIntrinsic)}; American, ${M(deepPut.mark, 3)}.`,
      ),
      multipleChoice(
        'dividend-direction',
        'The dividend SPY pays rises. Other things equal, what happens?',
        ['Calls become cheaper and puts dearer', 'Calls become dearer and puts cheaper', 'Both become dearer', 'Nothing: dividends do not affect options'],
        'Calls become cheaper and puts dearer',
        tex`The share price drops by the dividend when it is paid, and option holders do not receive it. Removing SPY's ${pct(q)} yield would have moved the 28-day ${K} call by ${MS(noDividendCall - C28.mark)} and the put by ${MS(noDividendPut - P28.mark)}.`,
      ),
    ],
  },
};

// ------------------------------------------------------------------------------------------ lesson 8: position Greeks

const C590 = quote(28, 'call', 590);
const g590 = displayGreeks(C590.input);
const spreadLegs = [legOf(C28, 'buy'), legOf(C590, 'sell')];
const spread = positionGreeks(spreadLegs, { spot: S, asOf: SNAPSHOT.session, r, q });
const byHand = (k: 'delta' | 'gamma' | 'theta' | 'vega' | 'rho') => PER_CONTRACT * (g28c[k] - g590[k]);
const coveredCallDelta = PER_CONTRACT - PER_CONTRACT * g590.delta;
const shortStraddle = positionGreeks([legOf(C28, 'sell'), legOf(P28, 'sell')], { spot: S, asOf: SNAPSHOT.session, r, q });

const GREEK_UNITS = {
  delta: 'shares',
  gamma: 'shares per $1',
  theta: '$ per day',
  vega: '$ per vol point',
  rho: '$ per rate point',
} as const;
const showGreek = (k: keyof typeof GREEK_UNITS, x: number) =>
  k === 'delta' || k === 'gamma' ? `${num(x, k === 'gamma' ? 3 : 2)} ${GREEK_UNITS[k]}` : `${usd(x)} ${GREEK_UNITS[k].slice(2)}`;

const positionGreeksLesson: Lesson = {
  id: 'options_greeks.position-greeks',
  title: 'Position Greeks for multi-leg trades',
  minutes: 6,
  blocks: [
    {
      type: 'text',
      title: 'Add the legs',
      content: tex`A position's Greek is the sum of its legs' Greeks, each with its sign (bought +, sold −), its quantity and the 100 shares a contract covers:

$$\text{position Greek} = \sum_{\text{legs}} (\pm 1) \times \text{quantity} \times 100 \times \text{Greek of one share}$$

Shares count too: each share has a delta of 1 and no other Greeks. The results are in the units the strategy builder shows for a position: delta in share equivalents (dollars per ${M(1, 0)} move), gamma in shares per ${M(1, 0)}, theta in dollars per calendar day, vega in dollars per vol point, rho in dollars per rate point.

Position Greeks answer the questions that matter before a trade: *which way do I need SPY to go* (delta), *how fast does that change* (gamma), *what does a quiet day earn or cost* (theta), *what does an IV drop do* (vega). A spread trades some of one Greek for another: selling a higher call against a bought one gives up upside (less delta) and buys back time (less negative theta) and volatility risk (less vega).

When a portfolio holds several underlyings, their deltas are in different shares and cannot simply be added; traders convert each to SPY-equivalent shares by the underlying's beta. The risk-management module takes that up.`,
    },
    {
      type: 'example',
      title: 'A bull call spread',
      content: tex`Buy one ${name(C28)} and sell one ${day(E28.expiration)} ${C590.contract.strike_price} call. The figures are the builder's own position Greeks, which equal the legs added by hand: 100 × (${K} call − ${C590.contract.strike_price} call). Against the call alone, the spread has less than half the delta, much less theta to pay and much less vega.`,
      source,
      figures: (['delta', 'gamma', 'theta', 'vega', 'rho'] as const).map((k) =>
        figure(`Spread ${k}`, showGreek(k, spread[k]), tex`100\,(\text{${k}}_{${K}} - \text{${k}}_{${C590.contract.strike_price}})`, [
          `${K} call: ${k} ${num(g28c[k], k === 'gamma' ? 6 : 4)}`,
          `${C590.contract.strike_price} call: ${k} ${num(g590[k], k === 'gamma' ? 6 : 4)}`,
        ]),
      ),
    },
    {
      type: 'example',
      title: 'Two more positions',
      content: tex`A covered call: 100 shares of SPY and one sold ${day(E28.expiration)} ${C590.contract.strike_price} call. A short ${K} straddle of the same expiry: it starts almost delta-neutral, earns theta every day, and is short gamma and vega (lessons 4 and 6).`,
      source,
      figures: [
        figure('Covered call delta', `${num(coveredCallDelta, 2)} shares`, tex`100 - 100\,\Delta_{${C590.contract.strike_price}}`, [
          `Δ = ${num(g590.delta, 4)}`,
        ]),
        ...(['delta', 'gamma', 'theta', 'vega'] as const).map((k) =>
          figure(`Short straddle ${k}`, showGreek(k, shortStraddle[k]), tex`-100\,(\text{${k}}_C + \text{${k}}_P)`, [
            `call: ${k} ${num(g28c[k], k === 'gamma' ? 6 : 4)}`,
            `put: ${k} ${num(g28p[k], k === 'gamma' ? 6 : 4)}`,
          ]),
        ),
      ],
    },
    {
      type: 'interactive',
      title: 'The spread in the builder’s chart',
      content: tex`The bull call spread above. Move the price and the days to expiry: between the strikes the "today" line is flatter than the line at expiry: with four weeks left the two legs offset each other, and the position's delta (${num(spread.delta, 2)} shares) is much smaller than it becomes near expiry.`,
      widget: { kind: 'payoff', underlying: SNAPSHOT.underlying, spot: S, asOf: SNAPSHOT.session, legs: spreadLegs, iv: C28.input.sigma },
    },
  ],
  check: {
    id: 'options_greeks.position-greeks.check',
    passingScore: 80,
    questions: [
      numerical(
        'spread-delta',
        tex`You buy one ${K} call (delta ${num(g28c.delta, 4)}) and sell one ${C590.contract.strike_price} call (delta ${num(g590.delta, 4)}) of the same expiry. What is the position delta, in shares?`,
        byHand('delta'),
        2,
        0.5,
        'shares',
        tex`100 × (${num(g28c.delta, 4)} − ${num(g590.delta, 4)}) = ${num(byHand('delta'), 2)} shares.`,
      ),
      numerical(
        'covered-call',
        tex`You own 100 SPY shares and sell one ${C590.contract.strike_price} call with a delta of ${num(g590.delta, 4)}. What is the position delta, in shares?`,
        coveredCallDelta,
        2,
        0.5,
        'shares',
        tex`Shares: 100 × 1 = 100; the sold call: −100 × ${num(g590.delta, 4)} = ${num(-PER_CONTRACT * g590.delta, 2)}. Total ${num(coveredCallDelta, 2)}.`,
      ),
      multipleChoice(
        'straddle-vega-sign',
        'What is the sign of a short straddle’s position vega?',
        ['Negative', 'Positive', 'Zero', 'It depends on the stock’s direction'],
        'Negative',
        tex`Both legs are sold options, and sold options have negative vega: ${M(shortStraddle.vega)} per vol point for one short ${K} straddle of the ${day(E28.expiration)} expiry.`,
      ),
      trueFalse(
        'spread-theta',
        'A bull call spread pays less time decay per day than the bought call on its own.',
        true,
        tex`The sold call's theta offsets part of the bought call's: ${M(spread.theta)} a day for the spread against ${M(PER_CONTRACT * g28c.theta)} for the ${K} call alone.`,
      ),
    ],
  },
};

// ----------------------------------------------------------------------------------------------------------- quiz

const Q_CONTRACTS = 4;
const forward41 = S * Math.exp(-q * E41.T) - K * Math.exp(-r * E41.T);
const Q_VEGA_CONTRACTS = 2;
const Q_THETA_CONTRACTS = 5;
const Q_THETA_DAYS = 7;

const quizQuestions: Question[] = [
  numerical(
    'position-delta',
    tex`The ${name(C41)} has a delta of ${num(g41c.delta, 4)}. You buy ${Q_CONTRACTS} contracts. What is your position delta, in shares?`,
    Q_CONTRACTS * PER_CONTRACT * g41c.delta,
    2,
    0.5,
    'shares',
    tex`${Q_CONTRACTS} × 100 × ${num(g41c.delta, 4)} = ${num(Q_CONTRACTS * PER_CONTRACT * g41c.delta, 2)} shares.`,
  ),
  numerical(
    'parity-41',
    tex`European options: $S$ = ${M(S)}, $K$ = ${M(K, 0)}, $T$ = 41/365, $r$ = ${pct(r)}, $q$ = ${pct(q)}, continuous rates. What must $C - P$ equal, in dollars per share?`,
    forward41,
    2,
    0.01,
    '$',
    tex`$S e^{-qT} - K e^{-rT}$ = ${M(S * Math.exp(-q * E41.T), 3)} − ${M(K * Math.exp(-r * E41.T), 3)} = ${M(forward41, 3)}.`,
  ),
  multipleChoice(
    'implied',
    'Which input to an option model is solved from the option’s market price rather than looked up?',
    ['Volatility', 'Strike', 'Time to expiry', 'Dividend yield'],
    'Volatility',
    'Implied volatility is the σ at which the model’s price equals the market’s price.',
  ),
  numerical(
    'vega-loss',
    tex`The ${name(P28)} has a vega of ${M(g28p.vega, 4)} per vol point. You own ${Q_VEGA_CONTRACTS} contracts and IV drops ${QUIZ_IV_DROP} points. By vega, how much do you lose, in dollars?`,
    Q_VEGA_CONTRACTS * PER_CONTRACT * QUIZ_IV_DROP * g28p.vega,
    2,
    2,
    '$',
    tex`${Q_VEGA_CONTRACTS} × 100 × ${QUIZ_IV_DROP} × ${M(g28p.vega, 4)} = ${M(Q_VEGA_CONTRACTS * PER_CONTRACT * QUIZ_IV_DROP * g28p.vega)}.`,
  ),
  numerical(
    'theta-week',
    tex`The ${name(C41)} has a theta of ${M(g41c.theta, 4)} per calendar day. Using theta alone, estimate how much ${Q_THETA_CONTRACTS} contracts lose over ${Q_THETA_DAYS} calendar days, in dollars.`,
    -Q_THETA_CONTRACTS * PER_CONTRACT * Q_THETA_DAYS * g41c.theta,
    2,
    2,
    '$',
    tex`${Q_THETA_CONTRACTS} × 100 × ${Q_THETA_DAYS} × ${M(-g41c.theta, 4)} = ${M(-Q_THETA_CONTRACTS * PER_CONTRACT * Q_THETA_DAYS * g41c.theta)}. (Theta grows as expiry nears, so the true loss is a little larger.)`,
  ),
  multipleChoice(
    'theta-earner',
    'Which position earns the most time decay per day, and carries the most risk from a sudden move?',
    [
      'A short at-the-money straddle with 7 days left',
      'A long at-the-money straddle with 7 days left',
      'A short at-the-money straddle with 41 days left',
      '100 shares of SPY',
    ],
    'A short at-the-money straddle with 7 days left',
    tex`Short options near expiry at the money collect the fastest decay and have the largest negative gamma: ${num(gamma7, 2)} shares per ${M(1, 0)} for one short 7-day ${K} straddle, against ${num(gamma41, 2)} for the 41-day one.`,
  ),
  trueFalse(
    'delta-probability',
    'The delta of an at-the-money call is exactly the probability that it finishes in the money.',
    false,
    tex`Delta is a rough proxy only: the model's probability is $N(d_2)$ (${num(bs.Nd2, 4)} for the 28-day ${K} call, whose delta was ${num(g28c.delta, 4)}), and the real-world probability differs again.`,
  ),
  numerical(
    'straddle-gamma',
    tex`You sell one ${K} straddle of the ${day(E7.expiration)} expiry. The call's gamma is ${num(g7c.gamma, 6)}, the put's ${num(g7p.gamma, 6)}. What is the position gamma, in shares per dollar?`,
    gamma7,
    2,
    0.05,
    'shares per $1',
    tex`−100 × (${num(g7c.gamma, 6)} + ${num(g7p.gamma, 6)}) = ${num(gamma7, 2)}: each ${M(1, 0)} rise makes the position about ${num(-gamma7, 2)} shares shorter.`,
  ),
  multipleChoice(
    'crush',
    'You bought calls before an announcement. SPY rises a little after it, but your calls lose value. Which Greek explains most of the loss?',
    ['Vega', 'Delta', 'Rho', 'Gamma'],
    'Vega',
    tex`Implied volatility falls after the news (IV crush); vega turns that fall into a loss that can exceed delta's gain. In the lesson: ${MS(afterMove - C28.mark)} from a ${M(EVENT_MOVE, 0)} rise, ${MS(afterMoveIv - afterMove)} from a 5-point IV drop.`,
  ),
  multipleChoice(
    'early-exercise',
    'Which American option is the most likely to be exercised early?',
    [
      'A deep in-the-money put, or a deep in-the-money call just before an ex-dividend date',
      'An at-the-money call with a month left',
      'A far out-of-the-money put',
      'Any option that has gained 50%',
    ],
    'A deep in-the-money put, or a deep in-the-money call just before an ex-dividend date',
    'Early exercise gives up time value, so it pays only where that is small and something is gained: interest on the strike for a deep put, the dividend for a deep call.',
  ),
  numerical(
    'spread-theta',
    tex`A bull call spread: bought ${K} call with theta ${M(g28c.theta, 4)} a day, sold ${C590.contract.strike_price} call with theta ${M(g590.theta, 4)} a day, one contract each. What is the position theta, in dollars per day?`,
    byHand('theta'),
    2,
    0.1,
    '$',
    tex`100 × (${M(g28c.theta, 4)} − (${M(g590.theta, 4)})) = ${M(byHand('theta'))} a day.`,
  ),
  trueFalse(
    'american-floor',
    'The product values SPY options as American, so it never values a deep in-the-money SPY put below its intrinsic value.',
    true,
    tex`An American put can be exercised at once for $K - S$, so it is always worth at least that. The European value can fall below it: ${M(deepPutEuropean)} against ${M(deepPutIntrinsic)} for the 41-day 610 put on Nov 20, 2026.`,
  ),
];

const quiz: Quiz = { id: 'options_greeks.quiz', passingScore: 80, questions: quizQuestions };

// ------------------------------------------------------------------------------------------------------- exercise

const straddleCost = (C28.contract.ask! + P28.contract.ask!) * PER_CONTRACT;
const MAX_LOSS = 2500;

const deltaNeutral: PracticalExercise = {
  id: 'options_greeks.delta-neutral',
  title: 'A position with almost no delta',
  description: 'Build and place a long straddle on SPY: a position that starts close to delta-neutral and profits from a large move either way.',
  scenario: tex`You expect SPY to move sharply after an announcement but have no view on the direction. Buy a call and a put at the strike nearest SPY's price, same expiry, 20 to 45 days out. Check in the builder that the position delta is close to zero and note its vega and theta: what must happen for this trade to make money, and what happens if IV falls after the news?`,
  requirements: [
    {
      type: 'position',
      description: `Hold a long straddle on SPY with 20–45 days to expiry and a maximum loss of at most ${usd(MAX_LOSS, 0)}`,
      criteria: { strategy: 'long-straddle', underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 45, maxLoss: MAX_LOSS },
    },
    {
      type: 'order',
      description: 'Place it as a limit order at or better than the mid',
      criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' },
    },
  ],
  hints: [
    'Open the chain for SPY, pick an expiry 20–45 days out and the strike nearest the price; add the call and the put at that strike.',
    'The builder shows the position Greeks: a straddle at the money has a delta near zero, positive gamma and vega, and negative theta.',
    'A limit at the mid (or lower, for a purchase) meets the order requirement; the fill may take longer than at the ask.',
  ],
  solution: tex`On Nov 20, 2026, the ${day(E28.expiration)} ${K} straddle: buy the call (mid ${M(C28.mark, 3)}) and the put (mid ${M(P28.mark, 3)}) as one limit order at ${M(straddleBefore)} or less. Even paid at the asks it costs ${M(straddleCost)}, under the ${M(MAX_LOSS, 0)} limit; its delta is ${num(-shortStraddle.delta, 2)} shares, its vega ${M(straddleVega)} per vol point and its theta ${M(-shortStraddle.theta)} a day. It makes money at expiry only if SPY ends further than the cost per share from ${M(K, 0)} either way; an IV drop before the move costs about the vega per point.`,
};

// --------------------------------------------------------------------------------------------------------- module

export const optionsGreeks: LearningModule = {
  id: 'options_greeks',
  title: 'The Greeks: what moves an option’s price',
  description:
    'The six inputs of an option’s price, Black-Scholes and put-call parity, and the five Greeks (delta, gamma, theta, vega, rho) with early exercise and position Greeks, all computed from the SPY chain of Nov 20, 2026.',
  difficulty: 'intermediate',
  estimatedTime: 60,
  prerequisites: ['options_basics'],
  objectives: [
    'Name the six inputs of an option’s price and say which way each moves a call and a put',
    'Use put-call parity for European options, and the bounds that replace it for American ones',
    'Estimate an option’s change in price from delta, gamma, theta, vega and rho, in the units the product shows',
    'Explain IV crush: why a call can lose money when the stock rises',
    'Recognise when early exercise can pay: deep in-the-money puts, and calls before an ex-dividend date',
    'Add up the Greeks of a multi-leg position',
  ],
  lessons: [whatSetsThePrice, parity, delta, gamma, theta, vega, rhoDividendsEarlyExercise, positionGreeksLesson],
  quiz,
  practicalExercise: deltaNeutral,
};
