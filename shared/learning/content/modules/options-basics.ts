import { check, mc, tf } from '../lib/questions';
import { americanPrice } from '../../../pricing';
import { fillPrice } from '../../../paper/fills';
import { exerciseCost } from '../../../paper/exercise-cost';
import { CONTRACT_MULTIPLIER, DEFAULT_SETTINGS } from '../../../paper/types';
import { exerciseStyle } from '../../../market/underlyings';
import { analyzeAtExpiry, expiryPnl } from '../../../strategy';
import type { ContentBlock, LearningModule, Lesson, Question, Quiz } from '../types';
import { cents, contractLabel, dateLabel, figure, num, pct, perShare, sourceLine, usd, tex, m, mp, exact } from '../lib/figures';
import {
  SPY,
  SPY_SNAPSHOT_ID,
  askOf,
  atTheMoneyStrike,
  bidOf,
  contractAt,
  dollars,
  expiryNearestDays,
  expiryType,
  intrinsicAt,
  legOf,
  marketInputs,
  midOf,
  nearestTheMoney,
  spreadOf,
  strikesOf,
} from '../lib/snapshot';

/**
 * Options Basics (issue 17; spec part 3 §3: 45 minutes, beginner, no prerequisite), the first module of the path:
 * the topics the Options Industry Council's Options Basics course opens with. Every market figure is taken from the SPY chain of Nov 20, 2026 (end of day,
 * simulated market) and every derived figure is computed here by the product's own code: the strategy analytics
 * (payoffs, breakevens, maximum loss), the pricing core (a value before expiry), the paper account's fill and
 * exercise rules. Markdown writes money as `\$` so that `$…$` is always maths.
 */

const S = SPY.underlyingPrice;
const SOURCE = sourceLine(SPY);
const SESSION = dateLabel(SPY.session);
const COMMISSION = DEFAULT_SETTINGS.commissionPerContract;

const WEEK = expiryNearestDays(SPY, 7).expiration;
const MONTH = expiryNearestDays(SPY, 28).expiration;
const LATER = expiryNearestDays(SPY, 41).expiration;
const MONTH_DAYS = expiryNearestDays(SPY, 28).daysToExpiry;
const WEEK_DAYS = expiryNearestDays(SPY, 7).daysToExpiry;
const LATER_DAYS = expiryNearestDays(SPY, 41).daysToExpiry;

// The month's contracts at the money: the course's running example.
const K = atTheMoneyStrike(SPY, MONTH);
const call = nearestTheMoney(SPY, 'call', MONTH);
const put = nearestTheMoney(SPY, 'put', MONTH);
const callAsk = askOf(call);
const callBid = bidOf(call);
const putAsk = askOf(put);
const putBid = bidOf(put);

const longCall = legOf(call, 'buy');
const shortCall = legOf(call, 'sell');
const longPut = legOf(put, 'buy');
const shortPut = legOf(put, 'sell');
const ROUND_STRIKE_BELOW = Math.floor(S / 10) * 10;

const label = contractLabel;

const numerical = (id: string, question: string, answer: number, tolerance: number, unit: string, explanation: string): Question => ({
  id,
  question,
  type: 'numerical',
  correctAnswer: answer,
  tolerance,
  unit,
  explanation,
});

// ------------------------------------------------------------------------------------------ 1. Why options exist

const SHARES_COST = dollars(S);
const CALL_COST = dollars(callAsk);
const UP = 0.03;
const S_UP = cents(S * (1 + UP));
const S_DOWN = cents(S * (1 - UP));
const sharesPnl = (price: number) => cents(CONTRACT_MULTIPLIER * (price - S));
const callPnl = expiryPnl([longCall]);
const hedgePut = contractAt(SPY, 'put', MONTH, ROUND_STRIKE_BELOW);
const hedgeCost = dollars(askOf(hedgePut));
// Shares bought at S with the put bought at its ask: below the put's strike the loss stops growing.
const hedgedMaxLoss = cents(CONTRACT_MULTIPLIER * (S - hedgePut.strike_price + askOf(hedgePut)));

const whyOptions: Lesson = {
  id: 'options_basics.why-options',
  title: 'Why options exist',
  minutes: 5,
  blocks: [
    {
      type: 'text',
      title: 'A contract about a price',
      content: tex`An **option** is a contract that gives its buyer a _right_: to buy, or to sell, 100 shares of a stock or fund at a fixed price, the **strike** $K$, until a fixed date, the **expiry**.

The buyer pays for that right up front. The price of an option is called its **premium**.

The seller of the option takes the other side. They keep the premium whatever happens, and in exchange they must deliver or take the shares if the buyer decides to use the right.

Throughout this course the underlying's price is $S$, the strike $K$, the time to expiry $T$ (in years), the volatility $\sigma$, the interest rate $r$ and the dividend yield $q$.`,
    },
    {
      type: 'text',
      title: 'Three reasons people use them',
      content: tex`- **Hedging.** A put works like insurance: it gains when the price falls below its strike, so it can limit the loss on shares you already own.
- **Income.** Selling options collects premiums. The seller is paid to accept an obligation, and the risk that comes with it.
- **Speculation.** An option costs a fraction of the shares it controls, so a right view on the direction can return many times what a share purchase would.

The last point is **leverage**, and leverage cuts both ways: a small move the wrong way, or no move at all, can cost the whole premium.`,
    },
    {
      type: 'example',
      title: 'Leverage on SPY, in both directions',
      source: SOURCE,
      content: tex`On ${SESSION}, SPY closed at ${m(S)}. Buying 100 shares cost ${m(SHARES_COST)}. The ${label(call)} (${MONTH_DAYS} days to expiry, strike ${m(K)}) cost ${m(callAsk)} a share at the ask, ${m(CALL_COST)} for one contract on 100 shares.

Here is the profit or loss of each on the call's expiry day if SPY has moved ${pct(UP, 0)} (before commissions):

| SPY at expiry | 100 shares | one call |
|---|---|---|
| ${m(S_UP)} (up ${pct(UP, 0)}) | ${m(sharesPnl(S_UP))} (${pct(sharesPnl(S_UP) / SHARES_COST)}) | ${m(callPnl(S_UP))} (${pct(callPnl(S_UP) / CALL_COST, 0)}) |
| ${m(S)} (unchanged) | ${m(0)} | ${m(callPnl(S))} (${pct(callPnl(S) / CALL_COST, 0)}) |
| ${m(S_DOWN)} (down ${pct(UP, 0)}) | ${m(sharesPnl(S_DOWN))} (${pct(sharesPnl(S_DOWN) / SHARES_COST)}) | ${m(callPnl(S_DOWN))} (${pct(callPnl(S_DOWN) / CALL_COST, 0)}) |

The call turned a small move up into a large percentage gain, and lost everything when SPY went nowhere. The shares lose more dollars when SPY falls, but they never expire.`,
      figures: [
        figure('100 SPY shares', usd(SHARES_COST), tex`100 \times S`, [`S = ${usd(S)}`]),
        figure(`One ${label(call)}`, usd(CALL_COST), tex`100 \times \text{ask}`, [`ask = ${usd(callAsk)}`]),
        figure('Call P&L if SPY ends up 3%', usd(callPnl(S_UP)), tex`100 \times (\max(S_T - K, 0) - \text{premium})`, [
          `S_T = ${usd(S_UP)}`,
          `K = ${usd(K)}`,
          `premium = ${usd(callAsk)}`,
        ]),
      ],
    },
    {
      type: 'example',
      title: 'A put as insurance',
      source: SOURCE,
      content: tex`Someone who owns 100 SPY shares at ${m(S)} and buys one ${label(hedgePut)} at its ask of ${m(askOf(hedgePut))} pays ${m(hedgeCost)}, ${pct(hedgeCost / SHARES_COST)} of the shares' value.

Until expiry, they can sell their shares for ${m(hedgePut.strike_price)} however far SPY falls. Their worst case at expiry is the drop to the strike plus the premium: ${m(hedgedMaxLoss)}, however low SPY goes.`,
      figures: [
        figure('Worst loss of shares + put at expiry', usd(hedgedMaxLoss), tex`100 \times (S - K + \text{premium})`, [
          `S = ${usd(S)}`,
          `K = ${usd(hedgePut.strike_price)}`,
          `premium = ${usd(askOf(hedgePut))}`,
        ]),
      ],
    },
  ],
  check: check('options_basics.why-options', [
    mc(
      'use',
      'You own 100 shares and buy a put on them. Which use of options is that?',
      ['Hedging', 'Income', 'Speculation', 'Arbitrage'],
      'Hedging',
      'The put gains as the shares fall, so it limits the loss on shares you hold: insurance, or hedging.',
    ),
    tf(
      'leverage',
      `If SPY ends exactly where it was (${usd(S)}) at the expiry of the ${label(call)} bought for ${usd(callAsk)}, the call loses its whole premium.`,
      true,
      `At expiry a call is worth max(S − K, 0). With SPY at ${usd(S)} below the ${usd(K)} strike it is worth nothing, so the whole ${usd(CALL_COST)} is lost: leverage cuts both ways.`,
    ),
    numerical(
      'cost',
      `The ${label(call)} was offered at ${usd(callAsk)} a share. What did one contract cost before commission, in dollars?`,
      cents(CALL_COST),
      0.01,
      '$',
      `One contract is on 100 shares: 100 × ${usd(callAsk)} = ${usd(CALL_COST)}.`,
    ),
  ]),
};

