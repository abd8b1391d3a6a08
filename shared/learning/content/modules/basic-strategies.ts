import { check, mc, numerical, strategyCard, tf } from '../lib/questions';
import { CONTRACT_MULTIPLIER, DEFAULT_SETTINGS } from '../../../paper/types';
import { analyzeAtExpiry, atmImpliedVol, probabilityOfProfit, type StrategyLeg } from '../../../strategy';
import type { ContentBlock, LearningModule, Lesson, PracticalExercise, Quiz } from '../types';
import { cents, contractLabel, dateLabel, figure, pct, perShare, sourceLine, usd, tex, m, mp, exact } from '../lib/figures';
import { SPY, contractAt, dollars, expiryNearestDays, legOf, midOf, nearestTheMoney, strikesOf } from '../lib/snapshot';
import { greeksOn, modelLeaps, placed, withShares } from '../strategies-lib/place';

/**
 * Basic Strategies (issue 17; spec part 3 §3: 75 minutes), the third module of the path.
 * Each strategy is the builder's own template (shared/strategy/templates), placed on the SPY chain of
 * Nov 20, 2026 by the builder's placement and traded at the paper account's default fills (buys at the ask, sales at
 * the bid); every figure (cost, maximum profit and loss, breakevens, probability of profit, theta) comes from the
 * strategy analytics or the pricing core. Markdown writes money as `\$` so that `$…$` is always maths.
 */

const S = SPY.underlyingPrice;
const SOURCE = sourceLine(SPY);
const COMMISSION = DEFAULT_SETTINGS.commissionPerContract;
const label = contractLabel;

const WEEK = expiryNearestDays(SPY, 7);
const MONTH = expiryNearestDays(SPY, 28);
const LATER = expiryNearestDays(SPY, 41);

const payoff = (title: string, content: string, legs: StrategyLeg[]): ContentBlock => ({
  type: 'interactive',
  title,
  content,
  widget: { kind: 'payoff', underlying: SPY.underlying, spot: S, asOf: SPY.session, legs, iv: legs[0]!.iv! },
});
/** "the Dec 18 577 call" of a leg. */
const legLabel = (l: StrategyLeg) => label(contractAt(SPY, l.optionType, l.expiration, l.strike));
const money = (x: number) => (Number.isFinite(x) ? m(Math.abs(x)) : 'unlimited');

// ------------------------------------------------------------------------------------- 1. Long call and long put

const longCall = placed(SPY, 'long-call');
const longPut = placed(SPY, 'long-put');
const lcA = analyzeAtExpiry(longCall);
const lpA = analyzeAtExpiry(longPut);
const K = longCall[0]!.strike;
const callOn = (e: typeof MONTH) => [legOf(contractAt(SPY, 'call', e.expiration, K), 'buy')];
const buffer = [WEEK, MONTH, LATER].map((e) => {
  const legs = callOn(e);
  return { e, legs, cost: dollars(legs[0]!.premium), theta: cents(greeksOn(SPY, legs).theta) };
});
const [bWeek, bMonth, bLater] = buffer as [(typeof buffer)[number], (typeof buffer)[number], (typeof buffer)[number]];
const laterPut = legOf(contractAt(SPY, 'put', LATER.expiration, K), 'buy');
const laterPutBreakeven = analyzeAtExpiry([laterPut]).breakevens[0]!;
const MONTH_ATM_IV = atmImpliedVol(MONTH.contracts, S, MONTH.expiration)!;

