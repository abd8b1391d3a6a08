import { check, strategyCard } from '../lib/questions';
import type { LearningModule, Lesson, PracticalExercise, Quiz } from '../types';
import { figure, multipleChoice, numerical, trueFalse } from '../greeks-lib/build';
import { day, md, num, pct, usd } from '../greeks-lib/format';
import { SOURCE } from '../greeks-lib/market';
import { perShare, tex } from '../lib/figures';
import { SPY, askOf, bidOf, contractAt } from '../lib/snapshot';
import { MESSAGES, PDT_MIN_EQUITY, PDT_WINDOW_TRADING_DAYS, checkBuyingPower, checkPdt, checkTradingLevel, pdtStatus } from '../../../compliance/checks';
import { NAKED_SELLING_NOTE, TRADING_LEVELS, levelForOpening } from '../../../compliance/levels';
import { requirement } from '../../../paper/buying-power';
import { CONTRACT_MULTIPLIER } from '../../../paper/types';
import { S, moveLeg } from '../advanced-lib/place';
import { ACCOUNT, MAX_OPEN_RISK, RISK_PER_TRADE, analyze, lotsFor, oneR, place, pnlAtExpiry, positionsOf, scaled } from '../riskmgmt-lib/book';

/**
 * risk_management (issue 17): position sizing and R; buying power, margin, PDT and
 * approval levels exactly as the paper account applies them (shared/compliance, shared/paper/buying-power.ts: every
 * refusal quoted here is produced by those functions); portfolio Greeks and concentration; expectancy, win rate
 * against payoff and risk of ruin (Wealth-Lab's formula); psychology and overtrading (Barber and Odean 2000); journaling; and a
 * trading plan. Strategies are shared/strategy templates placed on the SPY snapshot of Nov 20, 2026 by the builder's
 * placement at the marks; test/shared/learning/risk-management.test.ts recomputes the figures and keys.
 */

const M = (x: number, digits = 2) => md(usd(x, digits));
const P = (x: number) => md(perShare(x));
const source = `${SOURCE}: SPY at ${usd(S)}; legs placed by the builder's template placement at the marks (mid of bid and ask)`;
const legLine = (l: { action: string; quantity: number; expiration: string; strike: number; optionType: string; premium: number }) =>
  `${l.action} ${l.quantity} ${day(l.expiration).replace(', 2026', '')} ${l.strike} ${l.optionType} at ${P(l.premium)}`;

// ------------------------------------------------------------------------------------------ the numbers

/** The three defined-risk strategies the module sizes, budgets and journals. */
export const BULL_CALL = place('bull-call-spread');
export const BULL_PUT = place('bull-put-spread');
export const CONDOR = place('iron-condor');
export const CSP = place('cash-secured-put');

export const BUDGET = ACCOUNT * RISK_PER_TRADE;
export const OPEN_RISK_CAP = ACCOUNT * MAX_OPEN_RISK;
export const R_CALL = oneR(BULL_CALL);
export const LOTS_CALL = lotsFor(BUDGET, R_CALL);
export const R_CSP = oneR(CSP);

// Buying power as the paper account reserves it.
export const BP_BULL_PUT = requirement(positionsOf(BULL_PUT.legs)).total;
export const BP_CSP = requirement(positionsOf(CSP.legs)).total;
export const BP_CONDOR = requirement(positionsOf(CONDOR.legs)).total;
const SMALL_ACCOUNT = 10_000;
export const CSP_REFUSAL = checkBuyingPower(BP_CSP, SMALL_ACCOUNT).message;
export const LEVEL_SPREAD = levelForOpening(BULL_PUT.legs.map((l) => ({ side: l.action })));
export const LEVEL_REFUSAL = checkTradingLevel(LEVEL_SPREAD, 2).message;
export const PDT_AT_3 = checkPdt(pdtStatus(3, SMALL_ACCOUNT));
export const PDT_AT_4 = checkPdt(pdtStatus(4, SMALL_ACCOUNT));
export const PDT_BLOCK = PDT_AT_4.find((c) => c.severity === 'error')!.message;

// Portfolio Greeks: one lot of each of the three.
export const BOOK_LEGS = [...BULL_CALL.legs, ...BULL_PUT.legs, ...CONDOR.legs];
export const BOOK = analyze(BOOK_LEGS).greeks;
/** About what the book makes or loses if SPY moves 1% at once: delta shares × 1% of S. */
export const BOOK_ONE_PERCENT = BOOK.delta * S * 0.01;

// Expectancy of the bull put spread held to expiry, one lot, if every trade ends at max profit or max loss.
export const AW = BULL_PUT.analysis.maxProfit;
export const AL = -BULL_PUT.analysis.maxLoss;
export const PAYOFF = AW / AL;
export const BREAKEVEN_WR = AL / (AW + AL);
export const WR_EXAMPLE = 0.7;
export const EXPECTANCY = WR_EXAMPLE * AW - (1 - WR_EXAMPLE) * AL;
export const KELLY = WR_EXAMPLE - (1 - WR_EXAMPLE) / PAYOFF;
export const AFTER_10_LOSSES = (f: number) => (1 - f) ** 10;

// Overtrading: the spread paid on a round trip of the 28-day at-the-money call, bought at the ask and sold at the bid.
export const ATM_CALL = contractAt(SPY, 'call', '2026-12-18', 577);
export const ROUND_TRIP = (askOf(ATM_CALL) - bidOf(ATM_CALL)) * CONTRACT_MULTIPLIER;
export const ROUND_TRIPS_A_MONTH = 20;