// ------------------------------------------------------------------------------------- 2. Calls and puts

const strikes = strikesOf(SPY, MONTH);
const strikeStep = strikes[1]! - strikes[0]!;
const callWithFee = dollars(callAsk) + COMMISSION;

const callsAndPuts: Lesson = {
  id: 'options_basics.calls-and-puts',
  title: 'Calls and puts: rights and obligations',
  minutes: 5,
  blocks: [
    {
      type: 'text',
      title: 'Two kinds of option',
      content: tex`A **call** gives its buyer the right to **buy** 100 shares at the strike $K$ until expiry. A call buyer wants the price to rise above $K$.

A **put** gives its buyer the right to **sell** 100 shares at the strike $K$ until expiry. A put buyer wants the price to fall below $K$.`,
    },
    {
      type: 'text',
      title: 'Buyer and writer',
      content: tex`The buyer (the **holder**, who is _long_) pays the premium and gets a right. They may use it (**exercise**) or let it go; they never have to.

The seller (the **writer**, who is _short_) receives the premium and takes on an obligation. If a call they wrote is exercised, they must sell 100 shares at $K$; if a put they wrote is exercised, they must buy 100 shares at $K$. The writer cannot refuse: being chosen to fulfil the contract is called **assignment**.`,
    },
    {
      type: 'text',
      title: 'One contract, 100 shares',
      content: tex`Option prices are quoted **per share**, and one US equity option contract covers **100 shares**. A premium quoted at 2.50 costs 2.50 × 100 = \$250 a contract. Every dollar figure in this course multiplies by 100 for that reason.`,
    },
    {
      type: 'text',
      title: 'Who is on the other side',
      content: tex`Listed options trade on exchanges, and every trade is cleared by the **Options Clearing Corporation (OCC)**. The OCC becomes the seller to every buyer and the buyer to every seller, so you never depend on the particular person who took the other side of your trade.

When a holder exercises, the OCC assigns the exercise at random to a broker with a short position in that option, and the broker passes it to one of its customers who are short, by a fair method set out in its rules (often also random).

The strikes themselves are set by the exchanges, in fixed steps around the current price; new strikes are added as the price moves.`,
    },
    {
      type: 'example',
      title: 'One SPY call and one SPY put',
      source: SOURCE,
      content: tex`The ${SESSION} SPY chain lists ${strikes.length} strikes for the ${dateLabel(MONTH)} expiry, from ${m(strikes[0]!)} to ${m(strikes[strikes.length - 1]!)} in steps of ${m(strikeStep)}.

- The **${label(call)}** (${call.contract_ticker}) gives its buyer the right to buy 100 SPY at ${m(K)} until the close on ${dateLabel(MONTH)}. Its ask was ${m(callAsk)}: ${m(dollars(callAsk))} a contract, ${m(callWithFee)} with the paper account's ${m(COMMISSION)} commission.
- The **${label(put)}** (${put.contract_ticker}) gives its buyer the right to sell 100 SPY at ${m(K)}. Its ask was ${m(putAsk)}: ${m(dollars(putAsk))} a contract.

The ticker spells the contract out: the underlying (SPY), the expiry (${call.expiration_date.slice(2).replaceAll('-', '')}, year-month-day), C or P, and the strike times 1,000 in eight digits.`,
      figures: [
        figure(`${label(call)}, one contract with commission`, usd(callWithFee), tex`100 \times \text{ask} + \text{commission}`, [
          `ask = ${usd(callAsk)}`,
          `commission = ${usd(COMMISSION)}`,
        ]),
        figure(`${label(put)}, one contract`, usd(dollars(putAsk)), tex`100 \times \text{ask}`, [`ask = ${usd(putAsk)}`]),
      ],
    },
  ],
  check: check('options_basics.calls-and-puts', [
    mc(
      'writer-put',
      'The writer (seller) of a put has…',
      [
        'the right to sell shares at the strike',
        'the obligation to buy shares at the strike if assigned',
        'the obligation to sell shares at the strike if assigned',
        'the right to buy shares at the strike',
      ],
      'the obligation to buy shares at the strike if assigned',
      'A put gives its holder the right to sell; when the holder exercises, the assigned writer must buy the shares at the strike.',
    ),
    numerical(
      'multiplier',
      'How many shares does one SPY option contract cover?',
      CONTRACT_MULTIPLIER,
      0,
      'shares',
      'US equity and ETF options cover 100 shares a contract.',
    ),
    tf(
      'occ',
      'When you buy a listed option, the Options Clearing Corporation stands between you and the seller, so you do not depend on that particular seller keeping their promise.',
      true,
      'The OCC is the buyer to every seller and the seller to every buyer of listed US options.',
    ),
    numerical(
      'put-cost',
      `The ${label(put)} was offered at ${usd(putAsk)}. What does one contract cost before commission, in dollars?`,
      cents(dollars(putAsk)),
      0.01,
      '$',
      `100 shares × ${usd(putAsk)} = ${usd(dollars(putAsk))}.`,
    ),
  ]),
};

// ---------------------------------------------------------------------------------- 3. The four positions

const fourLegs = [
  { leg: longCall, name: 'Long call', side: `bought at the ask, ${usd(callAsk)}` },
  { leg: shortCall, name: 'Short call', side: `sold at the bid, ${usd(callBid)}` },
  { leg: longPut, name: 'Long put', side: `bought at the ask, ${usd(putAsk)}` },
  { leg: shortPut, name: 'Short put', side: `sold at the bid, ${usd(putBid)}` },
].map((p) => ({ ...p, a: analyzeAtExpiry([p.leg]) }));
const [lc, sc, lp, sp] = fourLegs as [(typeof fourLegs)[number], (typeof fourLegs)[number], (typeof fourLegs)[number], (typeof fourLegs)[number]];
const money = (x: number) => (Number.isFinite(x) ? m(Math.abs(x)) : 'unlimited');

