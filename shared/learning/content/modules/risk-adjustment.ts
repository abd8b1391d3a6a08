import { check, mc, numerical, strategyCard, tf } from '../lib/questions';
import { ITM_THRESHOLD } from '../../../paper/expiration';
import { analyzeAtExpiry, GUIDELINE_TEXTS, netDebitCredit, netPremium, tradeGuidelines, type StrategyLeg } from '../../../strategy';
import type { LearningModule, Lesson, Quiz } from '../types';
import { cents, contractLabel, dateLabel, exact, figure, m, mp, pct, perShare, sourceLine, tex, usd } from '../lib/figures';
import { SPY, contractAt, dollars, expiryNearestDays, firstStrikeAtOrAbove, legOf, midOf, nearestTheMoney, strikesOf } from '../lib/snapshot';
import { placed } from '../strategies-lib/place';

/**
 * Risk Adjustment (issue 17; spec part 3 §3: 60 minutes), the sixth module of the path
 * (exits planned before entry, rolling, assignment and pin risk, adjusting tested spreads and condors, the
 * expiration-day checklist). Every figure comes from the SPY chain of Nov 20, 2026: strategies are the builder's own
 * templates placed by its placement, traded at the paper account's default fills (buys at the ask, sales at the
 * bid), and measured by the strategy analytics and the §9 guidelines (shared/strategy guidelines). Markdown writes
 * money as `\$` so that `$…$` is always maths.
 */

// Not `tex`: Prettier would reformat templates with that tag as Markdown.

const S = SPY.underlyingPrice;
const SOURCE = sourceLine(SPY);
const label = contractLabel;
const legLabel = (l: StrategyLeg) => label(contractAt(SPY, l.optionType, l.expiration, l.strike));

const WEEK = expiryNearestDays(SPY, 7);
const MONTH = expiryNearestDays(SPY, 28);
const LATER = expiryNearestDays(SPY, 41);

/** The §9 guidelines of a strategy's legs, per one lot, from the expiry analysis and the net premium. */
function guidelinesOf(legs: StrategyLeg[], equity: number | null) {
  const a = analyzeAtExpiry(legs);
  const debitCredit = netDebitCredit(legs);
  return { analysis: a, net: debitCredit.netPremium, g: tradeGuidelines({ maxProfit: a.maxProfit, maxLoss: a.maxLoss, debitCredit }, equity) };
}

// ------------------------------------------------------------------------------------------- 1. The exit plan

/** An example account for the position-size guideline. */
export const EQUITY = 25_000;
const bps = placed(SPY, 'bull-put-spread');
const [bpsShort, bpsLong] = bps as [StrategyLeg, StrategyLeg];
const { analysis: bpsA, net: bpsCredit, g: bpsG } = guidelinesOf(bps, EQUITY);
const bpsTarget50 = exact(bpsG.profitTarget!.high);
const bpsTarget25 = exact(bpsG.profitTarget!.low);
const bpsStop = bpsG.stop!;
/** Buying the spread back at the 50% target costs the credit less the profit kept. */
const bpsCloseAtTarget = exact(bpsCredit - bpsTarget50);
const bpsRisk = -bpsA.maxLoss;