// Journaling: the bull call spread's outcome in R if SPY ends at its upper strike, or unchanged.
export const UPPER = BULL_CALL.legs[1]!.strike;
export const R_AT_UPPER = pnlAtExpiry(BULL_CALL.legs, UPPER) / R_CALL;
export const R_UNCHANGED = pnlAtExpiry(BULL_CALL.legs, S) / R_CALL;

// The placed bull put spread (and condor) risk more than the budget in one lot: narrowed to 5-dollar wings, they fit.
export const NARROW = 5;
const narrowed = (p: typeof BULL_PUT, moves: [number, number][]) => {
  let legs = p.legs;
  for (const [i, strike] of moves) legs = moveLeg(legs, i, strike);
  return { ...p, legs, ...analyze(legs) };
};
const shortStrike = (p: typeof BULL_PUT, type: 'put' | 'call') => p.legs.find((l) => l.action === 'sell' && l.optionType === type)!.strike;
export const LOTS_BULL_PUT = lotsFor(BUDGET, oneR(BULL_PUT));
export const BULL_PUT_NARROW = narrowed(BULL_PUT, [[1, shortStrike(BULL_PUT, 'put') - NARROW]]);
export const CONDOR_NARROW = narrowed(CONDOR, [
  [0, shortStrike(CONDOR, 'put') - NARROW],
  [3, shortStrike(CONDOR, 'call') + NARROW],
]);

// The plan: each of the three sized to 1% of the account; their total worst case against the 5% cap.
export const PLAN = [BULL_CALL, BULL_PUT_NARROW, CONDOR_NARROW].map((p) => ({ p, r: oneR(p), lots: lotsFor(BUDGET, oneR(p)) }));
/** Every trade of the plan opens two or more legs: the level levelForOpening gives the largest of them. */
export const PLAN_LEVEL = Math.max(...PLAN.map((x) => levelForOpening(x.p.legs.map((l) => ({ side: l.action })))));
export const PLAN_RISK = PLAN.reduce((s, x) => s + x.lots * x.r, 0);
export const PLAN_DELTA = analyze(PLAN.flatMap((x) => scaled(x.p.legs, x.lots))).greeks.delta;

// ------------------------------------------------------------------------------------------ lessons

const SIZING = 'risk_management.position-sizing';
const sizing: Lesson = {
  id: SIZING,
  title: 'Position sizing and R',
  minutes: 8,
  blocks: [
    {
      type: 'text',
      title: 'Decide the loss first',
      content: tex`Before you choose a trade, choose how much of your account one trade may lose. A common rule is **1% of the account per trade**: on a ${M(ACCOUNT, 0)} paper account that is ${M(BUDGET, 0)}. The rule does not make a trade better; it makes sure that no single trade, and no short run of bad ones, can take you out of the game.

The amount one trade can lose is called **1R** (one unit of risk). For options there are two kinds of positions:

- **Defined risk**: the worst case is known when you open. For a debit spread 1R is the debit paid; for a credit spread it is the width between the strikes minus the credit.
- **Undefined or large risk**: a cash-secured put can lose almost its whole strike if the stock collapses, and a naked short call could lose without limit (the paper account allows no naked calls). Here you must pick 1R yourself, as a planned exit, and accept that a gap can jump past it.

Then the size follows: $\text{contracts} = \lfloor \text{budget} / 1R \rfloor$, rounded **down**.`,
    },
    strategyCard('bull-call-spread', 'The bull call spread'),
    {
      type: 'example',
      title: `Sizing a bull call spread on a ${usd(ACCOUNT, 0)} account`,
      content: tex`The builder places a bull call spread on SPY:

${BULL_CALL.legs.map((l) => `- ${legLine(l)}`).join('\n')}

Its worst case at expiry is the debit, ${M(R_CALL)} a lot: that is 1R. With a budget of ${M(BUDGET, 0)}, you may open ${LOTS_CALL} lot${LOTS_CALL === 1 ? '' : 's'}, risking ${M(LOTS_CALL * R_CALL)}. The builder's bull put spread (${BULL_PUT.legs.map(legLine).join('; ')}) has a 1R of ${M(oneR(BULL_PUT))}: $\lfloor ${BUDGET} / ${oneR(BULL_PUT).toFixed(2)} \rfloor = ${LOTS_BULL_PUT}$ lots. When one lot is already over budget, do not round up: narrow the spread (moving the bought put to ${BULL_PUT_NARROW.legs[1]!.strike}, ${NARROW} points below the sold one, gives a 1R of ${M(oneR(BULL_PUT_NARROW))}) or skip the trade. A cash-secured put on the same chain has a worst case of ${M(R_CSP)} (the strike less the premium, if SPY went to zero): far beyond a 1% budget even for one contract.`,
      source,
      figures: [
        figure('Risk budget per trade', usd(BUDGET, 0), tex`\text{account} \times 1\%`, [`account = ${usd(ACCOUNT, 0)}`]),
        figure(
          '1R, one lot',
          usd(R_CALL),
          tex`100 \times (\text{premium paid} - \text{premium received})`,
          BULL_CALL.legs.map((l) => `${l.action} ${l.strike} call at ${perShare(l.premium)}`),
        ),
        figure('Contracts', `${LOTS_CALL}`, tex`\lfloor \text{budget} / 1R \rfloor`, [`budget = ${usd(BUDGET, 0)}`, `1R = ${usd(R_CALL)}`]),
        figure(
          'Bull put spread, 1R',
          usd(oneR(BULL_PUT)),
          tex`100 \times (K_{\text{short}} - K_{\text{long}}) - \text{credit}`,
          BULL_PUT.legs.map((l) => `${l.action} ${l.strike} put at ${perShare(l.premium)}`),
        ),
        figure(
          'Narrowed bull put spread, 1R',
          usd(oneR(BULL_PUT_NARROW)),
          tex`100 \times (K_{\text{short}} - K_{\text{long}}) - \text{credit}`,
          BULL_PUT_NARROW.legs.map((l) => `${l.action} ${l.strike} put at ${perShare(l.premium)}`),
        ),
        figure('Cash-secured put, worst case', usd(R_CSP), tex`100 \times (K - \text{premium})`, [
          `K = ${usd(CSP.legs[0]!.strike, 0)}`,
          `premium = ${perShare(CSP.legs[0]!.premium)}`,
        ]),
      ],
    },
  ],
  check: check(SIZING, [
    numerical(
      'lots',
      tex`A spread's 1R is ${M(R_CALL)} a lot and your budget per trade is ${M(BUDGET, 0)}. How many lots may you open?`,
      LOTS_CALL,
      0,
      0,
      'contracts',
      tex`$\lfloor ${BUDGET} / ${R_CALL.toFixed(2)} \rfloor = ${LOTS_CALL}$: always round down, never up.`,
    ),
    numerical(
      'budget',
      tex`With 1% risk per trade, what is the budget for one trade on a ${M(25_000, 0)} account, in dollars?`,
      250,
      0,
      0,
      '$',
      '25,000 × 1% = 250 dollars.',
    ),
    trueFalse(
      'csp-defined',
      'A cash-secured put has a small worst case because its maximum loss is the premium you received.',
      false,
      'The premium is what you gain at best. If the stock falls toward zero you buy shares at the strike: the worst case is the strike minus the premium, times 100.',
    ),
  ]),
};