const payoffBlock = (p: (typeof fourLegs)[number], why: string): ContentBlock => ({
  type: 'interactive',
  title: `${p.name}: ${label(call).replace(' call', '')} ${p.leg.optionType}, ${p.side}`,
  content: why,
  widget: { kind: 'payoff', underlying: SPY.underlying, spot: S, asOf: SPY.session, legs: [p.leg], iv: p.leg.iv! },
});

const fourPositions: Lesson = {
  id: 'options_basics.four-positions',
  title: 'The four basic positions',
  minutes: 6,
  blocks: [
    {
      type: 'text',
      title: 'Payoff at expiry',
      content: tex`At expiry an option is worth only what exercising it gives, its **intrinsic value**. With $S_T$ the underlying's price at expiry:

$$\text{call} = \max(S_T - K,\ 0) \qquad \text{put} = \max(K - S_T,\ 0)$$

The profit or loss of one contract is 100 times the difference between that value and the premium:

$$\text{long: } 100 \times (\text{value at expiry} - \text{premium paid}) \qquad \text{short: } 100 \times (\text{premium received} - \text{value at expiry})$$

A short position is the long one turned upside down: whatever the buyer gains, the writer loses, and the other way round.`,
    },
    {
      type: 'text',
      title: 'The most each can make or lose',
      content: tex`| position   | view     | most it can make         | most it can lose         |
| ---------- | -------- | ------------------------ | ------------------------ |
| long call  | up       | unlimited                | the premium              |
| short call | not up   | the premium              | unlimited                |
| long put   | down     | $K$ − premium (SPY at 0) | the premium              |
| short put  | not down | the premium              | $K$ − premium (SPY at 0) |

(Each × 100 a contract.) Buyers know their worst case in advance; writers know their best case.

In the paper account a short call must be covered by 100 shares you hold (a naked call is refused at every level), and a short put holds back $K \times 100$ of cash in case of assignment (a cash-secured put).`,
    },
    {
      type: 'example',
      title: `The four positions on the ${dateLabel(MONTH)} ${K} strike`,
      source: SOURCE,
      content: tex`Each position is one contract, traded as the paper account fills by default: buys at the ask, sales at the bid. The figures at expiry come from the strategy builder's analytics.

| position | premium | most it can make | most it can lose | breakeven at expiry |
|---|---|---|---|---|
${fourLegs.map((p) => `| ${p.name.toLowerCase()} | ${m(p.leg.premium)} | ${money(p.a.maxProfit)} | ${money(p.a.maxLoss)} | ${m(p.a.breakevens[0]!)} |`).join('\n')}

The long and the short of the same contract do not mirror each other exactly: the buyer pays the ask, the writer receives the bid, and the difference between them, the spread, is a cost of trading (see ${'[orders and the spread](lesson:options_basics.orders-and-spread)'}).`,
      figures: [
        figure('Long put, most it can make', usd(lp.a.maxProfit), tex`100 \times (K - \text{premium})`, [`K = ${usd(K)}`, `premium = ${usd(putAsk)}`]),
        figure('Short put, most it can lose', usd(-sp.a.maxLoss), tex`100 \times (K - \text{premium})`, [`K = ${usd(K)}`, `premium = ${usd(putBid)}`]),
        figure('Short call, most it can make', usd(sc.a.maxProfit), tex`100 \times \text{premium}`, [`premium = ${usd(callBid)}`]),
      ],
    },
    payoffBlock(
      lc,
      tex`Move the price slider: below ${m(K)} the call expires worthless and the loss stops at the premium; above the breakeven every dollar SPY rises adds ${m(CONTRACT_MULTIPLIER)}. The curve before expiry sits above the expiry line while time value remains.`,
    ),
    payoffBlock(sc, tex`The mirror image: the premium is the most it can make, and above the breakeven the loss grows without limit as SPY rises.`),
    payoffBlock(
      lp,
      tex`The put gains as SPY falls below ${m(K)}, up to the strike less the premium if SPY went to zero; above the strike it expires worthless.`,
    ),
    payoffBlock(
      sp,
      tex`The writer keeps the premium if SPY stays above ${m(K)}; below the strike they lose a dollar a share for every dollar SPY falls, as if they had bought the shares at the strike less the premium.`,
    ),
  ],
  check: check('options_basics.four-positions', [
    mc(
      'unlimited',
      'Which of the four positions can lose an unlimited amount?',
      ['Long call', 'Short call', 'Long put', 'Short put'],
      'Short call',
      'A call writer must sell shares at the strike however high the price goes, so the loss has no ceiling.',
    ),
    numerical(
      'long-put-loss',
      `You buy one ${label(put)} at ${usd(putAsk)}. What is the most you can lose, in dollars, before commission?`,
      -lp.a.maxLoss,
      0.01,
      '$',
      `A buyer can lose at most the premium: 100 × ${usd(putAsk)} = ${usd(-lp.a.maxLoss)}, when SPY ends at or above ${usd(K)}.`,
    ),
    mc(
      'short-put-worst',
      'When does a short put lose the most?',
      ['When SPY falls to $0', 'When SPY rises far above the strike', 'When SPY ends exactly at the strike', 'When SPY ends just above the breakeven'],
      'When SPY falls to $0',
      'The writer must buy shares at the strike; the lower the price, the more those shares have lost: at most the strike less the premium, × 100.',
    ),
    tf(
      'buyers-loss',
      'A long call and a long put can each lose at most the premium paid.',
      true,
      'A buyer has a right, never an obligation: the worst case is letting the option expire worthless.',
    ),
  ]),
};

// ---------------------------------------------------------------------------------------- 4. Reading a chain

const expiryRows = SPY.expiries.map((e) => `| ${dateLabel(e.expiration)} | ${e.daysToExpiry} | ${expiryType(SPY, e.expiration)} |`).join('\n');
const callMid = exact(midOf(call));
const chainAnswer = call.contract_ticker;
const chainOptions = [
  contractAt(SPY, 'call', MONTH, K - 1).contract_ticker,
  chainAnswer,
  contractAt(SPY, 'call', MONTH, K + 1).contract_ticker,
  put.contract_ticker,
];
const CHAIN_PROMPT = `Click the call of the ${dateLabel(MONTH)} expiry whose strike is nearest the money (SPY at ${usd(S)}).`;