const exitPlan: Lesson = {
  id: 'risk_adjustment.exit-plan',
  title: 'Plan the exit before the entry',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Three numbers before the order',
      content: tex`The entry gets most of the attention, but the exit decides what a trade can cost: without a plan, a trade that goes against you is held while you wait and hope. Decide **before you trade**, and write down:

1. **How much to risk.** The builder's guideline: "${GUIDELINE_TEXTS.positionSize}". The amount at risk is the strategy's maximum loss, not what it costs.
2. **When to take the profit.** "${GUIDELINE_TEXTS.profitTarget}". A credit spread keeps its last dollars slowly while its risk stays whole; taking part of the profit early frees the risk for the next trade.
3. **When to stop.** "${GUIDELINE_TEXTS.stop}". For a credit: close when buying the position back costs twice the credit you took in (a loss equal to the credit, before commissions). For a debit: close when it is worth half of what you paid.

A fourth rule is about **time**: many traders close or review a short-premium trade a few weeks before expiry (21 days is a common choice), because gamma grows as expiry nears and a small move then swings the position a lot. These are guidelines, not laws; what matters is that the plan exists before the trade and that you follow it.`,
    },
    {
      type: 'example',
      title: `The plan of a bull put spread on ${dateLabel(MONTH.expiration)}`,
      source: SOURCE,
      content: tex`The builder's **Bull Put Spread** sells the ${legLabel(bpsShort)} at the bid of ${mp(bpsShort.premium)} and buys the ${legLabel(bpsLong)} at the ask of ${mp(bpsLong.premium)}: a credit of ${m(bpsCredit)} for one spread, ${MONTH.daysToExpiry} days to expiry.

- Most it can make: ${m(bpsA.maxProfit)} (the credit); most it can lose: ${m(bpsRisk)} (the width less the credit).
- **Size**: in a ${m(EQUITY)} account the guideline allows ${m(bpsG.positionSize!.low)} to ${m(bpsG.positionSize!.high)} at risk; one spread risks ${m(bpsRisk)}, ${pct(bpsG.positionSize!.share!)} of the account${bpsG.positionSize!.tooLarge ? `: **too large** for this account. The plan here is a narrower spread (lower risk, lower credit) or no trade, never "just this once"` : ', within the guideline'}.
- **Profit target**: 25–50% of ${m(bpsA.maxProfit)} is ${m(bpsTarget25)} to ${m(bpsTarget50)}. At 50% you buy the spread back for ${m(bpsCloseAtTarget)}.
- **Stop**: close when buying it back costs ${m(bpsStop.closeAt)}, twice the credit: a loss of ${m(bpsStop.loss)}.
- **Time**: review it at 21 days to expiry, whatever the price.

Write these four lines in your journal before you send the order.`,
      figures: [
        figure('Profit target at 50%', usd(bpsTarget50), tex`0.5 \times \text{max profit}`, [`max profit = ${usd(bpsA.maxProfit)}`]),
        figure('Stop: close at', usd(bpsStop.closeAt), tex`2 \times \text{credit}`, [`credit = ${usd(bpsCredit)}`]),
        figure('Most it can lose', usd(bpsRisk), tex`100 \times (K_{\text{sold}} - K_{\text{bought}}) - \text{credit}`, [
          `K_sold = ${usd(bpsShort.strike)}`,
          `K_bought = ${usd(bpsLong.strike)}`,
          `credit = ${usd(bpsCredit)}`,
        ]),
      ],
    },
    strategyCard(
      'bull-put-spread',
      'The Bull Put Spread card',
      tex`The builder's card. In the builder, the guidelines panel shows the same size, target and stop for the spread you build.`,
    ),
  ],
  check: check('risk_adjustment.exit-plan', [
    numerical(
      'target',
      `You sold the bull put spread above for a credit of ${usd(bpsCredit)}. At a profit target of 50% of the maximum profit, what would you pay to buy it back, in dollars?`,
      bpsCloseAtTarget,
      `Half of ${usd(bpsA.maxProfit)} is ${usd(bpsTarget50)} kept; buying back costs ${usd(bpsCredit)} − ${usd(bpsTarget50)} = ${usd(bpsCloseAtTarget)}.`,
    ),
    numerical(
      'stop',
      `Same spread: by the guideline "${GUIDELINE_TEXTS.stop}", at what cost to buy it back do you close it, in dollars?`,
      bpsStop.closeAt,
      `Twice the credit: 2 × ${usd(bpsCredit)} = ${usd(bpsStop.closeAt)}, a loss of ${usd(bpsStop.loss)}.`,
    ),
    tf(
      'before',
      'The exit plan (target, stop, time) is best decided after the trade starts to move, when you know more.',
      false,
      'After the move, hope and fear decide. The plan is made before the order, when you can judge the risk calmly.',
    ),
  ]),
};