const BP = 'risk_management.buying-power-and-rules';
const levelsTable = TRADING_LEVELS.map((l) => `| ${l.level} | ${l.name} | ${l.allows} |`).join('\n');
const buyingPower: Lesson = {
  id: BP,
  title: 'Buying power, margin, PDT and approval levels',
  minutes: 8,
  blocks: [
    {
      type: 'text',
      title: 'Approval levels',
      content: tex`Your paper account checks every order before it fills, with the same rules a broker uses. The first is your **options trading level**:

| Level | Name | What it allows |
|---|---|---|
${levelsTable}

${NAKED_SELLING_NOTE} Closing a position never needs a level. An order with one opening buy needs level 2, one opening sale level 1, two or more opening legs level 3. With level 2, a two-leg spread is refused with: “${md(LEVEL_REFUSAL)}”.`,
    },
    {
      type: 'text',
      title: 'Buying power and margin',
      content: tex`**Buying power** is the cash the account can still commit. A debit costs its premium. A short option reserves cash for its worst case:

- a cash-secured put reserves strike × 100;
- a short put or call protected by a long one of the same type on the same or a later expiry (a spread) reserves the width between the strikes × 100 when the bought strike is further out of the money (a credit spread), and nothing when it is nearer the money (a debit spread, whose worst case is the debit already paid);
- an iron condor can lose on one side only, so it reserves the wider side;
- a short call covered by 100 shares a contract reserves nothing; an uncovered one is refused: “${md(MESSAGES.nakedCall)}”.

The premium you receive is already in your cash, so the reserve plus the cash covers the maximum loss. When an order needs more than you have, it is refused with the amounts, e.g. “${md(CSP_REFUSAL)}”. The account also checks margin: the absolute value of all positions must be covered by equity, or the order is refused with “Insufficient margin. Required: …, Available: …”; when it is, the check reads “${md(MESSAGES.marginMet)}”.`,
    },
    {
      type: 'text',
      title: 'Pattern Day Trader rules',
      content: tex`A **day trade** is opening and closing the same position in one trading session. Four or more day trades within ${PDT_WINDOW_TRADING_DAYS} trading days make the account a **Pattern Day Trader**, which must hold at least ${M(PDT_MIN_EQUITY, 0)} of equity. Each order's check shows your count, e.g. “${md(PDT_AT_3.find((c) => c.severity === 'info')!.message)}”. At three day trades you are warned: “${md(MESSAGES.pdtWarning)}”. A flagged account below the minimum is blocked: “${md(PDT_BLOCK)}”. The rule exists to slow down rapid trading; treat the warning as a reason to stop and ask why you are trading so often.`,
    },
    {
      type: 'example',
      title: 'What three positions reserve',
      content: tex`The paper account's own buying-power rule applied to one lot of each, placed on the SPY chain:

- the bull put spread (${BULL_PUT.legs.map(legLine).join('; ')}) reserves ${M(BP_BULL_PUT)};
- the cash-secured put (${legLine(CSP.legs[0]!)}) reserves ${M(BP_CSP)};
- the iron condor reserves ${M(BP_CONDOR)}, one side's width.

On a ${M(SMALL_ACCOUNT, 0)} account the cash-secured put is refused: “${md(CSP_REFUSAL)}”. The spread, whose worst case is capped by its long put, fits easily.`,
      source,
      figures: [
        figure(
          'Bull put spread reserve',
          usd(BP_BULL_PUT),
          tex`100 \times (K_{\text{short}} - K_{\text{long}})`,
          BULL_PUT.legs.map((l) => `${l.action} ${l.strike} put`),
        ),
        figure('Cash-secured put reserve', usd(BP_CSP), tex`100 \times K`, [`K = ${usd(CSP.legs[0]!.strike, 0)}`]),
        figure(
          'Iron condor reserve',
          usd(BP_CONDOR),
          tex`100 \times \max(\text{put width}, \text{call width})`,
          CONDOR.legs.map((l) => `${l.action} ${l.strike} ${l.optionType}`),
        ),
      ],
    },
  ],
  check: check(BP, [
    numerical(
      'csp-reserve',
      tex`A cash-secured put at the ${CSP.legs[0]!.strike} strike: how much buying power does the paper account reserve for one contract, in dollars?`,
      BP_CSP,
      0,
      0,
      '$',
      tex`Strike × 100 = ${M(BP_CSP, 0)}; the premium received is already in cash.`,
    ),
    multipleChoice(
      'level',
      'Which trading level does a vertical spread need in the paper account?',
      ['Level 1 (Basic)', 'Level 2 (Standard)', 'Level 3 (Advanced)'],
      'Level 3 (Advanced)',
      'Two or more opening legs need level 3 (Advanced); buying one option needs level 2; selling one covered call or cash-secured put needs level 1.',
    ),
    multipleChoice(
      'pdt',
      tex`After how many day trades within ${PDT_WINDOW_TRADING_DAYS} trading days does the paper account show the warning “${MESSAGES.pdtWarning}”?`,
      ['2', '3', '4'],
      '3',
      tex`At 3 day trades the next one would be the fourth, which flags the account as a Pattern Day Trader (${M(PDT_MIN_EQUITY, 0)} minimum equity).`,
    ),
  ]),
};