const readingAChain: Lesson = {
  id: 'options_basics.reading-a-chain',
  title: 'Reading an option chain',
  minutes: 6,
  blocks: [
    {
      type: 'text',
      title: 'What a chain is',
      content: tex`An **option chain** lists every contract of one underlying for one expiry: a row per strike, the calls on one side and the puts on the other (as the product's chain page shows them). You pick the expiry first, then read across the strikes.`,
    },
    {
      type: 'text',
      title: 'The columns',
      content: tex`- **Bid**: the highest price someone is offering to pay. A market sale gets the bid.
- **Ask**: the lowest price someone is offering to sell at. A market buy pays the ask.
- **Mark** (or mid): halfway between bid and ask, $\tfrac{1}{2}(\text{bid} + \text{ask})$, the usual estimate of what the contract is worth.
- **Last**: the price of the latest trade, which may be hours or even days old; trust the bid and ask over it.
- **Volume**: contracts traded in the session. **Open interest (OI)**: contracts still open, counted once a day. High numbers in both mark an active contract, which usually has a narrower spread.
- **IV**: the implied volatility $\sigma$, the yearly volatility that makes a pricing model give the contract's price (the _Options Greeks_ module explains it).
- **Delta** and the other Greeks: how the price reacts to the underlying, time and volatility (also in _Options Greeks_).`,
    },
    {
      type: 'text',
      title: 'Expiries',
      content: tex`Index funds like SPY list many expiries: **weeklies** (Fridays) and, for SPY, **dailies** on the other weekdays, **monthlies** (the third Friday), **quarterlies** (the last trading day of a quarter), and **LEAPS**, more than a year out. An option that expires today is called **0DTE** (zero days to expiry). The nearer the expiry, the cheaper the option and the faster its time value melts.`,
    },
    {
      type: 'example',
      title: `One row of the ${dateLabel(MONTH)} chain`,
      source: SOURCE,
      content: tex`The snapshot has three expiries:

| expiry | days to expiry | type |
|---|---|---|
${expiryRows}

On the ${dateLabel(MONTH)} chain, the ${label(call)} row read:

| bid | ask | mark | last | volume | open interest | IV |
|---|---|---|---|---|---|---|
| ${m(callBid)} | ${m(callAsk)} | ${mp(call.mark!)} | ${m(call.last!)} | ${num(call.volume!)} | ${num(call.open_interest!)} | ${pct(call.implied_volatility!)} |

The mark is the midpoint: $\tfrac{1}{2}(${callBid} + ${callAsk}) = ${call.mark}$. The spread between bid and ask was ${m(spreadOf(call))} a share, ${m(dollars(spreadOf(call)))} a contract. ${num(call.volume!)} contracts traded that day, while ${num(call.open_interest!)} were open: volume is the day's activity, open interest the stock of contracts outstanding.`,
      figures: [
        figure('Mark', perShare(callMid), tex`\tfrac{1}{2}(\text{bid} + \text{ask})`, [`bid = ${usd(callBid)}`, `ask = ${usd(callAsk)}`]),
        figure('Spread, one contract', usd(dollars(spreadOf(call))), tex`100 \times (\text{ask} - \text{bid})`, [
          `bid = ${usd(callBid)}`,
          `ask = ${usd(callAsk)}`,
        ]),
      ],
    },
    {
      type: 'interactive',
      title: 'Find the at-the-money call',
      content: tex`The strike nearest SPY's price is called **at the money**. Find it on the ${dateLabel(MONTH)} chain, on the call side, and click it.`,
      widget: {
        kind: 'chain-task',
        snapshot: SPY_SNAPSHOT_ID,
        expiration: MONTH,
        prompt: CHAIN_PROMPT,
        answer: [chainAnswer],
        criterion: { by: 'nearest-the-money', optionType: 'call' },
      },
    },
  ],
  check: check('options_basics.reading-a-chain', [
    // The chain task's own question: the web submits the clicked ticker as its answer (the key is the widget's answer).
    mc(
      'chain-task',
      CHAIN_PROMPT,
      chainOptions,
      chainAnswer,
      `SPY was at ${usd(S)}; the nearest strike is ${usd(K)}, and the call of that strike is ${chainAnswer}.`,
    ),
    mc(
      'open-interest',
      'What does open interest count?',
      ['Contracts traded today', 'Contracts still open, counted once a day', 'Orders waiting at the bid', 'Shares held by option writers'],
      'Contracts still open, counted once a day',
      'Volume counts the day’s trades; open interest counts the contracts that exist, after opening and closing trades net out.',
    ),
    numerical(
      'mark',
      `The ${label(call)} was quoted ${usd(callBid)} bid, ${usd(callAsk)} ask. What is its mark (mid), per share?`,
      callMid,
      0.01,
      '$',
      `(${usd(callBid)} + ${usd(callAsk)}) / 2 = ${perShare(callMid)}; any answer within a cent of it is right.`,
    ),
    tf(
      'volume',
      'High volume today means many contracts are open.',
      false,
      'Volume counts trades, which may open or close positions; open interest counts the contracts that stay open.',
    ),
  ]),
};

// ---------------------------------------------------------------------------- 5. Moneyness, intrinsic and time value

const itmCall = contractAt(SPY, 'call', MONTH, Math.floor(S / 10) * 10 - 10);
const otmCall = contractAt(SPY, 'call', MONTH, Math.ceil(S / 10) * 10 + 10);
const itmPut = contractAt(SPY, 'put', MONTH, otmCall.strike_price);
const moneyRows = [itmCall, call, otmCall, itmPut].map((c) => {
  const intrinsic = cents(intrinsicAt(c.contract_type, S, c.strike_price));
  const mark = c.mark!;
  return { c, intrinsic, mark, time: exact(mark - intrinsic) };
});
const [itmRow, , , putRow] = moneyRows as [(typeof moneyRows)[number], (typeof moneyRows)[number], (typeof moneyRows)[number], (typeof moneyRows)[number]];
const word = (c: (typeof moneyRows)[number]['c']) =>
  c.strike_price === K ? 'at the money' : intrinsicAt(c.contract_type, S, c.strike_price) > 0 ? 'in the money' : 'out of the money';
const atmByExpiry = [WEEK, MONTH, LATER].map((e) => contractAt(SPY, 'call', e, K));

const moneyness: Lesson = {
  id: 'options_basics.moneyness',
  title: 'Moneyness, intrinsic value and time value',
  minutes: 5,
  blocks: [
    {
      type: 'text',
      title: 'In, at or out of the money',
      content: tex`- A call is **in the money (ITM)** when $S > K$, a put when $S < K$: exercising now would be worth something.
- An option is **at the money (ATM)** when its strike is at (or, on a chain, nearest) the price: $K \approx S$.
- A call is **out of the money (OTM)** when $S < K$, a put when $S > K$: exercising now would be worth nothing.

The same strike is ITM for the call and OTM for the put, or the other way round.`,
    },
    {
      type: 'text',
      title: 'Two parts of every premium',
      content: tex`$$\text{premium} = \text{intrinsic value} + \text{time value}$$

**Intrinsic value** is what exercising now would give: $\max(S - K, 0)$ for a call, $\max(K - S, 0)$ for a put. It is never negative.

**Time value** (also _extrinsic value_) is the rest: what buyers pay for the chance that the option gains more before it expires. An out-of-the-money option is all time value. Time value shrinks as expiry approaches and is zero at expiry, when only intrinsic value is left.`,
    },
    {
      type: 'example',
      title: `Splitting ${dateLabel(MONTH)} premiums`,
      source: SOURCE,
      content: tex`With SPY at ${m(S)}, taking each contract's mark as its premium:

| contract | moneyness | mark | intrinsic value | time value |
|---|---|---|---|---|
${moneyRows.map((r) => `| ${label(r.c)} | ${word(r.c)} | ${mp(r.mark)} | ${m(r.intrinsic)} | ${mp(r.time)} |`).join('\n')}

The ${K} strike is the one nearest the money. Its call is a hair out of the money and its put a hair in it, which is why the put shows ${m(intrinsicAt('put', S, K))} of intrinsic value. The further from the money, the less time value is left.

The same ${K} call on the three expiries shows time value growing with time:

| expiry | days | mark (all time value) |
|---|---|---|
${atmByExpiry.map((c, i) => `| ${dateLabel(c.expiration_date)} | ${[WEEK_DAYS, MONTH_DAYS, LATER_DAYS][i]} | ${mp(c.mark!)} |`).join('\n')}`,
      figures: [
        figure(`${label(itmRow.c)}: time value`, perShare(itmRow.time), tex`\text{premium} - \max(S - K, 0)`, [
          `premium (mark) = ${perShare(itmRow.mark)}`,
          `S = ${usd(S)}`,
          `K = ${usd(itmRow.c.strike_price)}`,
        ]),
        figure(`${label(putRow.c)}: intrinsic value`, usd(putRow.intrinsic), tex`\max(K - S, 0)`, [`K = ${usd(putRow.c.strike_price)}`, `S = ${usd(S)}`]),
      ],
    },
    {
      type: 'interactive',
      title: `Watch the time value of the ${label(itmCall)} melt`,
      content: tex`The chart shows the ${label(itmCall)} bought at its ask of ${m(askOf(itmCall))}: the line at expiry, where only intrinsic value is left, and the curve for the chosen day. At any SPY price, the gap between them is the time value the option still holds, × 100 shares. Move the days-to-expiry slider towards zero and the gap closes; raise the IV and it widens.`,
      widget: { kind: 'payoff', underlying: SPY.underlying, spot: S, asOf: SPY.session, legs: [legOf(itmCall, 'buy')], iv: itmCall.implied_volatility! },
    },
  ],
  check: check('options_basics.moneyness', [
    mc(
      'put-moneyness',
      `With SPY at ${usd(S)}, the ${label(itmPut)} is…`,
      ['in the money', 'at the money', 'out of the money'],
      'in the money',
      `A put is in the money when the strike is above the price: ${usd(itmPut.strike_price)} > ${usd(S)}.`,
    ),
    numerical(
      'time-value',
      `The ${label(itmCall)} had a mark of ${usd(itmRow.mark)} with SPY at ${usd(S)}. What was its time value per share?`,
      itmRow.time,
      0.01,
      '$',
      `Intrinsic value ${usd(S)} − ${usd(itmCall.strike_price)} = ${usd(itmRow.intrinsic)}; time value ${usd(itmRow.mark)} − ${usd(itmRow.intrinsic)} = ${usd(itmRow.time)}.`,
    ),
    numerical(
      'intrinsic',
      `What was the intrinsic value per share of the ${label(itmPut)} with SPY at ${usd(S)}?`,
      putRow.intrinsic,
      0.01,
      '$',
      `max(K − S, 0) = ${usd(itmPut.strike_price)} − ${usd(S)} = ${usd(putRow.intrinsic)}.`,
    ),
    tf('otm', 'The premium of an out-of-the-money option is all time value.', true, 'Its intrinsic value is zero, so the whole premium is time value.'),
  ]),
};