// ----------------------------------------------------------------------------------------------- 2. Rolling

const tested = nearestTheMoney(SPY, 'put', MONTH.expiration);
const K = tested.strike_price;
const buyBack = legOf(tested, 'buy');
const sameLater = legOf(contractAt(SPY, 'put', LATER.expiration, K), 'sell');
const rollOut = exact(sameLater.premium - buyBack.premium);
/** Rolling out and down: the lowest strike on the later expiry whose bid still pays for the buy-back. */
const downStrike = strikesOf(SPY, LATER.expiration)
  .filter((k) => k < K)
  .find((k) => contractAt(SPY, 'put', LATER.expiration, k).bid! > buyBack.premium);
const downLater = downStrike === undefined ? null : legOf(contractAt(SPY, 'put', LATER.expiration, downStrike), 'sell');
const rollDown = downLater ? exact(downLater.premium - buyBack.premium) : null;

const rolling: Lesson = {
  id: 'risk_adjustment.rolling',
  title: 'Rolling a short option',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Close one, open another, in one order',
      content: tex`**Rolling** closes a short option and opens another in its place, usually as one order so the two prices are set together:

- **Out**: the same strike on a later expiry. More time for the trade to work.
- **Down** (a put) or **up** (a call): a strike further from the price. Less chance of ending in the money.
- Often both at once: **out and down** for a put, **out and up** for a call.

A short option is **tested** when the price reaches its strike. The later option has more time value than the one you buy back, so rolling out usually takes in a **net credit**; that credit adds to what you have already received.`,
    },
    {
      type: 'text',
      title: 'When not to roll',
      content: tex`A roll is a new trade: ask whether you would open it today on its own. Do not roll:

- **for a net debit**: you would pay to keep a losing trade open;
- when your reason for the trade is gone: rolling only postpones the loss and keeps the risk;
- to a larger size to "make it back": that raises the risk exactly when the trade is going against you;
- when the roll breaks your plan's limits: more time at risk is more risk, and the stop still applies.

Closing and taking the loss is often the better choice. Rolling is a tool, not a way never to lose.`,
    },
    {
      type: 'example',
      title: `Rolling the ${legLabel(buyBack)} out a month`,
      source: SOURCE,
      content: tex`Take a short ${legLabel(buyBack)} with SPY at ${m(S)}: the strike nearest the price, so the put is tested. Rolling it out to ${dateLabel(LATER.expiration)}, ${LATER.daysToExpiry} days instead of ${MONTH.daysToExpiry}:

- buy back the ${legLabel(buyBack)} at the ask, ${mp(buyBack.premium)};
- sell the ${legLabel(sameLater)} at the bid, ${mp(sameLater.premium)};
- net: ${rollOut >= 0 ? 'a credit' : 'a debit'} of ${mp(Math.abs(rollOut))} a share, ${m(Math.abs(dollars(rollOut)))} a contract, for ${LATER.daysToExpiry - MONTH.daysToExpiry} more days of the same risk.
${downLater ? `\nRolling **out and down** instead, to the ${legLabel(downLater)} at its bid of ${mp(downLater.premium)}: the lowest strike on that expiry whose bid still covers the buy-back, a net credit of ${mp(rollDown!)} (${m(dollars(rollDown!))} a contract), ${m(K - downLater.strike)} further from the price.\n` : ''}
At these natural prices (a buy at the ask, a sale at the bid) both roll for a credit; sent as one order at a net limit near the mid, the credit can be better.`,
      figures: [
        figure('Rolling out: net credit a share', perShare(rollOut), tex`\text{bid}_{\text{later}} - \text{ask}_{\text{now}}`, [
          `bid (${legLabel(sameLater)}) = ${perShare(sameLater.premium)}`,
          `ask (${legLabel(buyBack)}) = ${perShare(buyBack.premium)}`,
        ]),
      ],
    },
    strategyCard('cash-secured-put', 'The Cash-Secured Put card', tex`A short put like the one rolled here; the card shows what it can make and lose.`),
  ],
  check: check('risk_adjustment.rolling', [
    numerical(
      'roll-out',
      `You are short the ${legLabel(buyBack)}. You buy it back at ${usd(buyBack.premium)} and sell the ${legLabel(sameLater)} at ${usd(sameLater.premium)}. What is the net credit for one contract, in dollars?`,
      cents(dollars(rollOut)),
      `100 × (${usd(sameLater.premium)} − ${usd(buyBack.premium)}) = ${usd(cents(dollars(rollOut)))}.`,
    ),
    mc(
      'when-not',
      'Which of these is a reason not to roll?',
      ['The roll costs a net debit', 'The later option has more time value', 'The roll is sent as one order', 'The new strike is further from the price'],
      'The roll costs a net debit',
      'Paying to keep a losing trade open adds to the loss; a roll worth making takes in a credit and still fits the plan.',
    ),
    tf(
      'more-time',
      'Rolling out gives the trade more time, and so also more time at risk.',
      true,
      'The position stays open for longer: the credit is the pay for carrying the same risk further.',
    ),
  ]),
};