const GREEKS = 'risk_management.portfolio-greeks';
const portfolio: Lesson = {
  id: GREEKS,
  title: 'Portfolio Greeks and concentration',
  minutes: 7,
  blocks: [
    {
      type: 'text',
      title: 'Add the Greeks of everything you hold',
      content: tex`Each position has Greeks; so does the whole account. Add them: the **portfolio delta** is how many SPY shares your book behaves like, the **portfolio vega** what it gains or loses per volatility point, the **portfolio theta** what one day costs or earns. Three trades that each look small can all lean the same way.

Two habits help:

- a **delta budget**: decide how far one 1% move of the market may move your account (for example, no more than 1% of it);
- **concentration**: positions on one underlying, or on stocks that move together (correlation), are one bet, not several. Everything here is SPY, so the deltas simply add.`,
    },
    {
      type: 'example',
      title: 'Three “different” trades, one bet',
      content: tex`One lot each of the bull call spread, the bull put spread and the iron condor, all on SPY. The builder's position Greeks of the whole book give a delta of ${num(BOOK.delta, 2)} shares: a 1% move of SPY (${M(S * 0.01)}) moves the book by about ${M(BOOK_ONE_PERCENT)}. One by one, the bull call spread's delta is ${num(BULL_CALL.greeks.delta, 2)}, the bull put spread's ${num(BULL_PUT.greeks.delta, 2)} and the iron condor's ${num(CONDOR.greeks.delta, 2)}${CONDOR.greeks.delta < 0 ? ': the two bullish spreads add to one larger bet on a rise, and the condor, sold as “neutral”, in fact leans short on this chain and offsets part of them' : ': all three lean long and add up to one bullish bet'}. A neutral-sounding name is not a zero delta: add the numbers.`,
      source,
      figures: [
        figure('Portfolio delta', `${num(BOOK.delta, 2)} shares`, tex`100 \sum \pm\,\text{qty}\,\Delta_i`, [
          `S = ${usd(S)}`,
          'each leg at its chain IV, American engine',
        ]),
        figure('Portfolio vega', `${usd(BOOK.vega)} per vol point`, tex`100 \sum \pm\,\text{qty}\,\mathcal{V}_i / 100`, ['each leg at its chain IV']),
        figure('Portfolio theta', `${usd(BOOK.theta)} a day`, tex`100 \sum \pm\,\text{qty}\,\Theta_i / 365`, ['each leg at its chain IV']),
        figure('P&L of a 1% move, about', usd(BOOK_ONE_PERCENT), tex`\Delta_{\text{book}} \times S \times 1\%`, [`Δ = ${num(BOOK.delta, 2)}`, `S = ${usd(S)}`]),
      ],
    },
  ],
  check: check(GREEKS, [
    numerical(
      'one-percent',
      tex`A book has a delta of ${num(BOOK.delta, 2)} shares of SPY and SPY is at ${M(S)}. About how much does it gain if SPY rises 1%, in dollars?`,
      BOOK_ONE_PERCENT,
      0,
      1,
      '$',
      tex`${num(BOOK.delta, 2)} × ${M(S)} × 1% ≈ ${M(BOOK_ONE_PERCENT, 0)}.`,
    ),
    trueFalse(
      'diversified',
      'A bull call spread, a bull put spread and a long call on the same stock are three independent bets.',
      false,
      'All three gain when the stock rises and lose when it falls: their deltas add up to one larger bet.',
    ),
    multipleChoice(
      'sum',
      'How do you get the portfolio delta of several positions?',
      ['Add each leg’s delta × quantity × 100, with sells negative', 'Average the deltas of the legs', 'Take the largest leg’s delta'],
      'Add each leg’s delta × quantity × 100, with sells negative',
      'Position Greeks add: each leg contributes its Greek times its signed quantity times the multiplier.',
    ),
  ]),
};