// -------------------------------------------------------------------------------------- 6. Breakeven and P&L

const callBreakeven = lc.a.breakevens[0]!;
const putBreakeven = lp.a.breakevens[0]!;
const stepPrices = [K - 15, K - 5, K, callBreakeven, K + 15, K + 25];
const pnlAt = (price: number) => cents(callPnl(price));
const CHECK_PRICE = K + 18;

// "Stock went up, my call lost money": the week's ATM call, valued a few days on by the pricing core (American).
const weekCall = contractAt(SPY, 'call', WEEK, K);
const DAYS_LATER = 4;
const RISE = 2;
const IV_DROP = 0.02;
const laterInputs = { ...marketInputs(SPY, weekCall), S: S + RISE, T: (WEEK_DAYS - DAYS_LATER) / 365, sigma: weekCall.implied_volatility! - IV_DROP };
const weekCallLater = cents(americanPrice({ type: 'call', ...laterInputs }));
const weekCallPnl = cents(dollars(weekCallLater - askOf(weekCall)));

const breakeven: Lesson = {
  id: 'options_basics.breakeven',
  title: 'Breakeven and P&L arithmetic',
  minutes: 6,
  blocks: [
    {
      type: 'text',
      title: 'Where a trade starts to make money',
      content: tex`At expiry a long option makes money only once its intrinsic value is more than the premium paid. The price where the two are equal is the **breakeven**:

$$\text{call: } K + \text{premium} \qquad \text{put: } K - \text{premium}$$

An option can be in the money at expiry and still lose money: a call whose strike is ${m(K)}, bought for ${m(callAsk)}, is in the money at ${m(K + 1)} but returns only ${m(CONTRACT_MULTIPLIER)} of the ${m(CALL_COST)} paid.`,
    },
    {
      type: 'text',
      title: 'Dollars, commissions and the price you really paid',
      content: tex`The P&L of one long contract held to expiry is

$$100 \times (\text{value at expiry} - \text{premium}) - \text{commissions}$$

Use the premium you actually paid. In the paper account a buy fills at the **ask** by default, and each contract costs ${m(COMMISSION)} in commission on the way in and again on the way out (letting an option expire or be exercised is free). Spread over the 100 shares, a ${m(COMMISSION)} commission moves a breakeven by \$${(COMMISSION / 100).toFixed(4)} a share, under a cent.`,
    },
    {
      type: 'example',
      title: `The breakeven of the ${label(call)}`,
      source: SOURCE,
      content: tex`Bought at the ask of ${m(callAsk)}, the call breaks even at expiry at $K + \text{premium} = ${K} + ${callAsk} = ${callBreakeven}$: SPY must rise ${pct(callBreakeven / S - 1)} from ${m(S)} by ${dateLabel(MONTH)}.

The ${label(put)}, bought at ${m(putAsk)}, breaks even at $K - \text{premium} = ${K} - ${putAsk} = ${putBreakeven}$, ${pct(1 - putBreakeven / S)} below the close.

| SPY at expiry | call P&L |
|---|---|
${stepPrices.map((p) => `| ${m(p)} | ${m(pnlAt(p))} |`).join('\n')}`,
      figures: [
        figure('Call breakeven at expiry', usd(callBreakeven), tex`K + \text{premium}`, [`K = ${usd(K)}`, `premium = ${usd(callAsk)}`]),
        figure('Put breakeven at expiry', usd(putBreakeven), tex`K - \text{premium}`, [`K = ${usd(K)}`, `premium = ${usd(putAsk)}`]),
      ],
    },
    {
      type: 'interactive',
      title: 'Step through expiry prices',
      content: tex`Step SPY's price at expiry and watch the call's P&L: it is ${m(-CALL_COST)} at or below the strike, crosses zero at the breakeven and rises ${m(CONTRACT_MULTIPLIER)} for every dollar above it.`,
      widget: { kind: 'expiry-stepper', underlying: SPY.underlying, legs: [longCall], prices: stepPrices },
    },
    {
      type: 'text',
      title: 'Before expiry: "the stock went up and my call lost money"',
      content: tex`The breakeven is a promise about expiry only. Before then an option's price is intrinsic value plus time value, and time value changes: it melts as days pass, and it shrinks when the market's implied volatility falls (often right after an event the market was waiting for). A call can lose money while the stock rises, if those two take away more than the rise adds. The _Options Greeks_ module measures each effect.`,
    },
    {
      type: 'example',
      title: 'Up two dollars, and still a loss',
      source: SOURCE,
      content: tex`Take the ${label(weekCall)}, bought at its ask of ${m(askOf(weekCall))} with ${WEEK_DAYS} days left. Suppose that ${DAYS_LATER} days later SPY is ${m(RISE)} higher, at ${m(laterInputs.S)}, and its implied volatility has fallen ${IV_DROP * 100} percentage points, from ${pct(weekCall.implied_volatility!)} to ${pct(laterInputs.sigma)}.

The product's pricing core (American-style, as SPY options are) then values the call at ${m(weekCallLater)}: ${m(weekCallPnl)} on the contract, although SPY went up. The rise added intrinsic value; the ${DAYS_LATER} days and the lower volatility took away more time value.`,
      figures: [
        figure('Value after 4 days', usd(weekCallLater), tex`C_{\text{American}}(S, K, T, \sigma, r, q)`, [
          `S = ${usd(laterInputs.S)}`,
          `K = ${usd(K)}`,
          `T = ${WEEK_DAYS - DAYS_LATER}/365`,
          `σ = ${pct(laterInputs.sigma)}`,
          `r = ${pct(SPY.r)}`,
          `q = ${pct(SPY.q)}`,
        ]),
        figure('P&L, one contract', usd(weekCallPnl), tex`100 \times (\text{value} - \text{premium})`, [
          `value = ${usd(weekCallLater)}`,
          `premium = ${usd(askOf(weekCall))}`,
        ]),
      ],
    },
  ],
  check: check('options_basics.breakeven', [
    numerical(
      'put-breakeven',
      `You buy the ${label(put)} at ${usd(putAsk)}. What is its breakeven at expiry, in dollars?`,
      putBreakeven,
      0.01,
      '$',
      `A put breaks even at K − premium: ${usd(K)} − ${usd(putAsk)} = ${usd(putBreakeven)}.`,
    ),
    numerical(
      'call-pnl',
      `You bought the ${label(call)} at ${usd(callAsk)}. SPY closes at ${usd(CHECK_PRICE)} on expiry day. What is your P&L on one contract, before commissions, in dollars?`,
      pnlAt(CHECK_PRICE),
      0.01,
      '$',
      `100 × (max(${usd(CHECK_PRICE)} − ${usd(K)}, 0) − ${usd(callAsk)}) = ${usd(pnlAt(CHECK_PRICE))}.`,
    ),
    mc(
      'itm-not-profit',
      `Your ${K} call bought at ${usd(callAsk)} ends in the money, with SPY at ${usd(K + 3)}. Did it make money?`,
      ['Yes: in the money means a profit', `No: it needs SPY above ${usd(callBreakeven)}`, 'Only if it is exercised', 'It depends on the volume'],
      `No: it needs SPY above ${usd(callBreakeven)}`,
      `At ${usd(K + 3)} the call is worth ${usd(3)} a share, less than the ${usd(callAsk)} paid: a loss of ${usd(-pnlAt(K + 3))}.`,
    ),
    tf(
      'call-be',
      "A call's breakeven at expiry is the strike minus the premium.",
      false,
      "A call breaks even at the strike plus the premium; it's a put that breaks even at the strike minus the premium.",
    ),
  ]),
};