// ------------------------------------------------------------------------- 3. Assignment, early exercise, pin risk

/** A put about 2% in the money on the week's expiry, and the same strike a month out. */
const itm = firstStrikeAtOrAbove(SPY, 'put', WEEK.expiration, S * 1.02);
const itmK = itm.strike_price;
const extrinsicOf = (c: ReturnType<typeof contractAt>) => exact(midOf(c) - Math.max(0, c.strike_price - S));
const itmWeekExtrinsic = extrinsicOf(itm);
const itmLater = contractAt(SPY, 'put', LATER.expiration, itmK);
const itmLaterExtrinsic = extrinsicOf(itmLater);
const intrinsic = exact(itmK - S);
const assignedValue = dollars(K);

const assignment: Lesson = {
  id: 'risk_adjustment.assignment',
  title: 'Assignment, early exercise and pin risk',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Who decides, and when',
      content: tex`When you are short an option, the **holder** decides whether to exercise; you are **assigned** when they do. SPY options are American-style: at a real broker, a holder can exercise **any trading day**, and a short option can be assigned any day, without warning, often overnight.

**The paper account assigns short options only at expiry** (16:00 New York on the expiry day, when an in-the-money option is exercised or assigned into 100 shares a contract at the strike). It will not show you an early assignment (you can still exercise your own long options early). Plan as if the broker were real: a short option in the money can be assigned before expiry.`,
    },
    {
      type: 'text',
      title: 'When early exercise is likely',
      content: tex`A holder who exercises early gives up the option's **extrinsic (time) value**: the price less the intrinsic value. So early exercise is likely only when little extrinsic value is left:

- the option is **deep in the money**, especially close to expiry;
- a **call** is in the money just before an **ex-dividend date**, and the dividend is worth more than the time value left (covered in the Basic Strategies module).

Watch the extrinsic value of your short options in the money: as it nears zero, assignment becomes likely.

**A spread's short leg can be assigned early too.** You are then left with shares (a short put) or a short stock position (a short call) plus the long option, which still limits the loss: sell the shares or buy them back, and close or exercise the long leg. The risk stays defined, but the account must carry the shares until you act.`,
    },
    {
      type: 'text',
      title: 'Pin risk',
      content: tex`At expiry, a price sitting **right at your short strike** leaves you unsure whether you will be assigned. The holder can still decide after the close, and the price can move after hours: you may wake up with 100 shares a contract you did not expect, or without those you expected. The cure is simple: close short options near the money before the last close rather than wait to see.`,
    },
    {
      type: 'example',
      title: `Time value left in the ${itmK} put`,
      source: SOURCE,
      content: tex`SPY closed at ${m(S)}. The ${itmK} put is in the money by ${mp(intrinsic)} (its intrinsic value).

| contract | mid | intrinsic | extrinsic |
|---|---|---|---|
| ${label(itm)} | ${mp(midOf(itm))} | ${mp(intrinsic)} | ${mp(itmWeekExtrinsic)} |
| ${label(itmLater)} | ${mp(midOf(itmLater))} | ${mp(intrinsic)} | ${mp(itmLaterExtrinsic)} |

With ${WEEK.daysToExpiry} days left only ${mp(itmWeekExtrinsic)} a share (${m(dollars(itmWeekExtrinsic))} a contract) of time value remains: the nearer expiry and the deeper in the money, the less a holder gives up by exercising.

If a short ${label(tested)} is assigned, you buy 100 shares at ${m(K)}: ${m(assignedValue)} of SPY, whatever SPY trades at.`,
      figures: [
        figure(`${label(itm)}: extrinsic value`, perShare(itmWeekExtrinsic), tex`\text{mid} - \max(K - S, 0)`, [
          `mid = ${perShare(midOf(itm))}`,
          `K = ${usd(itmK)}`,
          `S = ${usd(S)}`,
        ]),
        figure('Shares bought on one assignment', usd(assignedValue), tex`100 \times K`, [`K = ${usd(K)}`]),
      ],
    },
    strategyCard('cash-secured-put', 'The Cash-Secured Put card', tex`A short put held with the cash for its assignment.`),
  ],
  check: check('risk_adjustment.assignment', [
    tf(
      'paper-only-expiry',
      'In the paper account, a short option is assigned only at expiry; at a real broker a short SPY option can be assigned on any trading day.',
      true,
      'SPY options are American-style; the paper account simplifies assignment to expiry, a real broker does not.',
    ),
    numerical(
      'extrinsic',
      `SPY is at ${usd(S)} and the ${label(itm)} is quoted at a mid of ${perShare(midOf(itm))}. What is its extrinsic value per share, in dollars?`,
      itmWeekExtrinsic,
      `Mid less intrinsic: ${perShare(midOf(itm))} − (${usd(itmK)} − ${usd(S)}) = ${perShare(itmWeekExtrinsic)}.`,
      '$',
      0.005,
    ),
    mc(
      'pin',
      'SPY closes on expiry day exactly at the strike of your short put. What is the risk?',
      [
        'You do not know whether you will be assigned, and the price can move after hours',
        'None: an option at the money always expires worthless',
        'The option is exercised automatically in your favour',
        'The broker closes it for you at no cost',
      ],
      'You do not know whether you will be assigned, and the price can move after hours',
      'This is pin risk: close short options near the money before the last close.',
    ),
  ]),
};