const EXP = 'risk_management.expectancy';
const expectancy: Lesson = {
  id: EXP,
  title: 'Expectancy, win rate against payoff, and risk of ruin',
  minutes: 8,
  blocks: [
    {
      type: 'text',
      title: 'Win rate alone says nothing',
      content: tex`Over many trades, what matters is the **expectancy**, the average result per trade:
$$E = WR \times AW - (1 - WR) \times AL$$
with $WR$ the win rate, $AW$ the average win and $AL$ the average loss (a positive number). The **payoff ratio** is $AW / AL$. A strategy breaks even when
$$WR_{\text{break-even}} = \frac{AL}{AW + AL} = \frac{1}{1 + \text{payoff}}$$
A high chance of profit (POP) is not an edge: selling a far out-of-the-money spread wins often, but each loss can erase many wins. The **Kelly fraction** $f^* = WR - (1 - WR)/\text{payoff}$ is an upper bound on what to risk per trade; most traders who use it risk a fraction of it, or a fixed 1%.

**Risk of ruin** is the chance that a run of losses shrinks the account past recovery. Losing streaks happen even with an edge: risking a fraction $f$ of the account on each trade, ten losses in a row leave $(1 - f)^{10}$ of it. A published approximation (Wealth-Lab) is $((1-P)/P)^{\text{MaxRisk}/A}$; treat any such number as a rough guide, not a promise.`,
    },
    strategyCard('bull-put-spread', 'The bull put spread'),
    {
      type: 'example',
      title: 'The bull put spread: what win rate does it need?',
      content: tex`Held to expiry, one lot of the builder's bull put spread (${BULL_PUT.legs.map(legLine).join('; ')}) makes at most ${M(AW)} and loses at most ${M(AL)}. If every trade ended at one of the two, the payoff would be ${num(PAYOFF, 2)} and the strategy would need to win ${pct(BREAKEVEN_WR, 1)} of the time just to break even. At a ${pct(WR_EXAMPLE, 0)} win rate the expectancy is ${M(EXPECTANCY)} a trade${EXPECTANCY < 0 ? ': it loses money while winning most of the time' : ''}, and the Kelly fraction is ${pct(KELLY, 1)}${KELLY < 0 ? ': below zero, which says no size is right, because there is no edge' : ''}. (Real trades are often closed early, between the two extremes; the journal measures what your own trades do.)

Ten losses in a row, risking 1% of the account each time, leave ${pct(AFTER_10_LOSSES(0.01), 2)} of it; risking 10% each time leaves ${pct(AFTER_10_LOSSES(0.1), 2)}.`,
      source,
      figures: [
        figure('Payoff ratio', num(PAYOFF, 2), tex`AW / AL`, [`AW = ${usd(AW)}`, `AL = ${usd(AL)}`]),
        figure('Break-even win rate', pct(BREAKEVEN_WR, 1), tex`AL / (AW + AL)`, [`AW = ${usd(AW)}`, `AL = ${usd(AL)}`]),
        figure('Expectancy at a 70% win rate', usd(EXPECTANCY), tex`WR \times AW - (1 - WR) \times AL`, ['WR = 70%', `AW = ${usd(AW)}`, `AL = ${usd(AL)}`]),
        figure('Kelly fraction at a 70% win rate', pct(KELLY, 1), tex`WR - (1 - WR) / \text{payoff}`, ['WR = 70%', `payoff = ${num(PAYOFF, 2)}`]),
        figure('Left after 10 losses at 1%', pct(AFTER_10_LOSSES(0.01), 2), tex`(1 - f)^{10}`, ['f = 1%']),
        figure('Left after 10 losses at 10%', pct(AFTER_10_LOSSES(0.1), 2), tex`(1 - f)^{10}`, ['f = 10%']),
      ],
    },
  ],
  check: check(EXP, [
    numerical(
      'break-even',
      tex`A spread makes ${M(AW)} when it wins and loses ${M(AL)} when it loses. What win rate does it need to break even, in percent?`,
      BREAKEVEN_WR * 100,
      1,
      0.1,
      '%',
      tex`$AL / (AW + AL) = ${AL.toFixed(2)} / ${(AW + AL).toFixed(2)} = ${(BREAKEVEN_WR * 100).toFixed(1)}\%$.`,
    ),
    numerical(
      'expectancy',
      'A strategy wins 40% of the time; the average win is $300 and the average loss $100. What is its expectancy per trade, in dollars?'.replace(/\$/g, '\\$'),
      0.4 * 300 - 0.6 * 100,
      0,
      0,
      '$',
      '0.4 × 300 − 0.6 × 100 = 120 − 60 = 60 dollars a trade: a low win rate with a high payoff can have an edge.',
    ),
    trueFalse(
      'pop',
      'A strategy that wins 80% of the time always makes money over many trades.',
      false,
      'Only if the wins outweigh the losses: with a payoff of 0.2 the break-even win rate is 1 / 1.2 ≈ 83%, so 80% loses money.',
    ),
  ]),
};