// ---------------------------------------------------------------------------- 7. Expiration, exercise and assignment

const deepCall = itmCall;
const early = exerciseCost({ optionType: 'call', strike: deepCall.strike_price, quantity: 1 }, { bid: bidOf(deepCall) }, S, {
  commissionPerContract: COMMISSION,
});
const exerciseCash = dollars(K);

const expiration: Lesson = {
  id: 'options_basics.expiration-exercise',
  title: 'Expiration, exercise and assignment',
  minutes: 6,
  blocks: [
    {
      type: 'text',
      title: 'American and European style',
      content: tex`An **American-style** option can be exercised on any trading day up to its expiry. A **European-style** option can be exercised only at expiry.

US stock and ETF options, SPY's included, are American-style. Cash-settled index options such as SPX, XSP, NDX, RUT and VIX are European-style. The names say nothing about where the options trade.`,
    },
    {
      type: 'text',
      title: 'Physical and cash settlement',
      content: tex`Exercising a SPY option is **physically settled**: shares change hands. A call's holder buys 100 shares at $K$; a put's holder sells 100 shares at $K$. Index options are **cash-settled**: the holder receives the intrinsic value in cash and no shares move.`,
    },
    {
      type: 'text',
      title: 'What happens at expiry',
      content: tex`Options stop trading at the close on their expiry day. Then the OCC exercises automatically every option that is in the money by \$0.01 or more (*exercise by exception*), unless its holder instructs otherwise; the rest expire worthless.

The paper account does the same with the expiry day's close, after the evening market-data run: an option in the money by \$0.01 or more is exercised (long) or assigned (short) into 100 shares a contract at the strike; anything else expires worthless.

Exercise takes cash. Exercising one SPY call at a ${m(K)} strike buys 100 shares for ${m(exerciseCash)}. If the paper account's cash cannot pay for the shares (or a long put would deliver shares you do not hold), the option is closed at its intrinsic value instead, as a broker would do. Most traders sell an option before expiry rather than take the shares.`,
    },
    {
      type: 'text',
      title: 'Assignment, and why it can come early',
      content: tex`A writer can be assigned whenever a holder exercises, and with American-style options that can be **any day before expiry**, not only at the end. It is most likely when the short option is deep in the money with little time value left, for example a call the day before the stock goes ex-dividend. The assigned writer learns of it the next morning, with shares bought or sold at the strike.

The paper account assigns short options only at expiry: it does not simulate early assignment. At a real broker, plan for it, especially on short legs that are deep in the money. After an assignment, what matters is the whole position (the shares plus any remaining options), not the cash figure alone.`,
    },
    {
      type: 'text',
      title: 'Exercising early usually throws money away',
      content: tex`Exercising gets only the intrinsic value; selling the option gets its bid, which includes the time value left. So while an option has time value, selling it is usually better than exercising it. (The exceptions, such as a call just before a dividend, belong to the _Options Greeks_ module.)

The paper account lets you exercise a long option early, because it is your right, but it warns you first when selling would get more.`,
    },
    {
      type: 'example',
      title: `Exercising the ${label(deepCall)} early`,
      source: SOURCE,
      content: tex`With SPY at ${m(S)}, the ${label(deepCall)} was ${m(early.intrinsic)} in the money, and its bid was ${m(bidOf(deepCall))}.

- Exercising one contract is worth its intrinsic value: ${m(early.exerciseValue)} (and uses ${m(dollars(deepCall.strike_price))} of cash to buy the shares).
- Selling it at the bid gets 100 × ${m(bidOf(deepCall))} − ${m(COMMISSION)} = ${m(early.saleValue!)} after the commission.

The paper account's warning for this exercise reads: *${early.warning!.replaceAll('$', '\\$')}*`,
      figures: [
        figure('Time value given up by exercising', usd(early.timeValueLost!), tex`(100 \times \text{bid} - \text{commission}) - 100 \times \max(S - K, 0)`, [
          `bid = ${usd(bidOf(deepCall))}`,
          `commission = ${usd(COMMISSION)}`,
          `S = ${usd(S)}`,
          `K = ${usd(deepCall.strike_price)}`,
        ]),
      ],
    },
  ],
  check: check('options_basics.expiration-exercise', [
    mc(
      'style',
      'SPY options are…',
      [
        'American-style and settled in shares',
        'European-style and settled in cash',
        'American-style and settled in cash',
        'European-style and settled in shares',
      ],
      'American-style and settled in shares',
      `US ETF options are American-style (exercise any day; the product marks SPY ${exerciseStyle('SPY')}) and physically settled: 100 shares a contract at the strike.`,
    ),
    tf(
      'early-assignment',
      'At a real broker, the writer of an American-style option can be assigned only on the expiry day.',
      false,
      'An American-style option can be exercised any day, so its writer can be assigned any day. (The paper account only assigns at expiry; real accounts can be assigned early.)',
    ),
    numerical(
      'exercise-value',
      `With SPY at ${usd(S)}, what is exercising one ${label(deepCall)} worth (its intrinsic value × 100), in dollars?`,
      early.exerciseValue,
      0.01,
      '$',
      `100 × (${usd(S)} − ${usd(deepCall.strike_price)}) = ${usd(early.exerciseValue)}; selling at the bid would get ${usd(early.saleValue!)} after commission.`,
    ),
    mc(
      'auto-exercise',
      `At expiry SPY closes at ${usd(K + 0.4)}. What happens to your long ${K} call in the paper account?`,
      [
        'It expires worthless',
        `It is exercised: you buy 100 SPY at ${usd(K)}, if your cash covers ${usd(exerciseCash)}; otherwise it is closed at its intrinsic value`,
        'It is sold at the bid the next morning',
        'Nothing happens until you act',
      ],
      `It is exercised: you buy 100 SPY at ${usd(K)}, if your cash covers ${usd(exerciseCash)}; otherwise it is closed at its intrinsic value`,
      'An option in the money by $0.01 or more at the close on expiry day is exercised automatically; the paper account closes it at intrinsic value when the cash cannot pay for the shares.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------- 8. Orders and the spread

const settings = (fillModel: 'bid-ask' | 'mid' | 'mid-plus') => ({ fillModel, midShare: DEFAULT_SETTINGS.midShare });
const fills = {
  bidAsk: fillPrice(call, 'buy', settings('bid-ask'))!,
  mid: fillPrice(call, 'buy', settings('mid'))!,
  midPlus: fillPrice(call, 'buy', settings('mid-plus'))!,
};
const roundTrip = cents(dollars(spreadOf(call)));
const roundTripWithFees = cents(roundTrip + 2 * COMMISSION);
const cheapCall = contractAt(SPY, 'call', MONTH, otmCall.strike_price + 10);
const spreadShare = (c: typeof call) => spreadOf(c) / midOf(c);

const ordersAndSpread: Lesson = {
  id: 'options_basics.orders-and-spread',
  title: 'Orders, the spread and honest fills',
  minutes: 5,
  blocks: [
    {
      type: 'text',
      title: 'Market and limit orders',
      content: tex`A **market order** trades at once at the best price available: a buy pays the ask, a sale gets the bid. Paying the ask and taking the bid is called trading at the **natural** price.

A **limit order** names the worst price you accept: the most you pay on a buy, the least you take on a sale. If the market is already there, it fills; if not, it **rests** and waits. Options orders here are **day** orders: one that has not filled by the close expires.`,
    },
    {
      type: 'text',
      title: 'The spread is a cost',
      content: tex`The **spread** is ask − bid. Buy at the ask and sell straight back at the bid and you lose the spread, × 100 a contract, before commissions. A narrow spread, measured against the price, is a sign of a liquid contract; far out-of-the-money and thinly traded contracts cost more to trade in relative terms.

Between the bid and the ask sits the **mid**. At a real exchange a limit at the mid often fills, but not always, and never with a guarantee; a limit nearer the ask fills more surely.`,
    },
    {
      type: 'text',
      title: 'Why paper trading can flatter you',
      content: tex`Some simulators fill every order at the mid, or at the last trade, never assign early and ignore size. Results there look better than the same trades would do at a broker.

This product's paper account fills at the **natural** price by default: a buy at the ask, a sale at the bid, with a ${m(COMMISSION)} commission a contract. Two kinder fill models exist in the account settings, the mid and the mid plus a share of the half-spread; the order ticket names the model in force. Under the natural model, a buy limit below the ask rests: it fills only if later quotes bring the ask down to it, and a day order that has not filled expires at the close. Remember too that the paper account assigns short options only at expiry (see ${'[expiration and assignment](lesson:options_basics.expiration-exercise)'}).`,
    },
    {
      type: 'example',
      title: `What buying the ${label(call)} costs`,
      source: SOURCE,
      content: tex`Quoted ${m(callBid)} bid, ${m(callAsk)} ask: a ${m(spreadOf(call))} spread, ${pct(spreadShare(call))} of the ${mp(callMid)} mid. A buy of one contract fills, before the ${m(COMMISSION)} commission, at:

| fill model | price | one contract |
|---|---|---|
| natural (default): the ask | ${m(fills.bidAsk)} | ${m(dollars(fills.bidAsk))} |
| mid plus ${pct(DEFAULT_SETTINGS.midShare, 0)} of the half-spread | ${m(fills.midPlus)} | ${m(dollars(fills.midPlus))} |
| mid, to the cent | ${m(fills.mid)} | ${m(dollars(fills.mid))} |

Bought at the ask and sold straight back at the bid, the contract loses ${m(roundTrip)}, and ${m(roundTripWithFees)} with two commissions.

The cheaper ${label(cheapCall)} was quoted ${m(bidOf(cheapCall))} / ${m(askOf(cheapCall))}: a smaller spread in cents, but ${pct(spreadShare(cheapCall))} of its mid.`,
      figures: [
        figure('Round trip at the natural price', usd(roundTripWithFees), tex`100 \times (\text{ask} - \text{bid}) + 2 \times \text{commission}`, [
          `bid = ${usd(callBid)}`,
          `ask = ${usd(callAsk)}`,
          `commission = ${usd(COMMISSION)}`,
        ]),
      ],
    },
  ],
  check: check('options_basics.orders-and-spread', [
    numerical(
      'round-trip',
      `You buy one ${label(call)} at the ask (${usd(callAsk)}) and sell it straight back at the bid (${usd(callBid)}). How much do you lose, in dollars, before commissions?`,
      roundTrip,
      0.01,
      '$',
      `The spread × 100: (${usd(callAsk)} − ${usd(callBid)}) × 100 = ${usd(roundTrip)}.`,
    ),
    mc(
      'default-fill',
      "In this product's paper account, with the default settings, a market buy order fills at…",
      ['the ask', 'the bid', 'the mid', 'the last trade'],
      'the ask',
      'The default fill model is the natural price: buys at the ask, sales at the bid.',
    ),
    tf(
      'limit-below-ask',
      'A buy limit order below the ask always fills at once.',
      false,
      'A limit below the ask is not marketable: it rests until the quotes reach it, and a day order that has not filled expires at the close.',
    ),
    mc(
      'flatter',
      'Why do fills at the mid flatter a paper account?',
      [
        'Real buyers often pay more than the mid, up to the ask',
        'The mid is always above the ask',
        'Commissions are charged only at the mid',
        'The mid includes the time value',
      ],
      'Real buyers often pay more than the mid, up to the ask',
      'A market buy pays the ask; a limit at the mid may not fill at all. Assuming the mid every time hides half the spread on each trade.',
    ),
  ]),
};

// ----------------------------------------------------------------------------------------------- Module quiz

const laterCall = contractAt(SPY, 'call', LATER, K);
const laterCallBreakeven = analyzeAtExpiry([legOf(laterCall, 'buy')]).breakevens[0]!;
const laterItm = contractAt(SPY, 'call', LATER, K - 3);
const laterItmTime = cents(laterItm.mark! - intrinsicAt('call', S, laterItm.strike_price));
const twoPuts = contractAt(SPY, 'put', MONTH, K + 3);
const twoPutsCost = cents(2 * dollars(askOf(twoPuts)) + 2 * COMMISSION);
const soldPut = contractAt(SPY, 'put', MONTH, K - 2);
const soldPutClose = soldPut.strike_price - 5;
const soldPutPnl = cents(expiryPnl([legOf(soldPut, 'sell')])(soldPutClose));
const laterSpread = cents(dollars(spreadOf(laterCall)));

const quiz: Quiz = {
  id: 'options_basics.quiz',
  passingScore: 80,
  questions: [
    numerical(
      'breakeven-call',
      `You buy one ${label(laterCall)} at its ask of ${usd(askOf(laterCall))}. What is its breakeven at expiry, in dollars?`,
      laterCallBreakeven,
      0.01,
      '$',
      `K + premium = ${usd(K)} + ${usd(askOf(laterCall))} = ${usd(laterCallBreakeven)}.`,
    ),
    numerical(
      'time-value',
      `With SPY at ${usd(S)}, the ${label(laterItm)} had a mark of ${usd(laterItm.mark!)}. What was its time value per share?`,
      laterItmTime,
      0.01,
      '$',
      `Intrinsic value ${usd(S)} − ${usd(laterItm.strike_price)} = ${usd(intrinsicAt('call', S, laterItm.strike_price))}; time value = ${usd(laterItm.mark!)} − that = ${usd(laterItmTime)}.`,
    ),
    numerical(
      'cost',
      `You buy 2 contracts of the ${label(twoPuts)} at the ask of ${usd(askOf(twoPuts))} with a ${usd(COMMISSION)} commission per contract. What do you pay in all, in dollars?`,
      twoPutsCost,
      0.01,
      '$',
      `2 × 100 × ${usd(askOf(twoPuts))} + 2 × ${usd(COMMISSION)} = ${usd(twoPutsCost)}.`,
    ),
    numerical(
      'short-put-pnl',
      `You sell one ${label(soldPut)} at the bid of ${usd(bidOf(soldPut))}. SPY closes at ${usd(soldPutClose)} on expiry day. What is your P&L before commissions, in dollars? (A loss is negative.)`,
      soldPutPnl,
      0.01,
      '$',
      `100 × (${usd(bidOf(soldPut))} − max(${usd(soldPut.strike_price)} − ${usd(soldPutClose)}, 0)) = ${usd(soldPutPnl)}.`,
    ),
    numerical(
      'spread',
      `The ${label(laterCall)} was quoted ${usd(bidOf(laterCall))} bid, ${usd(askOf(laterCall))} ask. What does its spread come to for one contract, in dollars?`,
      laterSpread,
      0.01,
      '$',
      `(${usd(askOf(laterCall))} − ${usd(bidOf(laterCall))}) × 100 = ${usd(laterSpread)}.`,
    ),
    mc(
      'moneyness',
      `SPY is at ${usd(S)}. Which of these is out of the money?`,
      [`The ${K - 10} call`, `The ${K + 10} put`, `The ${K + 10} call`, `The ${K - 5} call`],
      `The ${K + 10} call`,
      `A call is out of the money when its strike is above the price: ${usd(K + 10)} > ${usd(S)}.`,
    ),
    mc(
      'unlimited',
      'Which position has a limited gain and an unlimited possible loss?',
      ['Long call', 'Long put', 'Short call', 'Short put'],
      'Short call',
      'The call writer keeps at most the premium but must deliver shares at the strike however high the price goes.',
    ),
    tf(
      'american',
      'The holder of an American-style SPY call may exercise it on any trading day before expiry.',
      true,
      'American-style means exercise any day up to expiry; US stock and ETF options are American-style.',
    ),
    tf(
      'oi',
      'Open interest counts the contracts traded today.',
      false,
      'Volume counts the day’s trades; open interest counts the contracts that remain open, updated once a day.',
    ),
    mc(
      'stock-up-call-down',
      'SPY rose $2 over four days, yet your short-dated call is worth less than you paid. What is the likely reason?',
      [
        'Time value melted and implied volatility fell by more than the rise added',
        'The call was assigned',
        'Calls lose value when the stock rises',
        'The broker charged the spread again',
      ],
      'Time value melted and implied volatility fell by more than the rise added',
      'Before expiry a call is intrinsic value plus time value; time passing and lower implied volatility shrink the time value.',
    ),
    mc(
      'early-exercise',
      'Your long call is in the money with three weeks left, and its bid is above its intrinsic value. What gets you more?',
      ['Selling the call at the bid', 'Exercising it', 'Both get exactly the same', 'Letting it expire'],
      'Selling the call at the bid',
      'Exercising gets the intrinsic value only; the bid also pays for the time value left. The paper account warns you when exercising gives time value up.',
    ),
    tf(
      'paper-fill',
      "This product's paper account fills a market buy at the mid by default.",
      false,
      'By default it fills at the natural price: buys at the ask, sales at the bid, plus commission. The mid is a setting you can choose, and it flatters.',
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Practical exercise

// A limit in whole cents, as the ticket takes it: the highest at or below the mid.
const exampleLimit = Math.floor(callMid * 100 + 1e-9) / 100;
const exampleMidFill = fillPrice(call, 'buy', settings('mid'))!;

/** The exercise's risk budget (fixed for the course in learn-common: max loss ≤ $1,500). */
const MAX_LOSS = 1500;

const firstTrade = {
  id: 'options_basics.first-trade',
  title: 'Your first trade',
  description: 'Buy one call or put on SPY in your paper account with a limit order, sized so that you know your worst case.',
  scenario: `You have a view on SPY for the next month or two and you are prepared to lose at most ${usd(MAX_LOSS)} on it. Pick a direction: a call if you expect SPY to rise, a put if you expect it to fall. Choose an expiry 20 to 60 days away, and a strike whose premium keeps the whole contract within ${usd(MAX_LOSS)}. Then buy it with a limit order priced at or better than the mid, never paying more than the midpoint of the bid and ask when you place it.`,
  requirements: [
    {
      type: 'position' as const,
      description: `Hold a long call or a long put on SPY with 20 to 60 days to expiry whose most possible loss is ${usd(MAX_LOSS)} or less`,
      criteria: { strategy: ['long-call', 'long-put'], underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 60, maxLoss: MAX_LOSS },
    },
    {
      type: 'order' as const,
      description: 'Place it as a limit order at or better than the mid of its quote (for a buy: a limit at or below the mid)',
      criteria: { orderType: 'limit' as const, atOrBetterThanMid: true, underlying: 'SPY' },
    },
  ],
  hints: [
    'Open the SPY chain and choose an expiry between 20 and 60 days away.',
    `A long option can lose at most its premium × 100 a contract: with ${usd(MAX_LOSS)} to risk on one contract, the premium must be ${usd(MAX_LOSS / CONTRACT_MULTIPLIER)} a share or less, a little less to leave room for the commission.`,
    "The mid is (bid + ask) / 2. For a buy, a limit at the mid or below meets the order requirement. Option prices are quoted in whole cents, and the ticket's limit field takes cents: when the mid falls on half a cent (an odd number of cents between bid and ask), the cent below it is the highest limit at or below the mid.",
    "With the default fill model (buys at the ask) a buy limit at the mid rests rather than filling, and a day order that has not filled expires at the close. To practise the order, you can choose the mid fill model in the portfolio's account settings, which fills a buy at the mid rounded to the cent: a limit at a whole-cent mid fills at once. (On a half-cent mid the rounding can land a cent above your limit, and the order rests; a contract whose bid and ask are an even number of cents apart avoids that.) Remember that the mid model is kinder than most real fills.",
  ],
  solution: `One way on the ${dateLabel(SPY.session)} chain: the ${label(call)}, ${MONTH_DAYS} days to expiry, was quoted ${usd(callBid)} / ${usd(callAsk)}, a mid of ${perShare(callMid)}. A buy limit of ${usd(exampleLimit)} for one contract (the highest whole-cent price at or below the mid) risks at most ${usd(dollars(exampleLimit))} plus the ${usd(COMMISSION)} commission, within ${usd(MAX_LOSS)}. With the mid fill model it fills at once at ${usd(exampleMidFill)}; with the default model it rests until the ask comes down to it. On the day you trade, do the same with that day's quotes.`,
};

export const optionsBasics: LearningModule = {
  id: 'options_basics',
  title: 'Options Basics',
  description:
    'What calls and puts are, the four basic positions and their payoffs, how to read an option chain, intrinsic and time value, breakevens, expiration and assignment, and what your orders really cost.',
  difficulty: 'beginner',
  estimatedTime: 45,
  prerequisites: [],
  objectives: [
    'Explain why options exist: hedging, income and speculation, and how leverage cuts both ways',
    'Tell the rights of a call or put buyer from the obligations of its writer, with 100 shares a contract',
    'Draw the payoff at expiry of a long and a short call and put, with the most each can make and lose',
    'Read an option chain: bid, ask, mark, last, volume, open interest, implied volatility, strikes and expiries',
    'Split a premium into intrinsic value and time value, and say whether an option is in, at or out of the money',
    'Compute a breakeven and a P&L in dollars per contract, commissions included',
    'Explain American and European exercise, physical and cash settlement, automatic exercise and assignment',
    'Choose between market and limit orders, and count the spread and the fill model in what a trade costs',
  ],
  lessons: [whyOptions, callsAndPuts, fourPositions, readingAChain, moneyness, breakeven, expiration, ordersAndSpread],
  quiz,
  practicalExercise: firstTrade,
};