// ------------------------------------------------------------------------------ 4. Tested spreads and condors

const ic = placed(SPY, 'iron-condor');
const icA = analyzeAtExpiry(ic);
const icCredit = netPremium(ic);
const icPuts = ic.filter((l) => l.optionType === 'put');
const icCalls = ic.filter((l) => l.optionType === 'call');
const icPutCredit = netPremium(icPuts);
const icCallCredit = netPremium(icCalls);
const icShortPut = icPuts.find((l) => l.action === 'sell')!;
const icShortCall = icCalls.find((l) => l.action === 'sell')!;
const icLongPut = icPuts.find((l) => l.action === 'buy')!;
const icLongCall = icCalls.find((l) => l.action === 'buy')!;
const icRisk = -icA.maxLoss;

const testedSpreads: Lesson = {
  id: 'risk_adjustment.tested-spreads',
  title: 'Adjusting tested spreads and condors',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'A condor is two credit spreads',
      content: tex`An **iron condor** is a bull put spread below the price and a bear call spread above it, on the same expiry: it profits if the price stays between the two short strikes. Only one side can end in the money, so the most it can lose is the wider side's width less the whole credit.

When the price moves toward one short strike, that side is **tested**; the other is **untested** and is losing its value, which is good for you.`,
    },
    {
      type: 'text',
      title: 'The choices, from least to most risk',
      content: tex`1. **Close the whole position.** The loss is known and ends there. Often the best answer when the stop is reached.
2. **Close the tested side** and keep the untested one, which is nearly all profit by now. Your risk falls to the untested side's.
3. **Roll the tested side out** in time for a credit (the previous lesson), only if you would open the new spread today.
4. **Roll the untested side closer** to the price for more credit. It lowers the loss if the tested side loses, but it **adds risk** if the price turns back: now both short strikes are near the price.
5. **Go inverted**: roll the untested side past the tested short strike (the short call below the short put, or the reverse). The extra credit can cover more of the loss, but one short option is now sure to end in the money: the best outcome is a smaller loss, no longer a profit. Rarely worth it for a beginner.

Never widen a losing spread or add contracts to "average down" without a plan that still respects your stop and your size limit.`,
    },
    {
      type: 'example',
      title: `The builder's iron condor on ${dateLabel(MONTH.expiration)}`,
      source: SOURCE,
      content: tex`The builder's **Iron Condor**, ${MONTH.daysToExpiry} days out, at natural prices:

- put side: sell the ${legLabel(icShortPut)} at ${mp(icShortPut.premium)}, buy the ${legLabel(icLongPut)} at ${mp(icLongPut.premium)}: a credit of ${m(icPutCredit)};
- call side: sell the ${legLabel(icShortCall)} at ${mp(icShortCall.premium)}, buy the ${legLabel(icLongCall)} at ${mp(icLongCall.premium)}: a credit of ${m(icCallCredit)};
- whole credit ${m(icCredit)}; it keeps it all between ${m(icShortPut.strike)} and ${m(icShortCall.strike)}, breaks even at ${icA.breakevens.map((b) => m(b)).join(' and ')}, and can lose at most ${m(icRisk)}.

If SPY falls to ${m(icShortPut.strike)}, the put side is tested. Its stop by the guideline: close when buying the whole condor back costs ${m(2 * icCredit)}.`,
      figures: [
        figure('Iron condor: most it can lose', usd(icRisk), tex`100 \times \text{wider width} - \text{credit}`, [
          `put width = ${usd(icShortPut.strike - icLongPut.strike)}`,
          `call width = ${usd(icLongCall.strike - icShortCall.strike)}`,
          `credit = ${usd(icCredit)}`,
        ]),
      ],
    },
    strategyCard('iron-condor', 'The Iron Condor card', tex`The builder's card: four legs, a credit, and a profit zone between the short strikes.`),
  ],
  check: check('risk_adjustment.tested-spreads', [
    numerical(
      'ic-max-loss',
      `The iron condor above took in ${usd(icCredit)} in all. What is the most it can lose at expiry, in dollars? (Answer as a positive number.)`,
      icRisk,
      `The wider side's width × 100 less the credit: ${usd(icRisk)}.`,
    ),
    mc(
      'reduces',
      'Your condor’s put side is tested. Which choice reduces the risk you carry?',
      ['Close the tested side', 'Roll the untested call side down toward the price', 'Add another condor to average in', 'Wait for expiry'],
      'Close the tested side',
      'Closing the tested side removes its risk; rolling the untested side closer or adding contracts increases it.',
    ),
    tf(
      'untested',
      'Rolling the untested side closer to the price adds credit but adds risk if the price turns back.',
      true,
      'Both short strikes end up near the price, so a reversal tests the new side.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------- 5. Expiration day

const weekPut = nearestTheMoney(SPY, 'put', WEEK.expiration);
const weekCall = nearestTheMoney(SPY, 'call', WEEK.expiration);
const weekShares = dollars(weekPut.strike_price);

const expirationDay: Lesson = {
  id: 'risk_adjustment.expiration-day',
  title: 'The expiration-day checklist',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Before the last close',
      content: tex`On the day an option expires, go through every position on that expiry:

1. **Which options are in the money, or near it?** In the money at the close by ${m(ITM_THRESHOLD)} or more, a long option is **exercised automatically** and a short one assigned, 100 shares a contract (the paper account does the same). A long call you forgot can turn into shares you must pay for.
2. **Do you want the shares?** If not, close or roll before the close. The paper account settles at 16:00 New York at the closing price; a real broker's holders can decide after the close.
3. **Spreads with one leg in and one out.** If the short leg is in the money and the long is not, the long expires worthless and you are left with shares: the spread's limited risk is gone. Close the spread, do not let it expire split.
4. **Near the strike: pin risk.** Close short options within a small distance of the price.
5. **Cash for assignment.** Can the account pay for the shares (or deliver them)? If not, a broker sells them for you, at a price you did not choose.
6. **Write it down.** Record the outcome and whether you followed the plan, in your journal.`,
    },
    {
      type: 'example',
      title: `The ${dateLabel(WEEK.expiration)} expiry, ${WEEK.daysToExpiry} days out`,
      source: SOURCE,
      content: tex`The nearest strike to SPY's ${m(S)} on the ${dateLabel(WEEK.expiration)} expiry is ${m(weekPut.strike_price)}: its put was quoted at a mid of ${mp(midOf(weekPut))} and its call at ${mp(midOf(weekCall))}. A short option at that strike is the pin-risk case: a small move either way decides whether it is assigned.

If one short ${label(weekPut)} is assigned, the account buys 100 shares at ${m(weekPut.strike_price)}: it must find ${m(weekShares)}, far more than the premium the put brought in.`,
      figures: [figure('Cash for one assignment', usd(weekShares), tex`100 \times K`, [`K = ${usd(weekPut.strike_price)}`])],
    },
    strategyCard('bull-put-spread', 'The Bull Put Spread card', tex`A spread whose two legs must close together: the checklist's third point.`),
  ],
  check: check('risk_adjustment.expiration-day', [
    numerical(
      'cash',
      `How much cash does the account need if one short ${label(weekPut)} is assigned, in dollars?`,
      weekShares,
      `100 × ${usd(weekPut.strike_price)} = ${usd(weekShares)}.`,
    ),
    mc(
      'split',
      'At expiry, the short put of your bull put spread is in the money and the long put is out of it. If you let it expire, what do you hold?',
      [
        '100 shares a contract, without the protection of the long put',
        'Nothing: the spread settles in cash',
        'The long put, now in the money',
        'A short position in SPY',
      ],
      '100 shares a contract, without the protection of the long put',
      'The short put is assigned and the long expires worthless: the spread’s limited risk is gone. Close the spread before the close.',
    ),
    tf(
      'journal',
      'After expiry, recording whether you followed your plan is part of the process, whatever the result.',
      true,
      'A good result from a broken plan teaches the wrong lesson; the journal shows the process.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------------------------ Quiz

const quiz: Quiz = {
  id: 'risk_adjustment.quiz',
  passingScore: 80,
  questions: [
    mc(
      'size',
      `Which is the builder's position-size guideline?`,
      [
        GUIDELINE_TEXTS.positionSize,
        'position size 10-20% of the portfolio',
        'as many contracts as the buying power allows',
        'the same number of contracts on every trade',
      ],
      GUIDELINE_TEXTS.positionSize,
      'Sizing by the share of the account at risk keeps any one loss survivable.',
    ),
    numerical(
      'size-dollars',
      `In a ${usd(EQUITY)} account, what is the most one trade should risk by the 5% end of the guideline, in dollars?`,
      bpsG.positionSize!.high,
      `5% × ${usd(EQUITY)} = ${usd(bpsG.positionSize!.high)}.`,
    ),
    numerical(
      'target-25',
      `A bull put spread's maximum profit is ${usd(bpsA.maxProfit)}. What is the profit at the low end of "${GUIDELINE_TEXTS.profitTarget}", in dollars?`,
      bpsTarget25,
      `25% × ${usd(bpsA.maxProfit)} = ${usd(bpsTarget25)}.`,
    ),
    tf(
      'debit-stop',
      `By "${GUIDELINE_TEXTS.stop}", a spread bought for a debit is closed when it is worth half of what was paid.`,
      true,
      'For a debit, the stop is a loss of half the debit.',
    ),
    numerical(
      'roll-credit',
      `Rolling a short ${legLabel(buyBack)} out to the ${legLabel(sameLater)} at natural prices (buy at ${usd(buyBack.premium)}, sell at ${usd(sameLater.premium)}): what is the net credit a share, in dollars?`,
      rollOut,
      `${usd(sameLater.premium)} − ${usd(buyBack.premium)} = ${perShare(rollOut)}.`,
      '$',
      0.005,
    ),
    tf(
      'roll-fix',
      'Rolling a losing short option guarantees the trade will end in profit.',
      false,
      'Rolling postpones and can add a credit, but the risk stays; the price can keep moving against you.',
    ),
    mc(
      'early',
      'When is an early assignment of a short put most likely?',
      [
        'When the put is deep in the money with little time value left',
        'When the put is far out of the money',
        'When implied volatility is high',
        'Never: puts are only exercised at expiry',
      ],
      'When the put is deep in the money with little time value left',
      'Exercising throws away the extrinsic value; when little is left, early exercise costs the holder little.',
    ),
    tf(
      'paper-vs-broker',
      'Because the paper account assigns short options only at expiry, a real broker will too.',
      false,
      'A real broker can assign an American-style option on any trading day.',
    ),
    numerical(
      'condor-risk',
      `An iron condor took in ${usd(icCredit)} on spreads whose wider side is ${usd(Math.max(icShortPut.strike - icLongPut.strike, icLongCall.strike - icShortCall.strike))} wide. What is the most it can lose, in dollars? (Answer as a positive number.)`,
      icRisk,
      `100 × ${usd(Math.max(icShortPut.strike - icLongPut.strike, icLongCall.strike - icShortCall.strike))} − ${usd(icCredit)} = ${usd(icRisk)}.`,
    ),
    mc(
      'expiry-day',
      'On expiration day your short call is a few cents from the price. What does the checklist say?',
      [
        'Close it before the close',
        'Let it expire and see',
        'Sell another call at the same strike',
        'Nothing: an option at the money always expires worthless',
      ],
      'Close it before the close',
      'Near the strike you cannot know whether you will be assigned: that is pin risk.',
    ),
  ],
};

export const riskAdjustment: LearningModule = {
  id: 'risk_adjustment',
  title: 'Risk Adjustment',
  description:
    'Managing a trade after the entry: exits planned before the order by the product’s guidelines, rolling for a credit and when not to, assignment, early exercise and pin risk, adjusting tested spreads and condors, and the expiration-day checklist.',
  difficulty: 'advanced',
  estimatedTime: 60,
  prerequisites: ['basic_strategies'],
  objectives: [
    'Write down before a trade its size, profit target, stop and time exit, using the product’s guidelines',
    'Compute the credit of a roll out, or out and down, and say when not to roll',
    'Explain when early assignment is likely, why the paper account differs from a real broker, and what pin risk is',
    'Choose between closing, rolling and adjusting a tested spread or condor, knowing which choices add risk',
    'Go through the expiration-day checklist for every position on an expiring date',
  ],
  lessons: [exitPlan, rolling, assignment, testedSpreads, expirationDay],
  quiz,
};