const PSY = 'risk_management.psychology-overtrading';
const psychology: Lesson = {
  id: PSY,
  title: 'Psychology and overtrading',
  minutes: 6,
  blocks: [
    {
      type: 'text',
      title: 'More trading, less return',
      content: tex`The evidence is consistent. Barber and Odean followed 66,465 US households from 1991 to 1996: the most active fifth earned 11.4% a year after costs while the market returned 17.9%, and the least active fifth earned 18.5%. In a randomised experiment (Chapkovski, Khapko and Zoican, 2024), game-like rewards such as confetti and badges raised trading by about 5%; novices shown price alerts were more likely to sell after a rise and to hold after a drop, selling winners early and keeping losers (the **disposition effect**). Retail options traders favour cheap weekly options, whose bid-ask spreads averaged 12.6% of the price, and lose money on them on average.

Watch for these in yourself: trading to win back a loss (**revenge trading**), trading because you are bored, doubling size after a streak, and moving a stop because you “know” the trade will come back. This course never rewards trading more: what counts is a plan followed.`,
    },
    {
      type: 'example',
      title: 'What churning costs before the market moves at all',
      content: tex`SPY's ${ATM_CALL.strike_price} call of ${day('2026-12-18')} quotes ${P(bidOf(ATM_CALL))} bid and ${P(askOf(ATM_CALL))} ask. Buying at the ask and selling at the bid costs ${M(ROUND_TRIP)} a contract even if the price does not move. ${ROUND_TRIPS_A_MONTH} such round trips a month cost ${M(ROUND_TRIP * ROUND_TRIPS_A_MONTH)}, before any commission.`,
      source,
      figures: [
        figure('Spread paid per round trip', usd(ROUND_TRIP), tex`100 \times (\text{ask} - \text{bid})`, [
          `ask = ${perShare(askOf(ATM_CALL))}`,
          `bid = ${perShare(bidOf(ATM_CALL))}`,
        ]),
        figure(`${ROUND_TRIPS_A_MONTH} round trips`, usd(ROUND_TRIP * ROUND_TRIPS_A_MONTH), tex`n \times 100 \times (\text{ask} - \text{bid})`, [
          `n = ${ROUND_TRIPS_A_MONTH}`,
        ]),
      ],
    },
  ],
  check: check(PSY, [
    numerical(
      'round-trip',
      tex`An option quotes ${P(bidOf(ATM_CALL))} bid and ${P(askOf(ATM_CALL))} ask. What does one contract bought at the ask and sold at the bid cost, in dollars, if the price does not move?`,
      ROUND_TRIP,
      2,
      0.01,
      '$',
      tex`100 × (${P(askOf(ATM_CALL))} − ${P(bidOf(ATM_CALL))}) = ${M(ROUND_TRIP)}.`,
    ),
    multipleChoice(
      'barber-odean',
      'In Barber and Odean’s study of 66,465 households, how did the most active traders do?',
      ['Better than the market', 'About as well as the market', 'Worse than the market and than the least active traders'],
      'Worse than the market and than the least active traders',
      '11.4% a year after costs, against 17.9% for the market and 18.5% for the least active fifth.',
    ),
    trueFalse(
      'revenge',
      'After a loss, opening a larger trade to win it back quickly is a sound way to manage risk.',
      false,
      'That is revenge trading: it raises the size exactly when judgement is worst. Keep the size your plan sets.',
    ),
  ]),
};

const JOURNAL = 'risk_management.journaling';
const journaling: Lesson = {
  id: JOURNAL,
  title: 'Journaling as a habit',
  minutes: 6,
  blocks: [
    {
      type: 'text',
      title: 'Write it down before and after',
      content: tex`A journal turns trades into lessons. Before you open, write the **setup** (why this trade, why now), **1R** and the **exit plan** (profit target, stop, and a date to close by). After you close, write the **result in R**, the **exit reason**, and whether you followed the plan. Tag mistakes (“moved the stop”, “sized up after a loss”) so that a weekly review can count what they cost.

Measure results in R rather than dollars: a trade that made $+1R$ and one that lost $-1R$ are easy to compare across sizes. Judge a decision by whether it followed the plan, not only by its result: a good trade can lose and a bad one can win.`,
    },
    {
      type: 'example',
      title: 'A journal entry for the bull call spread',
      content: tex`**Setup**: mildly bullish on SPY for a month; a bull call spread (${BULL_CALL.legs.map(legLine).join('; ')}).
**1R**: ${M(R_CALL)} a lot, the debit.
**Exit plan**: take profit at half the maximum; close by a week before expiry.
**Results in R**: if SPY ends at the upper strike ${UPPER}, the spread pays its maximum, ${num(R_AT_UPPER, 2)}R; if SPY ends unchanged at ${M(S)}, the result is ${num(R_UNCHANGED, 2)}R.`,
      source,
      figures: [
        figure('R at the upper strike', `${num(R_AT_UPPER, 2)}R`, tex`\text{P\&L}(S_T) / 1R`, [`S_T = ${usd(UPPER, 0)}`, `1R = ${usd(R_CALL)}`]),
        figure('R with SPY unchanged', `${num(R_UNCHANGED, 2)}R`, tex`\text{P\&L}(S_T) / 1R`, [`S_T = ${usd(S)}`, `1R = ${usd(R_CALL)}`]),
      ],
    },
  ],
  check: check(JOURNAL, [
    numerical(
      'r-multiple',
      'A trade risked $400 (1R) and closed with a profit of $600. What was its result in R?'.replace(/\$/g, '\\$'),
      1.5,
      1,
      0.1,
      'R',
      '600 / 400 = 1.5R.',
    ),
    multipleChoice(
      'before',
      'Which belongs in the journal before you open a trade?',
      ['The setup, 1R and the exit plan', 'Only the result', 'Nothing: write after the close'],
      'The setup, 1R and the exit plan',
      'Writing the plan first is what lets you check later whether you followed it.',
    ),
    trueFalse(
      'outcome',
      'A trade that made money was always a good decision.',
      false,
      'A trade that broke the plan can still win by luck; the journal judges the decision, the R result the outcome.',
    ),
  ]),
};