const longOptions: Lesson = {
  id: 'basic_strategies.long-call-put',
  title: 'Long call and long put',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'The simplest directional trades',
      content: tex`A **long call** is a bet that the price rises above the strike plus the premium by expiry; a **long put** that it falls below the strike less the premium. The most either can lose is the premium paid, known before the trade. (The four positions and their breakevens are in ${'[the four basic positions](lesson:options_basics.four-positions)'}.)

Being right about the direction is not enough. The move must come **far enough** (past the breakeven) and **soon enough** (before the time value melts). Every long option is a race against the clock.`,
    },
    {
      type: 'text',
      title: 'Choosing the expiry: buy time',
      content: tex`Time value melts faster as expiry nears (theta, in ${'[theta](lesson:options_greeks.theta)'}). A longer expiry costs more up front but loses less each day, leaving your view time to play out. A common practice is to buy more time than you think you need and to sell well before the last weeks, when decay is fastest.`,
    },
    {
      type: 'text',
      title: 'Choosing when: implied volatility is part of the price',
      content: tex`The premium depends on implied volatility (IV). When IV is high, say before an earnings report, the same strike and expiry cost more, and if IV falls afterwards the option can lose value even when the price moves your way (${'[vega](lesson:options_greeks.vega)'}). Buyers are better served when IV is low against its own history (the _Market Analysis_ module measures that). A single day's IV tells you the price of the option, not whether it is cheap.`,
    },
    {
      type: 'example',
      title: `The ${K} call on three expiries`,
      source: SOURCE,
      content: tex`The builder's **Long Call** places one call at the strike nearest the money on the expiry nearest 30 days: the ${legLabel(longCall[0]!)}, bought at the ask of ${m(longCall[0]!.premium)}. Its most possible loss is ${money(lcA.maxLoss)} and its breakeven at expiry ${m(lcA.breakevens[0]!)}. The ${legLabel(longPut[0]!)}, bought at ${m(longPut[0]!.premium)}, risks ${money(lpA.maxLoss)} and breaks even at ${m(lpA.breakevens[0]!)}.

The same ${K} call on each expiry, with its theta (dollars a day for one contract, from the builder's position Greeks):

| expiry | days | cost of one contract | theta a day |
|---|---|---|---|
${buffer.map((b) => `| ${dateLabel(b.e.expiration)} | ${b.e.daysToExpiry} | ${m(b.cost)} | ${m(b.theta)} |`).join('\n')}

The ${WEEK.daysToExpiry}-day call is cheapest but loses ${m(-bWeek.theta)} a day, ${pct(-bWeek.theta / bWeek.cost)} of its price; the ${LATER.daysToExpiry}-day call loses ${m(-bLater.theta)}, ${pct(-bLater.theta / bLater.cost)} of its price. The ${MONTH.daysToExpiry}-day at-the-money IV was ${pct(MONTH_ATM_IV)}.`,
      figures: [
        figure(`${legLabel(longCall[0]!)}: breakeven`, usd(lcA.breakevens[0]!), tex`K + \text{premium}`, [
          `K = ${usd(K)}`,
          `premium = ${usd(longCall[0]!.premium)}`,
        ]),
        figure(`${legLabel(longCall[0]!)}: theta a day`, usd(bMonth.theta), tex`100 \times \Theta_{\text{American}}(S, K, T, \sigma, r, q) / 365`, [
          `S = ${usd(S)}`,
          `K = ${usd(K)}`,
          `T = ${MONTH.daysToExpiry}/365`,
          `σ = ${pct(longCall[0]!.iv!)}`,
          `r = ${pct(SPY.r)}`,
          `q = ${pct(SPY.q)}`,
        ]),
      ],
    },
    strategyCard(
      'long-call',
      'The Long Call card',
      tex`The builder's card for the long call: its outlook, legs, most it can make and lose, breakeven and when it works best. "Open in builder" places it on SPY.`,
    ),
    strategyCard('long-put', 'The Long Put card', tex`The mirror trade for a fall in SPY.`),
  ],
  check: check('basic_strategies.long-call-put', [
    numerical(
      'put-breakeven',
      `You buy the ${label(contractAt(SPY, 'put', LATER.expiration, K))} at its ask of ${usd(laterPut.premium)}. What is its breakeven at expiry, in dollars?`,
      laterPutBreakeven,
      `A long put breaks even at K − premium: ${usd(K)} − ${usd(laterPut.premium)} = ${usd(laterPutBreakeven)}.`,
    ),
    mc(
      'decay',
      `Which of the ${K} calls loses the largest share of its price to time each day?`,
      buffer.map((b) => `The ${b.e.daysToExpiry}-day call`),
      `The ${WEEK.daysToExpiry}-day call`,
      `Theta grows as expiry nears: the ${WEEK.daysToExpiry}-day call loses ${usd(-bWeek.theta)} a day of its ${usd(bWeek.cost)}, the ${LATER.daysToExpiry}-day call ${usd(-bLater.theta)} of its ${usd(bLater.cost)}.`,
    ),
    tf(
      'iv',
      'With everything else the same, an option costs more when its implied volatility is higher.',
      true,
      'Higher IV means more time value: the buyer pays more for the same strike and expiry, and loses some of it if IV falls back.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------------------ 2. Covered call

const cc = placed(SPY, 'covered-call');
const ccCall = cc[0]!;
const ccA = withShares(SPY, cc).analysis;
const ccPremium = dollars(ccCall.premium);
const ccYield = ccCall.premium / S;
const ccUp = cents(ccCall.strike + 10);
const sharesOnly = (price: number) => cents(CONTRACT_MULTIPLIER * (price - S));
const ccPnl = withShares(SPY, cc).pnl;
const laterCc = legOf(contractAt(SPY, 'call', LATER.expiration, ccCall.strike), 'sell');

const coveredCall: Lesson = {
  id: 'basic_strategies.covered-call',
  title: 'The covered call',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'Renting out your shares',
      content: tex`A **covered call** is 100 shares you own plus one call you sell on them. You take the premium now; in exchange you agree to sell the shares at the strike if the call is exercised. The shares "cover" the call: if you are assigned, you deliver shares you hold, so the loss of a naked call cannot happen. (The paper account refuses a short call that neither shares nor a long call cover.)

- SPY stays below the strike: the call expires worthless and you keep the premium and the shares.
- SPY ends above the strike: your shares are **called away** at the strike. You keep the premium and the gain up to the strike, but nothing above it.
- SPY falls: the premium softens the loss a little; the shares can still lose almost everything.`,
    },
    {
      type: 'text',
      title: 'Yield, and what it does not mean',
      content: tex`Sellers often quote the premium as a **yield**: premium ÷ share price. It is income only if the shares do not fall by more, and it is paid for by giving up the gains above the strike. A covered call has almost the same payoff at expiry as selling a put at the same strike (put-call parity, ${'[parity](lesson:options_greeks.parity)'}): it is mainly a bet that the price will not fall, with a capped reward.`,
    },
    {
      type: 'text',
      title: 'Dividends and early assignment',
      content: tex`SPY pays its dividend to whoever owns the shares before the **ex-dividend date**. A call holder does not receive it, so on the day before an ex-dividend date the holder of an in-the-money call with little time value left may exercise it to own the shares and collect the dividend. A covered-call writer can then be assigned early and lose both the shares and the dividend. Check the ex-dividend dates before you write a call that may end in the money. (The paper account assigns only at expiry; a real broker can assign any day.)`,
    },
    {
      type: 'example',
      title: `100 SPY and one ${legLabel(ccCall)}`,
      source: SOURCE,
      content: tex`The builder's **Covered Call** sells the call whose delta is nearest 0.30 on the expiry nearest 30 days: the ${legLabel(ccCall)}, sold at the bid of ${m(ccCall.premium)} against 100 shares bought at ${m(S)}.

- Premium received: ${m(ccPremium)}, ${pct(ccYield)} of the share price for ${MONTH.daysToExpiry} days.
- Most it can make, if SPY ends at or above ${m(ccCall.strike)}: ${m(ccA.maxProfit)} (the shares' gain to the strike plus the premium).
- Breakeven at expiry: ${m(ccA.breakevens[0]!)}, the share price less the premium.
- Most it can lose, if SPY went to zero: ${money(ccA.maxLoss)}.

| SPY at expiry | shares alone | covered call |
|---|---|---|
${[cents(S * 0.95), ccA.breakevens[0]!, S, ccCall.strike, ccUp].map((p) => `| ${m(p)} | ${m(sharesOnly(p))} | ${m(cents(ccPnl(p)))} |`).join('\n')}

Above ${m(ccCall.strike)} the covered call stops gaining, while the shares alone keep going.`,
      figures: [
        figure('Most it can make', usd(ccA.maxProfit), tex`100 \times (K - S + \text{premium})`, [
          `K = ${usd(ccCall.strike)}`,
          `S = ${usd(S)}`,
          `premium = ${usd(ccCall.premium)}`,
        ]),
        figure('Breakeven at expiry', usd(ccA.breakevens[0]!), tex`S - \text{premium}`, [`S = ${usd(S)}`, `premium = ${usd(ccCall.premium)}`]),
      ],
    },
    strategyCard('covered-call', 'The Covered Call card', tex`The builder's card: it needs 100 shares for every call sold.`),
  ],
  check: check('basic_strategies.covered-call', [
    numerical(
      'max-profit',
      `You own 100 SPY bought at ${usd(S)} and sell one ${legLabel(ccCall)} at ${usd(ccCall.premium)}. What is the most the position can make at expiry, in dollars?`,
      ccA.maxProfit,
      `100 × (${usd(ccCall.strike)} − ${usd(S)} + ${usd(ccCall.premium)}) = ${usd(ccA.maxProfit)}.`,
    ),
    numerical(
      'breakeven',
      `Same position: what is its breakeven at expiry, in dollars?`,
      ccA.breakevens[0]!,
      `The share price less the premium: ${usd(S)} − ${usd(ccCall.premium)} = ${usd(ccA.breakevens[0]!)}.`,
    ),
    mc(
      'called-away',
      `SPY closes at ${usd(ccUp)} on the call's expiry day. What happens?`,
      [
        `Your shares are sold at ${usd(ccCall.strike)}; you keep the premium`,
        'You keep the shares and the premium',
        'You must buy 100 more shares',
        `You lose ${usd(dollars(ccUp - ccCall.strike))} on the call on top of the shares`,
      ],
      `Your shares are sold at ${usd(ccCall.strike)}; you keep the premium`,
      'The call is in the money, so it is exercised and you are assigned: the shares go at the strike. The gain above the strike is given up, not lost in cash.',
    ),
    tf(
      'dividend',
      'A covered-call writer can be assigned early just before an ex-dividend date, when the call is in the money with little time value left.',
      true,
      'The holder exercises to own the shares on the ex-dividend date and collect the dividend.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------------- 3. Cash-secured put

const csp = placed(SPY, 'cash-secured-put');
const cspPut = csp[0]!;
const cspA = analyzeAtExpiry(csp);
const cspCash = dollars(cspPut.strike);
const cspEffective = cspA.breakevens[0]!;
const cspReturn = cspPut.premium / cspPut.strike;
const laterCsp = legOf(contractAt(SPY, 'put', LATER.expiration, cspPut.strike), 'sell');
const laterCspEffective = analyzeAtExpiry([laterCsp]).breakevens[0]!;

const cashSecuredPut: Lesson = {
  id: 'basic_strategies.cash-secured-put',
  title: 'The cash-secured put',
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'Paid to wait for a lower price',
      content: tex`A **cash-secured put** is one put you sell while keeping aside the cash to buy the 100 shares at the strike, $K \times 100$. The paper account holds that cash back for as long as the put is open.

- SPY stays above the strike: the put expires worthless and you keep the premium.
- SPY ends below the strike: you are assigned and buy 100 shares at the strike. Having received the premium, your **effective purchase price** is $K - \text{premium}$.`,
    },
    {
      type: 'text',
      title: 'Assignment is the plan, not the accident',
      content: tex`Sell a cash-secured put only on something you would be glad to own, at a strike you would be glad to pay, with cash you can leave aside. If SPY falls hard, you still buy at the strike: the shares can be worth far less than you paid, and the premium covers only a little of that. The risk is that of owning the shares from the strike down, which is why its payoff looks like a covered call's.`,
    },
    {
      type: 'example',
      title: `Selling the ${legLabel(cspPut)}`,
      source: SOURCE,
      content: tex`The builder's **Cash-Secured Put** sells the put whose delta is nearest 0.30 on the expiry nearest 30 days: the ${legLabel(cspPut)}, sold at the bid of ${m(cspPut.premium)}.

- Cash held back: ${m(cspCash)}, the strike × 100.
- Premium received: ${m(dollars(cspPut.premium))}, ${pct(cspReturn)} of the cash held for ${MONTH.daysToExpiry} days.
- If assigned, the effective purchase price is ${m(cspEffective)}, ${pct(1 - cspEffective / S)} below SPY's close of ${m(S)}. That is also the breakeven at expiry.
- Most it can lose, if SPY went to zero: ${money(cspA.maxLoss)}.`,
      figures: [
        figure('Effective purchase price', usd(cspEffective), tex`K - \text{premium}`, [`K = ${usd(cspPut.strike)}`, `premium = ${usd(cspPut.premium)}`]),
        figure('Cash held back', usd(cspCash), tex`100 \times K`, [`K = ${usd(cspPut.strike)}`]),
      ],
    },
    payoff(
      `The ${legLabel(cspPut)}, sold at ${usd(cspPut.premium)}`,
      tex`Move the price: above ${m(cspPut.strike)} the premium is kept; below it the position loses like shares bought at ${m(cspEffective)}.`,
      csp,
    ),
    strategyCard('cash-secured-put', 'The Cash-Secured Put card', tex`The builder's card for the cash-secured put.`),
  ],
  check: check('basic_strategies.cash-secured-put', [
    numerical(
      'effective-price',
      `You sell the ${legLabel(laterCsp)} at its bid of ${usd(laterCsp.premium)} and are assigned at expiry. What is your effective purchase price per share, in dollars?`,
      laterCspEffective,
      `K − premium = ${usd(laterCsp.strike)} − ${usd(laterCsp.premium)} = ${usd(laterCspEffective)}.`,
    ),
    numerical(
      'cash',
      `How much cash does the paper account hold back for one cash-secured ${legLabel(cspPut)}, in dollars?`,
      cspCash,
      `The strike × 100: ${usd(cspPut.strike)} × 100 = ${usd(cspCash)}, enough to buy the shares if assigned.`,
    ),
    mc(
      'when',
      'When does selling a cash-secured put fit a plan?',
      [
        'When you would be glad to own the shares at the strike less the premium',
        'When you expect a sharp fall',
        'When you want unlimited profit',
        'When you do not have the cash for the shares',
      ],
      'When you would be glad to own the shares at the strike less the premium',
      'Assignment buys the shares at the strike; the strategy makes sense only if that purchase is one you want.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------- 4. Protective put and collar

const pp = placed(SPY, 'protective-put');
const ppPut = pp[0]!;
const ppA = withShares(SPY, pp).analysis;
const ppCost = dollars(ppPut.premium);
const collarLegs = placed(SPY, 'collar');
const [collarPut, collarCall] = collarLegs as [StrategyLeg, StrategyLeg];
const collarA = withShares(SPY, collarLegs).analysis;
const collarNet = collarCall.premium - collarPut.premium;
// The "zero-cost" collar: the call, above the spot, whose bid comes nearest the put's ask.
const zeroCall = strikesOf(SPY, MONTH.expiration)
  .filter((k) => k > S)
  .map((k) => legOf(contractAt(SPY, 'call', MONTH.expiration, k), 'sell'))
  .reduce((best, c) => (Math.abs(c.premium - collarPut.premium) < Math.abs(best.premium - collarPut.premium) ? c : best));
const zeroA = withShares(SPY, [collarPut, zeroCall]).analysis;
const zeroNet = exact(zeroCall.premium - collarPut.premium);

const protection: Lesson = {
  id: 'basic_strategies.protective-put-collar',
  title: 'Protective put and collar',
  minutes: 11,
  blocks: [
    {
      type: 'text',
      title: 'Insurance on shares you own',
      content: tex`A **protective put** is 100 shares plus one put bought on them. Below the put's strike, the put gains what the shares lose: the worst case is fixed at $(S - K + \text{premium}) \times 100$, however far the price falls. Above the strike the shares keep all their upside, less the premium.

The premium is the insurance cost, and like insurance it is often paid for nothing. A strike nearer the price protects more and costs more; a longer expiry costs more in total but less a day.`,
    },
    {
      type: 'text',
      title: 'The collar: paying for the put with a call',
      content: tex`A **collar** adds a call sold above the price to the protective put. The call's premium pays for some or all of the put; in exchange the gains stop at the call's strike. When the call's premium equals the put's, it is a **zero-cost collar**: no premium paid, but the upside is given away, which is a real cost if SPY rallies.`,
    },
    {
      type: 'example',
      title: `Protecting 100 SPY bought at ${usd(S)}`,
      source: SOURCE,
      content: tex`The builder's **Protective Put** buys the put whose delta is nearest 0.30: the ${legLabel(ppPut)} at the ask of ${m(ppPut.premium)}, ${m(ppCost)}, ${pct(ppCost / dollars(S))} of the shares' value for ${MONTH.daysToExpiry} days.

- Worst case at expiry: ${money(ppA.maxLoss)}, however low SPY goes.
- Breakeven: ${m(ppA.breakevens[0]!)}: SPY must rise by the premium before the insured shares make money.

The builder's **Collar** buys the ${legLabel(collarPut)} at ${m(collarPut.premium)} and sells the ${legLabel(collarCall)} at ${m(collarCall.premium)}, each near a 0.25 delta: a net ${collarNet >= 0 ? 'credit' : 'debit'} of ${m(Math.abs(dollars(collarNet)))}. It can lose at most ${money(collarA.maxLoss)} and make at most ${money(collarA.maxProfit)}.

Nearest to zero cost on this chain: the same put with the ${legLabel(zeroCall)} sold at ${m(zeroCall.premium)}, a net ${zeroNet >= 0 ? 'credit' : 'debit'} of ${m(Math.abs(dollars(zeroNet)))}; its gains stop at ${m(zeroA.maxProfit)}.`,
      figures: [
        figure('Protective put: worst case', usd(ppA.maxLoss), tex`-100 \times (S - K + \text{premium})`, [
          `S = ${usd(S)}`,
          `K = ${usd(ppPut.strike)}`,
          `premium = ${usd(ppPut.premium)}`,
        ]),
        figure('Collar: most it can make', usd(collarA.maxProfit), tex`100 \times (K_{\text{call}} - S + \text{call premium} - \text{put premium})`, [
          `K_call = ${usd(collarCall.strike)}`,
          `S = ${usd(S)}`,
          `call premium = ${usd(collarCall.premium)}`,
          `put premium = ${usd(collarPut.premium)}`,
        ]),
      ],
    },
    strategyCard('protective-put', 'The Protective Put card', tex`The builder's card: 100 shares and one put.`),
    strategyCard('collar', 'The Collar card', tex`The builder's card: 100 shares, a put bought below and a call sold above.`),
  ],
  check: check('basic_strategies.protective-put-collar', [
    numerical(
      'insurance-cost',
      `You buy one ${legLabel(ppPut)} at its ask of ${usd(ppPut.premium)} to protect 100 SPY. What does the protection cost, in dollars, before commission?`,
      ppCost,
      `100 × ${usd(ppPut.premium)} = ${usd(ppCost)}.`,
    ),
    numerical(
      'worst-case',
      `Shares bought at ${usd(S)} with that put: what is the most the position can lose at expiry, in dollars? (Answer as a positive number.)`,
      -ppA.maxLoss,
      `100 × (${usd(S)} − ${usd(ppPut.strike)} + ${usd(ppPut.premium)}) = ${usd(-ppA.maxLoss)}.`,
    ),
    mc(
      'collar-cost',
      'What does a zero-cost collar give up?',
      ['The gains above the call’s strike', 'Nothing at all', 'The dividends', 'The protection below the put’s strike'],
      'The gains above the call’s strike',
      'The sold call pays for the put; if SPY ends above the call’s strike, the shares are called away there.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------------------ 5. Debit verticals

const bcs = placed(SPY, 'bull-call-spread');
const bcsA = analyzeAtExpiry(bcs);
const bcsWidth = bcs[1]!.strike - bcs[0]!.strike;
const bcsDebit = exact(bcs[0]!.premium - bcs[1]!.premium);
const bps = placed(SPY, 'bear-put-spread');
const bpsA = analyzeAtExpiry(bps);
const bpsDebit = exact(bps[0]!.premium - bps[1]!.premium);
const bcsTheta = greeksOn(SPY, bcs).theta;
const lcTheta = greeksOn(SPY, longCall).theta;

const debitVerticals: Lesson = {
  id: 'basic_strategies.debit-verticals',
  title: 'Debit spreads: bull call and bear put',
  minutes: 11,
  blocks: [
    {
      type: 'text',
      title: 'Buy one, sell one further out',
      content: tex`A **vertical spread** is two options of the same type and expiry at different strikes, one bought and one sold. When the one bought costs more, you pay a **net debit**:

- **Bull call spread**: buy a call, sell a call at a higher strike. It gains if the price rises.
- **Bear put spread**: buy a put, sell a put at a lower strike. It gains if the price falls.

The sold option pays for part of the bought one, and caps the gain at the sold strike. At expiry:

$$\text{max loss} = \text{debit} \qquad \text{max profit} = \text{width} - \text{debit} \qquad \text{breakeven} = K_{\text{bought}} \pm \text{debit}$$

(× 100 a contract; the width is the distance between the strikes; $+$ for calls, $-$ for puts).`,
    },
    {
      type: 'text',
      title: 'Why trade a spread instead of the option alone',
      content: tex`A spread costs less and its breakeven is nearer, so it needs a smaller move; it also loses less to time and to a fall in IV, because the sold leg offsets part of what the bought leg loses. The price is the capped gain. It suits a view with a target: "SPY higher, but not past the sold strike by expiry". Choose the width first, since it sets both what you can make and what you risk.`,
    },
    {
      type: 'example',
      title: `A bull call spread and a bear put spread on the ${dateLabel(MONTH.expiration)} expiry`,
      source: SOURCE,
      content: tex`The builder's **Bull Call Spread** buys the call nearest the money and sells the call whose delta is nearest 0.30: buy the ${legLabel(bcs[0]!)} at ${m(bcs[0]!.premium)}, sell the ${legLabel(bcs[1]!)} at ${m(bcs[1]!.premium)}.

| | bull call spread | the ${K} call alone |
|---|---|---|
| cost (max loss) | ${money(bcsA.maxLoss)} | ${money(lcA.maxLoss)} |
| max profit | ${money(bcsA.maxProfit)} | ${money(lcA.maxProfit)} |
| breakeven | ${m(bcsA.breakevens[0]!)} | ${m(lcA.breakevens[0]!)} |
| theta a day | ${m(bcsTheta)} | ${m(lcTheta)} |

The builder's **Bear Put Spread** buys the ${legLabel(bps[0]!)} at ${m(bps[0]!.premium)} and sells the ${legLabel(bps[1]!)} at ${m(bps[1]!.premium)}: a debit of ${m(dollars(bpsDebit))}, at most ${money(bpsA.maxProfit)} to make, breakeven ${m(bpsA.breakevens[0]!)}.`,
      figures: [
        figure('Bull call spread: max loss', usd(bcsA.maxLoss), tex`-100 \times (\text{ask}_{\text{bought}} - \text{bid}_{\text{sold}})`, [
          `ask = ${usd(bcs[0]!.premium)}`,
          `bid = ${usd(bcs[1]!.premium)}`,
        ]),
        figure('Bull call spread: max profit', usd(bcsA.maxProfit), tex`100 \times (\text{width} - \text{debit})`, [
          `width = ${usd(bcsWidth)}`,
          `debit = ${usd(bcsDebit)}`,
        ]),
        figure('Bull call spread: breakeven', usd(bcsA.breakevens[0]!), tex`K_{\text{bought}} + \text{debit}`, [
          `K = ${usd(bcs[0]!.strike)}`,
          `debit = ${usd(bcsDebit)}`,
        ]),
      ],
    },
    payoff(
      'The bull call spread',
      tex`Move the price: below ${m(bcs[0]!.strike)} the debit is lost; above ${m(bcs[1]!.strike)} the gain stops at ${m(bcsA.maxProfit)}.`,
      bcs,
    ),
    strategyCard('bull-call-spread', 'The Bull Call Spread card', tex`The builder's card for the bull call spread.`),
    strategyCard('bear-put-spread', 'The Bear Put Spread card', tex`The builder's card for the bear put spread.`),
  ],
  check: check('basic_strategies.debit-verticals', [
    numerical(
      'max-loss',
      `You buy the ${legLabel(bcs[0]!)} at ${usd(bcs[0]!.premium)} and sell the ${legLabel(bcs[1]!)} at ${usd(bcs[1]!.premium)}. What is the most you can lose, in dollars, before commissions? (Answer as a positive number.)`,
      -bcsA.maxLoss,
      `The net debit × 100: (${usd(bcs[0]!.premium)} − ${usd(bcs[1]!.premium)}) × 100 = ${usd(-bcsA.maxLoss)}.`,
    ),
    numerical(
      'max-profit',
      'Same spread: what is the most it can make at expiry, in dollars?',
      bcsA.maxProfit,
      `(width − debit) × 100 = (${usd(bcsWidth)} − ${usd(bcsDebit)}) × 100 = ${usd(bcsA.maxProfit)}.`,
    ),
    numerical(
      'breakeven',
      'Same spread: what is its breakeven at expiry, in dollars?',
      bcsA.breakevens[0]!,
      `The bought strike plus the debit: ${usd(bcs[0]!.strike)} + ${usd(bcsDebit)} = ${usd(bcsA.breakevens[0]!)}.`,
    ),
    mc(
      'trade-off',
      'Compared with buying the call alone, a bull call spread…',
      ['costs less and caps the gain', 'costs more and has no cap', 'has unlimited risk', 'profits when the price falls'],
      'costs less and caps the gain',
      'The sold call pays for part of the bought one and gives away the gains above its strike.',
    ),
  ]),
};

// ----------------------------------------------------------------------------------------------- 6. Credit verticals

const bull = placed(SPY, 'bull-put-spread');
const bullA = analyzeAtExpiry(bull);
const bullWidth = bull[0]!.strike - bull[1]!.strike;
const bullCredit = exact(bull[0]!.premium - bull[1]!.premium);
const bear = placed(SPY, 'bear-call-spread');
const bearA = analyzeAtExpiry(bear);
const bearWidth = bear[1]!.strike - bear[0]!.strike;
const bearCredit = exact(bear[0]!.premium - bear[1]!.premium);
const popOf = (legs: StrategyLeg[]) => probabilityOfProfit(legs, { spot: S, iv: MONTH_ATM_IV, T: MONTH.daysToExpiry / 365, r: SPY.r, q: SPY.q }).probability;
const bullPop = popOf(bull);
const bearPop = popOf(bear);
/** The win rate at which full wins and full losses cancel: max loss ÷ (max loss + max profit). */
const bullNeeded = -bullA.maxLoss / (bullA.maxProfit - bullA.maxLoss);
// A $5-wide bull put spread under the same short strike: the width sets the risk.
const narrowBull = [bull[0]!, legOf(contractAt(SPY, 'put', MONTH.expiration, bull[0]!.strike - 5), 'buy')];
const narrowA = analyzeAtExpiry(narrowBull);

const creditVerticals: Lesson = {
  id: 'basic_strategies.credit-verticals',
  title: 'Credit spreads: bull put and bear call',
  minutes: 12,
  blocks: [
    {
      type: 'text',
      title: 'Sell one, buy one further out',
      content: tex`A **credit spread** sells an option and buys a cheaper one of the same type and expiry further from the money, for a **net credit**:

- **Bull put spread**: sell a put, buy a put at a lower strike. It keeps the credit if the price stays above the sold strike.
- **Bear call spread**: sell a call, buy a call at a higher strike. It keeps the credit if the price stays below the sold strike.

The bought option caps the loss. At expiry:

$$\text{max profit} = \text{credit} \qquad \text{max loss} = \text{width} - \text{credit} \qquad \text{breakeven} = K_{\text{sold}} \mp \text{credit}$$

(× 100 a contract; $-$ for puts, $+$ for calls). Time passing helps a credit spread while the price stays away from the sold strike.`,
    },
    {
      type: 'text',
      title: 'A high probability of profit is not an edge',
      content: tex`Credit spreads usually win more often than they lose, because they win in most places the price can end. But when they lose, they lose several times what they make when they win. The **probability of profit** (POP) measures only how often; what counts is how often × how much, and POP alone cannot tell you whether that is positive. Judge a credit spread by its maximum loss and by your plan for a losing trade (when to close it), not by its POP.`,
    },
    {
      type: 'text',
      title: 'Early assignment and expiry day',
      content: tex`Every vertical spread has a short leg, and at a real broker a short leg that is in the money can be assigned on any day. Then you hold shares instead of that option, next to the long leg:

- short put of a bull put spread assigned: 100 shares bought at the sold strike, plus the long put, which still limits the loss below its strike;
- short call of a bear call spread assigned: 100 shares sold short at the sold strike, plus the long call, which still limits the loss above its strike (and you owe any dividend while short).

The maximum loss of the pair stays about what the spread's was, but the account shows a large cash or stock figure until you close the rest: judge the **net position**, not the cash line. On expiry day, a price between the strikes leaves one leg in the money and the other not, so you would end with shares you did not plan for. Close a spread before the close on expiry day when the price is near the strikes. (The paper account assigns only at expiry.)`,
    },
    {
      type: 'example',
      title: `A bull put spread and a bear call spread on the ${dateLabel(MONTH.expiration)} expiry`,
      source: SOURCE,
      content: tex`The builder's **Bull Put Spread** sells the put whose delta is nearest 0.30 and buys the one nearest 0.15: sell the ${legLabel(bull[0]!)} at ${m(bull[0]!.premium)}, buy the ${legLabel(bull[1]!)} at ${m(bull[1]!.premium)}, a ${m(bullWidth)}-wide spread.

- Credit: ${m(dollars(bullCredit))}, the most it can make.
- Most it can lose: ${money(bullA.maxLoss)}, ${(-bullA.maxLoss / bullA.maxProfit).toFixed(1)} times the credit.
- Breakeven: ${m(bullA.breakevens[0]!)}. The builder's probability of profit, with the ${pct(MONTH_ATM_IV)} at-the-money IV: ${pct(bullPop, 0)}.
- If every loss were the maximum, it would have to win ${pct(bullNeeded, 0)} of the time just to break even. Losses between the strikes are smaller, so the true figure is lower, but a ${pct(bullPop, 0)} POP says nothing by itself about whether the trade pays.

The **Bear Call Spread** sells the ${legLabel(bear[0]!)} at ${m(bear[0]!.premium)} and buys the ${legLabel(bear[1]!)} at ${m(bear[1]!.premium)}: ${m(dollars(bearCredit))} in, at most ${money(bearA.maxLoss)} to lose, breakeven ${m(bearA.breakevens[0]!)}, probability of profit ${pct(bearPop, 0)}.

The width sets the risk: with the ${bull[0]!.strike} put sold and the ${bull[0]!.strike - 5} put bought instead (${m(5)} wide), the credit is ${m(narrowA.maxProfit)} and the most it can lose ${money(narrowA.maxLoss)}.`,
      figures: [
        figure('Bull put spread: max loss', usd(bullA.maxLoss), tex`-100 \times (\text{width} - \text{credit})`, [
          `width = ${usd(bullWidth)}`,
          `credit = ${usd(bullCredit)}`,
        ]),
        figure('Bull put spread: breakeven', usd(bullA.breakevens[0]!), tex`K_{\text{sold}} - \text{credit}`, [
          `K = ${usd(bull[0]!.strike)}`,
          `credit = ${usd(bullCredit)}`,
        ]),
        figure('Win rate needed if every loss were the maximum', pct(bullNeeded, 0), tex`\frac{\text{max loss}}{\text{max loss} + \text{max profit}}`, [
          `max loss = ${usd(-bullA.maxLoss)}`,
          `max profit = ${usd(bullA.maxProfit)}`,
        ]),
        figure('Bull put spread: probability of profit', pct(bullPop, 0), tex`P(S_T > \text{breakeven}) = N(d_2)`, [
          `S = ${usd(S)}`,
          `breakeven = ${usd(bullA.breakevens[0]!)}`,
          `σ = ${pct(MONTH_ATM_IV)}`,
          `T = ${MONTH.daysToExpiry}/365`,
          `r = ${pct(SPY.r)}`,
          `q = ${pct(SPY.q)}`,
        ]),
      ],
    },
    payoff(
      'The bull put spread',
      tex`Move the price: above ${m(bull[0]!.strike)} the credit is kept; below ${m(bull[1]!.strike)} the loss stops at ${money(bullA.maxLoss)}.`,
      bull,
    ),
    strategyCard('bull-put-spread', 'The Bull Put Spread card', tex`The builder's card for the bull put spread.`),
    strategyCard('bear-call-spread', 'The Bear Call Spread card', tex`The builder's card for the bear call spread.`),
  ],
  check: check('basic_strategies.credit-verticals', [
    numerical(
      'credit',
      `You sell the ${legLabel(bear[0]!)} at ${usd(bear[0]!.premium)} and buy the ${legLabel(bear[1]!)} at ${usd(bear[1]!.premium)}. What credit do you receive for one spread, in dollars, before commissions?`,
      bearA.maxProfit,
      `(${usd(bear[0]!.premium)} − ${usd(bear[1]!.premium)}) × 100 = ${usd(bearA.maxProfit)}.`,
    ),
    numerical(
      'max-loss',
      'Same spread: what is the most it can lose at expiry, in dollars? (Answer as a positive number.)',
      -bearA.maxLoss,
      `(width − credit) × 100 = (${usd(bearWidth)} − ${usd(bearCredit)}) × 100 = ${usd(-bearA.maxLoss)}.`,
    ),
    mc(
      'assigned',
      `The sold ${bull[0]!.strike} put of your ${bull[0]!.strike}/${bull[1]!.strike} bull put spread is assigned early. What do you hold?`,
      [
        `100 shares bought at ${usd(bull[0]!.strike)}, and the ${bull[1]!.strike} put, which still limits the loss`,
        'Nothing: the spread is closed at its maximum loss',
        `100 shares bought at ${usd(bull[1]!.strike)}`,
        'A cash debt with no limit',
      ],
      `100 shares bought at ${usd(bull[0]!.strike)}, and the ${bull[1]!.strike} put, which still limits the loss`,
      'Assignment turns the short put into shares bought at its strike; the long put is untouched and still caps the loss below its strike.',
    ),
    tf(
      'pop',
      'A credit spread with a 75% probability of profit is expected to make money.',
      false,
      'It wins often but loses several times as much when it loses. Whether it makes money depends on how often × how much; the probability of profit counts only how often.',
    ),
  ]),
};

// ---------------------------------------------------------------------------------- 7. LEAPS and the poor man's covered call

const deep = placed(SPY, 'deep-itm-call');
const leaps = modelLeaps(SPY, deep[0]!.strike);
const leapsValue = cents(leaps.value);
const leapsIntrinsic = cents(S - leaps.inputs.K);
const leapsExtrinsic = exact(leapsValue - leapsIntrinsic);
const leapsLeg: StrategyLeg = {
  action: 'buy',
  optionType: 'call',
  strike: leaps.inputs.K,
  premium: leapsValue,
  quantity: 1,
  expiration: leaps.expiration,
  underlying: SPY.underlying,
  iv: leaps.inputs.sigma,
};
const leapsG = greeksOn(SPY, [leapsLeg]);
const shortG = greeksOn(SPY, [ccCall]);
// The same strike bought on the 28-day expiry: what a month-long call loses a day.
const monthDeepTheta = cents(greeksOn(SPY, deep).theta);
const leapsTheta = cents(leapsG.theta);
const shortTheta = cents(shortG.theta);
const pmccDebit = exact(leapsValue - ccCall.premium);
const ccCapital = exact(dollars(S) - ccPremium);

const leapsPmcc: Lesson = {
  id: 'basic_strategies.leaps-pmcc',
  title: "LEAPS and the poor man's covered call",
  minutes: 10,
  blocks: [
    {
      type: 'text',
      title: 'LEAPS: options a year or more away',
      content: tex`**LEAPS** (Long-term Equity AnticiPation Securities) are options listed with more than a year to expiry. A deep in-the-money LEAPS call moves much like the shares for a fraction of their price, and its time value melts slowly, because decay is slow far from expiry.

It is not free: its premium still holds **extrinsic (time) value**, and you pay it whether or not the shares move. Compare that cost with what holding the shares would cost you in cash tied up.`,
    },
    {
      type: 'text',
      title: "The poor man's covered call",
      content: tex`A **poor man's covered call** (PMCC) writes short-dated calls against a long LEAPS call instead of against 100 shares. It is a **diagonal spread**: two calls at different strikes and different expiries.

- The LEAPS stands in for the shares, for much less capital.
- Each month a call is sold above the price; its fast decay is the income.
- A sharp rise past the short strike caps the gain: near its expiry the short call gains a dollar for each dollar SPY rises, the LEAPS less than that. You buy the short call back, or roll it, at a cost.
- The LEAPS can lose much of its value in a fall, and it receives no dividends. Unlike shares, it expires.`,
    },
    {
      type: 'example',
      title: 'A LEAPS call and a PMCC on SPY',
      source: `${SOURCE}. The snapshot's expiries end at ${LATER.daysToExpiry} days, so the one-year call is a model value from the American pricing core, not a quote.`,
      content: tex`The builder's **Deep In-the-Money Call** strike on the ${dateLabel(MONTH.expiration)} expiry was ${m(leaps.inputs.K)} (delta nearest 0.80). A call at that strike with one year to expiry, priced by the American pricing core at the ${pct(leaps.inputs.sigma)} IV of the ${dateLabel(leaps.sigmaFrom)} ${leaps.inputs.K} call, is worth about ${m(leapsValue)} a share:

- intrinsic value ${m(leapsIntrinsic)}, extrinsic value ${mp(leapsExtrinsic)} (${m(dollars(leapsExtrinsic))} a contract, paid for the year);
- a delta of ${(leapsG.delta / CONTRACT_MULTIPLIER).toFixed(2)}: it moves like ${leapsG.delta.toFixed(0)} shares;
- a theta of ${m(leapsTheta)} a day for the contract, where the ${legLabel(deep[0]!)}, the same strike a month out, loses ${m(-monthDeepTheta)} a day.

Selling the ${legLabel(ccCall)} (the covered call's call) at ${m(ccCall.premium)} against the LEAPS costs ${m(dollars(pmccDebit))} net, against ${m(ccCapital)} for the covered call on 100 shares: ${pct(dollars(pmccDebit) / ccCapital, 0)} of the capital. The sold call's decay earns ${m(shortTheta)} a day while the LEAPS loses ${m(-leapsTheta)}.`,
      figures: [
        figure('One-year call (model value)', usd(leapsValue), tex`C_{\text{American}}(S, K, T, \sigma, r, q)`, [
          `S = ${usd(S)}`,
          `K = ${usd(leaps.inputs.K)}`,
          `T = ${leaps.days}/365`,
          `σ = ${pct(leaps.inputs.sigma)}`,
          `r = ${pct(SPY.r)}`,
          `q = ${pct(SPY.q)}`,
        ]),
        figure('Its extrinsic value', perShare(leapsExtrinsic), tex`C - (S - K)`, [`C = ${usd(leapsValue)}`, `S = ${usd(S)}`, `K = ${usd(leaps.inputs.K)}`]),
        figure('PMCC net cost', usd(dollars(pmccDebit)), tex`100 \times (C - \text{bid}_{\text{short call}})`, [
          `C = ${usd(leapsValue)}`,
          `bid = ${usd(ccCall.premium)}`,
        ]),
      ],
    },
    strategyCard(
      'deep-itm-call',
      'The Deep In-the-Money Call card',
      tex`The builder's card for a deep in-the-money call, the long leg of a PMCC (the builder places it on the expiry nearest 30 days; choose a LEAPS expiry on a real chain).`,
    ),
    strategyCard(
      'bull-call-diagonal',
      'The Bull Call Diagonal card',
      tex`The builder's diagonal: a call sold on the near expiry, a deeper call bought on a later one. A PMCC is this shape with a LEAPS as the later leg.`,
    ),
  ],
  check: check('basic_strategies.leaps-pmcc', [
    numerical(
      'extrinsic',
      `A one-year SPY call with a ${usd(leaps.inputs.K)} strike is worth ${usd(leapsValue)} with SPY at ${usd(S)}. How much of that, per share, is extrinsic (time) value?`,
      leapsExtrinsic,
      `${usd(leapsValue)} − (${usd(S)} − ${usd(leaps.inputs.K)}) = ${perShare(leapsExtrinsic)}.`,
    ),
    tf(
      'decay',
      'A one-year call loses time value faster each day than a one-month call on the same stock.',
      false,
      `Decay is slowest far from expiry: the one-year ${leaps.inputs.K} call loses ${usd(-leapsTheta)} a day (model value), the ${legLabel(deep[0]!)} ${usd(-monthDeepTheta)}.`,
    ),
    mc(
      'replaces',
      "In a poor man's covered call, the long LEAPS call takes the place of…",
      ['the 100 shares', 'the short call', 'the cash reserve of a short put', 'a protective put'],
      'the 100 shares',
      'Calls are written against the LEAPS instead of against shares, for less capital.',
    ),
  ]),
};

// ------------------------------------------------------------------------------------------------------ Module quiz

const qBps = [legOf(contractAt(SPY, 'put', LATER.expiration, K), 'buy'), legOf(contractAt(SPY, 'put', LATER.expiration, K - 10), 'sell')];
const qBpsA = analyzeAtExpiry(qBps);
const qBull = [
  legOf(contractAt(SPY, 'put', LATER.expiration, cspPut.strike), 'sell'),
  legOf(contractAt(SPY, 'put', LATER.expiration, cspPut.strike - 5), 'buy'),
];
const qBullA = analyzeAtExpiry(qBull);
const qCc = withShares(SPY, [laterCc]).analysis;

const quiz: Quiz = {
  id: 'basic_strategies.quiz',
  passingScore: 80,
  questions: [
    numerical(
      'bear-put-loss',
      `You buy the ${legLabel(qBps[0]!)} at ${usd(qBps[0]!.premium)} and sell the ${legLabel(qBps[1]!)} at ${usd(qBps[1]!.premium)}. What is the most you can lose, in dollars, before commissions? (Answer as a positive number.)`,
      -qBpsA.maxLoss,
      `A debit spread risks its debit: (${usd(qBps[0]!.premium)} − ${usd(qBps[1]!.premium)}) × 100 = ${usd(-qBpsA.maxLoss)}.`,
    ),
    numerical(
      'bull-put-loss',
      `You sell the ${legLabel(qBull[0]!)} at ${usd(qBull[0]!.premium)} and buy the ${legLabel(qBull[1]!)} at ${usd(qBull[1]!.premium)}. What is the most you can lose at expiry, in dollars? (Answer as a positive number.)`,
      -qBullA.maxLoss,
      `(width − credit) × 100 = (${usd(5)} − ${usd(exact(qBull[0]!.premium - qBull[1]!.premium))}) × 100 = ${usd(-qBullA.maxLoss)}.`,
    ),
    numerical(
      'bull-put-breakeven',
      'Same bull put spread: what is its breakeven at expiry, in dollars?',
      qBullA.breakevens[0]!,
      `The sold strike less the credit: ${usd(qBull[0]!.strike)} − ${usd(exact(qBull[0]!.premium - qBull[1]!.premium))} = ${usd(qBullA.breakevens[0]!)}.`,
    ),
    numerical(
      'covered-call-breakeven',
      `You buy 100 SPY at ${usd(S)} and sell one ${legLabel(laterCc)} at its bid of ${usd(laterCc.premium)}. What is the breakeven at expiry, in dollars?`,
      qCc.breakevens[0]!,
      `The share price less the premium: ${usd(S)} − ${usd(laterCc.premium)} = ${usd(qCc.breakevens[0]!)}.`,
    ),
    mc(
      'unlimited',
      'Which of these has an unlimited maximum profit?',
      ['Protective put', 'Covered call', 'Collar', 'Bull put spread'],
      'Protective put',
      'The shares keep all their upside; the put only limits the downside. The others cap the gain.',
    ),
    mc(
      'credit',
      'Which of these is opened for a net credit?',
      ['Bull put spread', 'Bull call spread', 'Bear put spread', 'Protective put'],
      'Bull put spread',
      'It sells the more expensive put (the higher strike) and buys a cheaper one below it.',
    ),
    tf(
      'debit-max-loss',
      'The most a debit spread can lose, before commissions, is the net debit paid.',
      true,
      'At worst both options expire worthless and the debit is gone; nothing beyond it can be lost.',
    ),
    mc(
      'hedge',
      'You own 100 SPY and want protection below a price for little or no premium, accepting a cap on your gains. Which strategy fits?',
      ['A collar', 'A covered call', 'A cash-secured put', 'A long call'],
      'A collar',
      'The bought put sets the floor; the sold call pays for it and sets the cap.',
    ),
    mc(
      'view',
      'You expect SPY to rise modestly over the next month and want a defined, small risk. Which fits best?',
      ['A bull call spread', 'A long put', 'A bear call spread', 'A cash-secured put on a stock you do not want'],
      'A bull call spread',
      'It profits from a rise up to the sold strike and can lose only its debit.',
    ),
    tf(
      'csp-assignment',
      'If a cash-secured put is assigned, you buy 100 shares at the strike, however far below it the price has fallen.',
      true,
      'That is the obligation the premium paid you for: plan for assignment before you sell.',
    ),
    mc(
      'pmcc-risk',
      "What can go wrong with a poor man's covered call?",
      [
        'A fall in SPY cuts the LEAPS’s value while the short calls earn only a little',
        'Its loss is unlimited if SPY rises',
        'It needs 100 shares',
        'The LEAPS cannot be sold before expiry',
      ],
      'A fall in SPY cuts the LEAPS’s value while the short calls earn only a little',
      'The long LEAPS carries the position’s downside, much as the shares do in a covered call; the short call is covered by it, so a rise does not bring unlimited loss.',
    ),
  ],
};

// ------------------------------------------------------------------------------------------------ Practical exercise

/** The exercise's risk budget: at most $500 for the spread. */
const MAX_LOSS = 500;
// The widest bull call spread above the at-the-money call whose natural debit stays within the budget, and a
// $5-wide bull put spread at the builder's short strike: two ways to meet the exercise on the snapshot's chain.
const bcsCandidates = strikesOf(SPY, MONTH.expiration)
  .filter((k) => k > K)
  .map((k) => [legOf(nearestTheMoney(SPY, 'call', MONTH.expiration), 'buy'), legOf(contractAt(SPY, 'call', MONTH.expiration, k), 'sell')])
  .filter((legs) => -analyzeAtExpiry(legs).maxLoss + 2 * COMMISSION <= MAX_LOSS);
const exampleBcs = bcsCandidates[bcsCandidates.length - 1]!;
const exampleBcsA = analyzeAtExpiry(exampleBcs);
const exampleBcsMid = exact(
  midOf(contractAt(SPY, 'call', MONTH.expiration, exampleBcs[0]!.strike)) - midOf(contractAt(SPY, 'call', MONTH.expiration, exampleBcs[1]!.strike)),
);
const narrowMid = exact(
  midOf(contractAt(SPY, 'put', MONTH.expiration, narrowBull[0]!.strike)) - midOf(contractAt(SPY, 'put', MONTH.expiration, narrowBull[1]!.strike)),
);

export const definedRiskSpread: PracticalExercise = {
  id: 'basic_strategies.defined-risk-spread',
  title: 'A defined-risk spread',
  description: `Open a bull call spread or a bull put spread on SPY in your paper account, with a limit order, risking at most ${usd(MAX_LOSS)}.`,
  scenario: `You expect SPY to rise, or at least not to fall, over the next month, and you will risk at most ${usd(MAX_LOSS)} on the view. Choose a bull call spread (a debit: buy a call, sell a higher one) or a bull put spread (a credit: sell a put, buy a lower one) on an expiry 20 to 45 days away. Pick the strikes so that the most the spread can lose is ${usd(MAX_LOSS)} or less. Place it with limit orders at or better than the mid, and write down before you trade what would make you close it.`,
  requirements: [
    {
      type: 'position',
      description: `Hold a bull call spread or a bull put spread on SPY with 20 to 45 days to expiry whose most possible loss is ${usd(MAX_LOSS)} or less`,
      criteria: { strategy: ['bull-call-spread', 'bull-put-spread'], underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 45, maxLoss: MAX_LOSS },
    },
    {
      type: 'order',
      description:
        'Place it with a limit order at or better than the mid when placed: a buy at or below its mid, a sale at or above it (for a spread sent as one order, a debit no higher than the net mid, a credit no lower)',
      criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' },
    },
  ],
  hints: [
    'Open the builder, choose Bull Call Spread or Bull Put Spread from the ready-made strategies, and pick an expiry 20 to 45 days away.',
    `A bull call spread can lose its debit; a bull put spread can lose its width less its credit. Either way, × 100 a contract: keep it within ${usd(MAX_LOSS)}. A $5-wide bull put spread risks $500 less its credit, before commissions.`,
    "The builder's ready-made placement may be wider than your budget: move the sold call's strike down, or the bought put's strike up, until the maximum loss fits.",
    "In the builder, choose Limit at a net price under the legs: the limit starts at the spread's net mid, a debit for a bull call spread and a credit for a bull put spread, and Trade All sends both legs as one order at that net price. A debit no higher than the net mid, or a credit no lower, meets the requirement.",
    'With the default fill model (the natural price) a limit at the mid rests until the quotes reach it, and a day order that has not filled expires at the close. The mid fill model in the account settings fills it at once, and flatters. A spread sent as one order at a net limit also avoids the risk of legging in: the price moving between one leg and the next.',
  ],
  solution: `Two ways on the ${dateLabel(SPY.session)} chain, ${MONTH.daysToExpiry} days to expiry. A bull call spread: buy the ${legLabel(exampleBcs[0]!)} and sell the ${legLabel(exampleBcs[1]!)}, whose mid was a ${perShare(exampleBcsMid)} debit; at the natural prices the debit is ${usd(-exampleBcsA.maxLoss)}, within ${usd(MAX_LOSS)} with two ${usd(COMMISSION)} commissions. A bull put spread: sell the ${legLabel(narrowBull[0]!)} and buy the ${legLabel(narrowBull[1]!)}, a mid credit of ${perShare(narrowMid)}; at natural prices it takes in ${usd(narrowA.maxProfit)} and can lose at most ${usd(-narrowA.maxLoss)}. Sent from the builder as one order with Limit at a net price: for the bull call spread a net debit of at most ${perShare(exampleBcsMid)}, for the bull put spread a net credit of at least ${perShare(narrowMid)}. On the day you trade, do the same with that day's quotes.`,
};

export const basicStrategies: LearningModule = {
  id: 'basic_strategies',
  title: 'Basic Strategies',
  description:
    "The first strategies to know, each from the builder's own template on a real SPY chain: long calls and puts, covered calls, cash-secured puts, protective puts and collars, debit and credit vertical spreads, LEAPS and the poor man's covered call.",
  difficulty: 'beginner',
  estimatedTime: 75,
  prerequisites: ['options_basics'],
  objectives: [
    'Choose a long call or put with enough time, and know what implied volatility adds to its price',
    'Compute the yield, the capped gain and the breakeven of a covered call, and know when it can be assigned early',
    'Sell a cash-secured put only at a price you would pay, and compute the effective purchase price',
    'Price the insurance of a protective put, and what a collar gives up for it',
    'Compute the maximum loss, maximum profit and breakeven of debit and credit vertical spreads',
    'Read a probability of profit together with the maximum loss, never alone',
    "Explain the extrinsic cost of a LEAPS call and how a poor man's covered call replaces the shares",
  ],
  lessons: [longOptions, coveredCall, cashSecuredPut, protection, debitVerticals, creditVerticals, leapsPmcc],
  quiz,
  practicalExercise: definedRiskSpread,
};