const PLAN_ID = 'risk_management.trading-plan';
const plan: Lesson = {
  id: PLAN_ID,
  title: 'Your trading plan (capstone)',
  minutes: 7,
  blocks: [
    {
      type: 'text',
      title: 'A plan on one page',
      content: tex`A trading plan writes down the rules of this module before you need them:

1. **Risk per trade**: 1% of the account (1R), sized by rounding down.
2. **Open risk cap**: the worst cases of all open trades together at most 5% of the account.
3. **Strategies**: defined-risk only, within your trading level.
4. **Portfolio limits**: a delta budget, and no more than a set share of risk on one underlying.
5. **Entries and exits**: the setup you trade, a profit target, a stop and a time exit for each.
6. **Habits**: a journal entry for every trade, a weekly review in R, a pause after a set number of losses.

As a capstone, write your plan, then open three defined-risk trades in your paper account that fit it, journal each one, and review them when they close. Trading more is not the goal: following the plan is.`,
    },
    strategyCard('iron-condor', 'The iron condor'),
    {
      type: 'example',
      title: 'Three trades that fit the plan',
      content: tex`On a ${M(ACCOUNT, 0)} account with ${M(BUDGET, 0)} per trade and a ${M(OPEN_RISK_CAP, 0)} cap: the bull call spread as the builder places it, and the bull put spread and iron condor narrowed to ${NARROW}-point wings (as placed, one lot of either is over the budget):

| Trade | 1R a lot | Lots | Risk |
|---|---|---|---|
${PLAN.map((x) => `| ${x.p.template.name} | ${M(x.r)} | ${x.lots} | ${M(x.lots * x.r)} |`).join('\n')}

Together they risk ${M(PLAN_RISK)}, ${PLAN_RISK <= OPEN_RISK_CAP ? 'within' : 'over'} the cap. All three need trading level ${PLAN_LEVEL}. Their combined delta is ${num(PLAN_DELTA, 2)} shares of SPY: check it against your delta budget before the third order.`,
      source,
      figures: [
        figure(
          'Total open risk',
          usd(PLAN_RISK),
          tex`\sum \text{lots}_i \times 1R_i`,
          PLAN.map((x) => `${x.p.template.name}: ${x.lots} × ${usd(x.r)}`),
        ),
        figure('Open risk cap', usd(OPEN_RISK_CAP, 0), tex`\text{account} \times 5\%`, [`account = ${usd(ACCOUNT, 0)}`]),
        figure('Combined delta', `${num(PLAN_DELTA, 2)} shares`, tex`100 \sum \pm\,\text{qty}\,\Delta_i`, [
          `S = ${usd(S)}`,
          'each leg at its chain IV, American engine',
        ]),
      ],
    },
  ],
  check: check(PLAN_ID, [
    numerical(
      'total-risk',
      tex`You hold ${PLAN.map((x) => `${x.lots} lot${x.lots === 1 ? '' : 's'} with a 1R of ${M(x.r)}`).join(', ')}. What is the total worst case of the three, in dollars?`,
      PLAN_RISK,
      2,
      0.01,
      '$',
      tex`Add lots × 1R: ${M(PLAN_RISK)}.`,
    ),
    trueFalse(
      'cap',
      tex`With a 5% open-risk cap on ${M(ACCOUNT, 0)}, trades risking ${M(PLAN_RISK)} in all fit the cap.`,
      PLAN_RISK <= OPEN_RISK_CAP,
      tex`The cap is ${M(OPEN_RISK_CAP, 0)}.`,
    ),
    multipleChoice(
      'goal',
      'What does the capstone reward?',
      ['Following your written plan and journaling each trade', 'The largest profit', 'The most trades'],
      'Following your written plan and journaling each trade',
      'Profit over three trades is mostly luck; the habits are what carry over.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------------ quiz

const quiz: Quiz = {
  id: 'risk_management.quiz',
  passingScore: 80,
  questions: [
    numerical(
      'lots',
      tex`Your account is ${M(ACCOUNT, 0)} and you risk 1% per trade. A spread's 1R is ${M(R_CALL)}. How many lots may you open?`,
      LOTS_CALL,
      0,
      0,
      'contracts',
      tex`Budget ${M(BUDGET, 0)}; $\lfloor ${BUDGET} / ${R_CALL.toFixed(2)} \rfloor = ${LOTS_CALL}$.`,
    ),
    numerical(
      'spread-reserve',
      tex`A bull put spread sells the ${BULL_PUT.legs.find((l) => l.action === 'sell')!.strike} put and buys the ${BULL_PUT.legs.find((l) => l.action === 'buy')!.strike} put of the same expiry. How much buying power does the paper account reserve for one lot, in dollars?`,
      BP_BULL_PUT,
      0,
      0,
      '$',
      tex`The width × 100 = ${M(BP_BULL_PUT, 0)}.`,
    ),
    multipleChoice(
      'naked',
      'At which trading level does the paper account allow a naked short call?',
      ['Level 1', 'Level 3', 'At no level'],
      'At no level',
      NAKED_SELLING_NOTE,
    ),
    multipleChoice(
      'pdt-equity',
      'A Pattern Day Trader account must hold at least how much equity?',
      ['10,000 dollars', '25,000 dollars', '100,000 dollars'],
      '25,000 dollars',
      md(`“${PDT_BLOCK}” is the refusal on a flagged ${usd(SMALL_ACCOUNT, 0)} account.`),
    ),
    numerical(
      'break-even',
      'A strategy wins $100 and loses $400 at a time. What win rate does it need to break even, in percent?'.replace(/\$/g, '\\$'),
      80,
      0,
      0,
      '%',
      '400 / (100 + 400) = 80%.',
    ),
    numerical(
      'kelly',
      'A strategy wins 60% of the time with a payoff ratio of 1. What is its Kelly fraction, in percent?',
      20,
      0,
      0,
      '%',
      'f* = 0.6 − 0.4 / 1 = 0.2 = 20%; an upper bound, most risk far less.',
    ),
    numerical(
      'ruin',
      'Risking 10% of the account on each trade, what share of it is left after ten losses in a row, in percent?',
      AFTER_10_LOSSES(0.1) * 100,
      1,
      0.1,
      '%',
      tex`$0.9^{10} = ${(AFTER_10_LOSSES(0.1) * 100).toFixed(1)}\%$.`,
    ),
    trueFalse(
      'concentration',
      'Positions on SPY and on stocks that move with it add to one larger bet on the market.',
      true,
      'Correlated positions move together: their deltas in market terms add up.',
    ),
    multipleChoice(
      'overtrading',
      'What did Barber and Odean find about the households that traded most?',
      ['They earned less than the market', 'They beat the market', 'They matched the least active'],
      'They earned less than the market',
      '11.4% a year against 17.9% for the market (1991–96).',
    ),
    numerical(
      'r',
      'A trade with 1R of $250 closes at a loss of $125. What was its result in R?'.replace(/\$/g, '\\$'),
      -0.5,
      1,
      0.1,
      'R',
      '−125 / 250 = −0.5R.',
    ),
  ],
};

// ------------------------------------------------------------------------------------------ exercise

/** The exercise's cap: 1% of the module's example account. */
export const EXERCISE_MAX_LOSS = BUDGET;
const narrowPut = PLAN.find((x) => x.p === BULL_PUT_NARROW)!;
/** The narrowed spread's net credit at the marks, per share: the mid the limit must meet or beat. */
export const NARROW_PUT_CREDIT = BULL_PUT_NARROW.analysis.netPremium / CONTRACT_MULTIPLIER;

export const sizedTradeExercise: PracticalExercise = {
  id: 'risk_management.sized-trade',
  title: 'A trade sized to your plan',
  description: 'Open a bull put spread on SPY whose total worst case, all lots together, fits a 1% risk budget, and place it as one limit order.',
  scenario: tex`Your plan risks 1% of ${M(ACCOUNT, 0)} per trade: ${M(EXERCISE_MAX_LOSS, 0)}. You are mildly bullish on SPY. Choose a bull put spread on one SPY expiry 20 to 60 days out, work out its 1R (the width × 100 − the credit), and open as many lots as fit the budget, rounding down. Place both legs as one limit order at the mid net credit or better. Write down your exit plan before you place it.`,
  requirements: [
    {
      type: 'position',
      description: `Hold a bull put spread on SPY with 20–60 days to expiry and a maximum loss, all lots together, of at most ${usd(EXERCISE_MAX_LOSS, 0)}`,
      criteria: { strategy: 'bull-put-spread', underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 60, maxLoss: EXERCISE_MAX_LOSS },
    },
    {
      type: 'order',
      description: 'Place it as one multi-leg limit order at or better than the mid net price',
      criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' },
    },
  ],
  hints: [
    'Open the Bull Put Spread template in the builder on SPY. If one lot’s maximum loss is already over your budget, move the bought put closer to the sold one.',
    tex`Lots = $\lfloor \text{budget} / 1R \rfloor$: never round up.`,
    'Send both legs together as one order with a limit credit at the mid or higher; a credit order fills at or above its limit, or not at all.',
  ],
  solution: tex`On Nov 20, 2026: ${BULL_PUT_NARROW.legs.map(legLine).join('; ')}, a ${P(NARROW_PUT_CREDIT)} credit at the mid. 1R = ${M(NARROW * 100, 0)} − ${M(BULL_PUT_NARROW.analysis.netPremium)} = ${M(narrowPut.r)}; $\lfloor ${BUDGET} / ${narrowPut.r.toFixed(2)} \rfloor = ${narrowPut.lots}$ lots, a worst case of ${M(narrowPut.lots * narrowPut.r)}. Place ${narrowPut.lots} lots as one limit order for a net credit at the mid, ${P(NARROW_PUT_CREDIT)} rounded to a cent, or better.`,
};

export const riskManagement: LearningModule = {
  id: 'risk_management',
  title: 'Risk Management',
  description:
    'Size every trade from the loss you accept, know the paper account’s buying-power, margin, day-trade and level rules, add up your Greeks, judge a strategy by its expectancy rather than its win rate, and build the habits (a journal and a written plan) that keep you trading with a process.',
  // Intermediate: the arithmetic is simple, but it assumes spreads, max loss and position Greeks from earlier modules.
  difficulty: 'intermediate',
  estimatedTime: 50,
  // Sizing by 1R needs defined-risk spreads and their max loss (basic_strategies); portfolio Greeks need options_greeks.
  prerequisites: ['basic_strategies', 'options_greeks'],
  objectives: [
    'Size a trade as a fixed share of the account divided by its 1R, rounded down',
    'Predict what the paper account reserves and refuses: levels, buying power, margin and Pattern Day Trader rules',
    'Add position Greeks into portfolio Greeks and recognise concentrated bets',
    'Compute expectancy, the break-even win rate and the Kelly bound, and explain why a high win rate is not an edge',
    'Recognise overtrading and its costs, and keep a journal in R',
    'Write a trading plan and open trades that fit it',
  ],
  lessons: [sizing, buyingPower, portfolio, expectancy, psychology, journaling, plan],
  quiz,
  practicalExercise: sizedTradeExercise,
};
