import { isIsoDate } from '../market/dates';
import { analyzeAtExpiry } from './payoff';
import type { ExpiryAnalysis, OptionType, StrategyLeg } from './types';

/**
 * Leg validation (spec part 3 §5): per named strategy, errors that make the legs invalid and warnings that
 * do not, with the spec's texts word for word where it quotes them.
 *
 * Our wording (the spec describes the rule without quoting a text): every message built below that is not
 * marked "spec" in SPEC_TEXTS — e.g. 'Must have 2 puts and 2 calls' is the spec's, 'The lower put must be
 * bought and the higher put sold' is ours. OUR_TEXTS lists ours.
 */

export interface ValidationResult {
  valid: boolean;
  errors: string[];
  warnings: string[];
  /** Expiry figures of one lot (net premium credit-positive, max profit/loss, breakevens) when the legs are well formed. */
  figures?: ExpiryAnalysis;
}

export type ExpirationRule = 'same' | 'different';
/** 'call' / 'put': every leg of that type; 'call+put': both types present; 'same': one type, either. */
export type OptionTypeRule = 'call' | 'put' | 'call+put' | 'same';

export interface StrategyRequirement {
  minLegs: number;
  /** Infinity when open-ended. */
  maxLegs: number;
  optionTypes: OptionTypeRule;
  expirations: ExpirationRule;
}

/** Texts the spec quotes word for word. */
export const SPEC_TEXTS = {
  noLegs: 'No legs selected',
  unknownStrategy: (name: string) => `Unknown strategy: ${name}`,
  bullCallLegs: 'Bull Call Spread requires exactly 2 legs',
  oneBuyOneSell: 'Must have one buy leg and one sell leg',
  bothCalls: 'Both legs must be call options',
  sameUnderlying: 'Both legs must have the same underlying asset',
  sameExpiration: 'Both legs must have the same expiration date',
  buyCallLower: 'Buy call strike must be lower than sell call strike',
  sameQuantity: 'Both legs must have the same quantity',
  sameContract: 'Cannot use the same contract for both legs',
  buyLowLiquidity: 'Buy leg has low liquidity',
  sellLowLiquidity: 'Sell leg has low liquidity',
  noProfit: 'This spread has no profit potential at current prices',
  buyPutHigher: 'Buy put strike must be higher than sell put strike',
  sellCallLower: 'Sell call strike must be lower than buy call strike',
  netCredit: 'This spread should generate a net credit',
  oneCallOnePut: 'Must have one call and one put',
  straddleBuys: 'Both legs must be buys for a long straddle',
  straddleStrike: 'Call and put must have the same strike price for a straddle',
  strangleStrikes: 'Call strike must be higher than put strike for a strangle',
  twoPutsTwoCalls: 'Must have 2 puts and 2 calls',
  ironCondorCredit: 'Iron Condor should be a net credit strategy',
  ratioSellMore: 'Sell leg must have more contracts than buy leg for ratio spread',
  singleLeg: 'Single-leg strategy requires exactly 1 contract',
  calendarLegs: 'Calendar spread requires exactly 2 legs',
} as const;

/** Our wording, where the spec states a rule without quoting its text. */
export const OUR_TEXTS = {
  exactLegs: (name: string, n: number) => `${name} requires exactly ${n} legs`,
  legRange: (name: string, min: number, max: number) => `${name} requires ${min} or ${max} legs`,
  atLeastLegs: (name: string, n: number) => `${name} requires at least ${n} legs`,
  bothPuts: 'Both legs must be put options',
  allCalls: 'All legs must be call options',
  allPuts: 'All legs must be put options',
  allSameUnderlying: 'All legs must have the same underlying asset',
  allSameExpiration: 'All legs must have the same expiration date',
  sellPutHigher: 'Sell put strike must be higher than buy put strike',
  strangleBuys: 'Both legs must be buys for a long strangle',
  strangleEqual: 'Call and put have the same strike: this is a straddle, not a strangle',
  condorPuts: 'The lower put must be bought and the higher put sold',
  condorCalls: 'The lower call must be sold and the higher call bought',
  condorOrder: 'Put strikes must be below call strikes',
  condorCredit: (name: string) => `${name} should be a net credit strategy`,
  sameType: 'All legs must be the same option type',
  threeStrikes: 'A butterfly needs exactly 3 different strikes',
  oneSellLeg: 'Must have exactly one sell leg',
  buyLegNeeded: 'Must have at least one buy leg',
  backSpreadRatio: 'Buy quantity should be greater than sell quantity for a back spread',
  putBoughtCallSold: 'The put must be bought and the call sold',
  riskReversalRisk: 'Unlimited risk if the price rises above the short call strike',
  syntheticStrike: 'Call and put must have the same strike price for a synthetic future',
  syntheticRisk: 'Unlimited upside risk: a short synthetic future loses like short stock as the price rises',
  callRatioRisk: 'Unlimited risk if the price rises far above the sold calls',
  putRatioRisk: 'Significant risk if the price falls far below the sold puts',
  bothBuys: (name: string) => `Both legs must be buys for a ${name.toLowerCase()}`,
  stripRatio: 'A strip needs 2 puts for every call',
  strapRatio: 'A strap needs 2 calls for every put',
  strikesDiffer: (name: string) => `Call and put strikes differ; a ${name.toLowerCase()} normally uses one strike`,
  singleLegKind: (name: string, action: 'buy' | 'sell', type: OptionType) => `${name} must ${action} a ${type} option`,
  nakedCallRisk: 'Selling a call without owning the shares has unlimited risk',
  coveredCallShares: 'A covered call needs 100 shares of the underlying for each call sold',
  calendarExpirations: 'A calendar spread needs different expiration dates',
  calendarLongLater: 'The bought option must expire after the sold option',
  calendarStrikes: 'Strikes differ: this is a diagonal spread rather than a calendar',
  badStrike: 'Every leg needs a strike above zero',
  badQuantity: 'Every leg needs a whole quantity of at least 1',
  badPremium: 'Every leg needs a premium of zero or more',
  badExpiration: 'Every leg needs an expiration date (YYYY-MM-DD)',
} as const;

const two = (optionTypes: OptionTypeRule, expirations: ExpirationRule = 'same'): StrategyRequirement => ({ minLegs: 2, maxLegs: 2, optionTypes, expirations });
const four: StrategyRequirement = { minLegs: 4, maxLegs: 4, optionTypes: 'call+put', expirations: 'same' };
const single = (optionTypes: 'call' | 'put'): StrategyRequirement => ({ minLegs: 1, maxLegs: 1, optionTypes, expirations: 'same' });

/**
 * The requirements table (spec part 3 §5): legs, option types and expirations per strategy. Bull Put Spread and
 * Long Calendar with Calls are ours, the mirror images of Bear Call Spread and Long Calendar with Puts.
 */
export const STRATEGY_REQUIREMENTS = {
  'Bull Call Spread': two('call'),
  'Bear Put Spread': two('put'),
  'Bear Call Spread': two('call'),
  'Bull Put Spread': two('put'),
  Straddle: two('call+put'),
  'Long Straddle': two('call+put'),
  Strangle: two('call+put'),
  'Long Strangle': two('call+put'),
  'Iron Condor': four,
  'Bear Condor': four,
  'Butterfly Spread': { minLegs: 3, maxLegs: 4, optionTypes: 'same', expirations: 'same' },
  'Bear Butterfly': { minLegs: 3, maxLegs: 4, optionTypes: 'same', expirations: 'same' },
  'Put Ratio Back Spread': { minLegs: 2, maxLegs: Infinity, optionTypes: 'put', expirations: 'same' },
  'Risk Reversal': two('call+put'),
  'Short Synthetic Future': two('call+put'),
  'Call Ratio Spread': two('call'),
  'Put Ratio Spread': two('put'),
  Strip: two('call+put'),
  Strap: two('call+put'),
  'Long Iron Butterfly': four,
  'Long Iron Condor': four,
  'Long Call': single('call'),
  'Long Put': single('put'),
  'Buy Put': single('put'),
  'Cash-Secured Put': single('put'),
  'Covered Call': single('call'),
  'Sell Call': single('call'),
  'Long Calendar with Puts': two('put', 'different'),
  'Long Calendar with Calls': two('call', 'different'),
} as const satisfies Record<string, StrategyRequirement>;

export type KnownStrategy = keyof typeof STRATEGY_REQUIREMENTS;
export const KNOWN_STRATEGIES = Object.keys(STRATEGY_REQUIREMENTS) as KnownStrategy[];

/** The validator's name for a strategy (exact, else case- and space-insensitive), or null. */
export function knownStrategy(name: string): KnownStrategy | null {
  const key = name.trim().replace(/\s+/g, ' ');
  if (key in STRATEGY_REQUIREMENTS) return key as KnownStrategy;
  return KNOWN_STRATEGIES.find((k) => k.toLowerCase() === key.toLowerCase()) ?? null;
}

interface Ctx {
  name: string;
  legs: readonly StrategyLeg[];
  req: StrategyRequirement;
  errors: string[];
  warnings: string[];
  figures?: ExpiryAnalysis;
}

const isBuy = (l: StrategyLeg) => l.action === 'buy';
const isSell = (l: StrategyLeg) => l.action === 'sell';
const isCall = (l: StrategyLeg) => l.optionType === 'call';
const isPut = (l: StrategyLeg) => l.optionType === 'put';
const sum = (legs: readonly StrategyLeg[]) => legs.reduce((s, l) => s + l.quantity, 0);
const allSame = <T>(legs: readonly StrategyLeg[], f: (l: StrategyLeg) => T) => legs.every((l) => f(l) === f(legs[0]!));
const lacksLiquidity = (l: StrategyLeg) => l.openInterest === 0 && l.volume === 0;

function sameContract(a: StrategyLeg, b: StrategyLeg): boolean {
  if (a.contractTicker && b.contractTicker) return a.contractTicker === b.contractTicker;
  return a.underlying === b.underlying && a.optionType === b.optionType && a.strike === b.strike && a.expiration === b.expiration;
}

/** Leg count against the table; false stops the strategy's other rules (they assume the count). */
function countRule(ctx: Ctx, message?: string): boolean {
  const { minLegs, maxLegs } = ctx.req;
  const n = ctx.legs.length;
  if (n >= minLegs && n <= maxLegs) return true;
  ctx.errors.push(
    message ??
      (minLegs === maxLegs
        ? OUR_TEXTS.exactLegs(ctx.name, minLegs)
        : maxLegs === Infinity
          ? OUR_TEXTS.atLeastLegs(ctx.name, minLegs)
          : OUR_TEXTS.legRange(ctx.name, minLegs, maxLegs)),
  );
  return false;
}

/** Option types against the table ('call+put' is checked by each rule, which knows the counts). */
function typeRule(ctx: Ctx): void {
  const { optionTypes } = ctx.req;
  const twoLegs = ctx.legs.length === 2;
  if (optionTypes === 'call' && !ctx.legs.every(isCall)) ctx.errors.push(twoLegs ? SPEC_TEXTS.bothCalls : OUR_TEXTS.allCalls);
  if (optionTypes === 'put' && !ctx.legs.every(isPut)) ctx.errors.push(twoLegs ? OUR_TEXTS.bothPuts : OUR_TEXTS.allPuts);
  if (optionTypes === 'same' && !allSame(ctx.legs, (l) => l.optionType)) ctx.errors.push(OUR_TEXTS.sameType);
}

function underlyingRule(ctx: Ctx): void {
  if (!allSame(ctx.legs, (l) => l.underlying)) ctx.errors.push(ctx.legs.length === 2 ? SPEC_TEXTS.sameUnderlying : OUR_TEXTS.allSameUnderlying);
}

/** Same expiration where the table says so; the calendar's 'different' rule is the calendar's own. */
function expirationRule(ctx: Ctx): void {
  if (ctx.req.expirations === 'same' && !allSame(ctx.legs, (l) => l.expiration))
    ctx.errors.push(ctx.legs.length === 2 ? SPEC_TEXTS.sameExpiration : OUR_TEXTS.allSameExpiration);
}

function quantityRule(ctx: Ctx): void {
  if (!allSame(ctx.legs, (l) => l.quantity)) ctx.errors.push(SPEC_TEXTS.sameQuantity);
}

function liquidityWarnings(ctx: Ctx): void {
  if (ctx.legs.some((l) => isBuy(l) && lacksLiquidity(l))) ctx.warnings.push(SPEC_TEXTS.buyLowLiquidity);
  if (ctx.legs.some((l) => isSell(l) && lacksLiquidity(l))) ctx.warnings.push(SPEC_TEXTS.sellLowLiquidity);
}

/** The four vertical spreads: one buy and one sell of one type, ordered strikes, equal quantities. */
function vertical(
  ctx: Ctx,
  strikesOk: (buy: StrategyLeg, sell: StrategyLeg) => boolean,
  strikeMessage: string,
  kind: 'debit' | 'credit',
  countMessage?: string,
): void {
  if (!countRule(ctx, countMessage)) return;
  const buy = ctx.legs.find(isBuy);
  const sell = ctx.legs.find(isSell);
  const oneEach = ctx.legs.filter(isBuy).length === 1 && ctx.legs.filter(isSell).length === 1;
  if (!oneEach) ctx.errors.push(SPEC_TEXTS.oneBuyOneSell);
  typeRule(ctx);
  underlyingRule(ctx);
  expirationRule(ctx);
  const typesOk = ctx.legs.every((l) => l.optionType === ctx.req.optionTypes);
  if (oneEach && typesOk && buy && sell && !strikesOk(buy, sell)) ctx.errors.push(strikeMessage);
  quantityRule(ctx);
  if (sameContract(ctx.legs[0]!, ctx.legs[1]!)) ctx.errors.push(SPEC_TEXTS.sameContract);
  liquidityWarnings(ctx);
  if (oneEach && ctx.figures) {
    if (kind === 'debit' && ctx.figures.maxProfit <= 0) ctx.warnings.push(SPEC_TEXTS.noProfit);
    if (kind === 'credit' && ctx.figures.netPremium <= 0) ctx.warnings.push(SPEC_TEXTS.netCredit);
  }
}

/** One call and one put, for the two-leg combinations; returns them when present. */
function callAndPut(ctx: Ctx): { call: StrategyLeg; put: StrategyLeg } | null {
  const call = ctx.legs.find(isCall);
  const put = ctx.legs.find(isPut);
  if (ctx.legs.filter(isCall).length !== 1 || ctx.legs.filter(isPut).length !== 1 || !call || !put) {
    ctx.errors.push(SPEC_TEXTS.oneCallOnePut);
    return null;
  }
  return { call, put };
}

function straddle(ctx: Ctx): void {
  if (!countRule(ctx)) return;
  const pair = callAndPut(ctx);
  if (!ctx.legs.every(isBuy)) ctx.errors.push(SPEC_TEXTS.straddleBuys);
  underlyingRule(ctx);
  expirationRule(ctx);
  if (pair && pair.call.strike !== pair.put.strike) ctx.errors.push(SPEC_TEXTS.straddleStrike);
  quantityRule(ctx);
}

function strangle(ctx: Ctx): void {
  if (!countRule(ctx)) return;
  const pair = callAndPut(ctx);
  if (!ctx.legs.every(isBuy)) ctx.errors.push(OUR_TEXTS.strangleBuys);
  underlyingRule(ctx);
  expirationRule(ctx);
  if (pair && pair.call.strike < pair.put.strike) ctx.errors.push(SPEC_TEXTS.strangleStrikes);
  if (pair && pair.call.strike === pair.put.strike) ctx.warnings.push(OUR_TEXTS.strangleEqual);
  quantityRule(ctx);
}

/** Lower put bought, higher put sold, lower call sold, higher call bought (the iron condor and iron butterfly pattern). */
function ironPattern(ctx: Ctx): { puts: StrategyLeg[]; calls: StrategyLeg[] } | null {
  const puts = ctx.legs.filter(isPut).sort((a, b) => a.strike - b.strike);
  const calls = ctx.legs.filter(isCall).sort((a, b) => a.strike - b.strike);
  if (puts.length !== 2 || calls.length !== 2) {
    ctx.errors.push(SPEC_TEXTS.twoPutsTwoCalls);
    return null;
  }
  const [p1, p2] = puts as [StrategyLeg, StrategyLeg];
  const [c1, c2] = calls as [StrategyLeg, StrategyLeg];
  if (!(p1.strike < p2.strike && isBuy(p1) && isSell(p2))) ctx.errors.push(OUR_TEXTS.condorPuts);
  if (!(c1.strike < c2.strike && isSell(c1) && isBuy(c2))) ctx.errors.push(OUR_TEXTS.condorCalls);
  return { puts, calls };
}

function ironCondor(ctx: Ctx): void {
  if (!countRule(ctx)) return;
  const pattern = ironPattern(ctx);
  underlyingRule(ctx);
  expirationRule(ctx);
  if (pattern && pattern.puts[1]!.strike >= pattern.calls[0]!.strike) ctx.errors.push(OUR_TEXTS.condorOrder);
  if (ctx.figures && ctx.figures.netPremium <= 0) ctx.warnings.push(OUR_TEXTS.condorCredit(ctx.name));
}

function longIron(ctx: Ctx): void {
  if (!countRule(ctx)) return;
  ironPattern(ctx);
  underlyingRule(ctx);
  expirationRule(ctx);
}

function butterfly(ctx: Ctx): void {
  if (!countRule(ctx)) return;
  underlyingRule(ctx);
  expirationRule(ctx);
  typeRule(ctx);
  if (new Set(ctx.legs.map((l) => l.strike)).size !== 3) ctx.errors.push(OUR_TEXTS.threeStrikes);
}

function putRatioBackSpread(ctx: Ctx): void {
  if (!countRule(ctx)) return;
  const sells = ctx.legs.filter(isSell);
  const buys = ctx.legs.filter(isBuy);
  if (sells.length !== 1) ctx.errors.push(OUR_TEXTS.oneSellLeg);
  if (buys.length < 1) ctx.errors.push(OUR_TEXTS.buyLegNeeded);
  typeRule(ctx);
  underlyingRule(ctx);
  expirationRule(ctx);
  const sell = sells[0];
  if (sells.length === 1 && sell && buys.some((b) => sell.strike <= b.strike)) ctx.errors.push(OUR_TEXTS.sellPutHigher);
  if (sells.length === 1 && buys.length > 0 && sum(buys) <= sum(sells)) ctx.warnings.push(OUR_TEXTS.backSpreadRatio);
}

function putBoughtCallSold(ctx: Ctx, sameStrike: boolean, risk: string): void {
  if (!countRule(ctx)) return;
  const pair = callAndPut(ctx);
  if (pair && !(isBuy(pair.put) && isSell(pair.call))) ctx.errors.push(OUR_TEXTS.putBoughtCallSold);
  if (sameStrike && pair && pair.call.strike !== pair.put.strike) ctx.errors.push(OUR_TEXTS.syntheticStrike);
  underlyingRule(ctx);
  expirationRule(ctx);
  ctx.warnings.push(risk);
}

function ratioSpread(ctx: Ctx, type: OptionType): void {
  if (!countRule(ctx)) return;
  const buys = ctx.legs.filter(isBuy);
  const sells = ctx.legs.filter(isSell);
  const oneEach = buys.length === 1 && sells.length === 1;
  if (!oneEach) ctx.errors.push(SPEC_TEXTS.oneBuyOneSell);
  typeRule(ctx);
  underlyingRule(ctx);
  expirationRule(ctx);
  const buy = buys[0],
    sell = sells[0];
  if (oneEach && buy && sell) {
    if (sell.quantity <= buy.quantity) ctx.errors.push(SPEC_TEXTS.ratioSellMore);
    const typesOk = ctx.legs.every((l) => l.optionType === type);
    if (typesOk && type === 'call' && !(buy.strike < sell.strike)) ctx.errors.push(SPEC_TEXTS.buyCallLower);
    if (typesOk && type === 'put' && !(buy.strike > sell.strike)) ctx.errors.push(SPEC_TEXTS.buyPutHigher);
  }
  ctx.warnings.push(type === 'call' ? OUR_TEXTS.callRatioRisk : OUR_TEXTS.putRatioRisk);
}

function stripOrStrap(ctx: Ctx, kind: 'strip' | 'strap'): void {
  if (!countRule(ctx)) return;
  const pair = callAndPut(ctx);
  if (!ctx.legs.every(isBuy)) ctx.errors.push(OUR_TEXTS.bothBuys(ctx.name));
  underlyingRule(ctx);
  expirationRule(ctx);
  if (pair) {
    const ok = kind === 'strip' ? pair.put.quantity === 2 * pair.call.quantity : pair.call.quantity === 2 * pair.put.quantity;
    if (!ok) ctx.errors.push(kind === 'strip' ? OUR_TEXTS.stripRatio : OUR_TEXTS.strapRatio);
    if (pair.call.strike !== pair.put.strike) ctx.warnings.push(OUR_TEXTS.strikesDiffer(ctx.name));
  }
}

function singleLeg(ctx: Ctx, action: 'buy' | 'sell', warning?: string): void {
  if (!countRule(ctx, SPEC_TEXTS.singleLeg)) return;
  const leg = ctx.legs[0]!;
  if (leg.action !== action || leg.optionType !== ctx.req.optionTypes)
    ctx.errors.push(OUR_TEXTS.singleLegKind(ctx.name, action, ctx.req.optionTypes as OptionType));
  if (warning) ctx.warnings.push(warning);
}

function calendar(ctx: Ctx): void {
  if (!countRule(ctx, SPEC_TEXTS.calendarLegs)) return;
  typeRule(ctx);
  const buy = ctx.legs.find(isBuy);
  const sell = ctx.legs.find(isSell);
  if (!(buy && sell)) ctx.errors.push(SPEC_TEXTS.oneBuyOneSell);
  underlyingRule(ctx);
  quantityRule(ctx);
  if (allSame(ctx.legs, (l) => l.expiration)) ctx.warnings.push(OUR_TEXTS.calendarExpirations);
  else if (buy && sell && buy.expiration < sell.expiration) ctx.errors.push(OUR_TEXTS.calendarLongLater);
  if (!allSame(ctx.legs, (l) => l.strike)) ctx.warnings.push(OUR_TEXTS.calendarStrikes);
}

const RULES: Record<KnownStrategy, (ctx: Ctx) => void> = {
  'Bull Call Spread': (c) => vertical(c, (b, s) => b.strike < s.strike, SPEC_TEXTS.buyCallLower, 'debit', SPEC_TEXTS.bullCallLegs),
  'Bear Put Spread': (c) => vertical(c, (b, s) => b.strike > s.strike, SPEC_TEXTS.buyPutHigher, 'debit'),
  'Bear Call Spread': (c) => vertical(c, (b, s) => s.strike < b.strike, SPEC_TEXTS.sellCallLower, 'credit'),
  'Bull Put Spread': (c) => vertical(c, (b, s) => s.strike > b.strike, OUR_TEXTS.sellPutHigher, 'credit'),
  Straddle: straddle,
  'Long Straddle': straddle,
  Strangle: strangle,
  'Long Strangle': strangle,
  'Iron Condor': ironCondor,
  'Bear Condor': ironCondor,
  'Butterfly Spread': butterfly,
  'Bear Butterfly': butterfly,
  'Put Ratio Back Spread': putRatioBackSpread,
  'Risk Reversal': (c) => putBoughtCallSold(c, false, OUR_TEXTS.riskReversalRisk),
  'Short Synthetic Future': (c) => putBoughtCallSold(c, true, OUR_TEXTS.syntheticRisk),
  'Call Ratio Spread': (c) => ratioSpread(c, 'call'),
  'Put Ratio Spread': (c) => ratioSpread(c, 'put'),
  Strip: (c) => stripOrStrap(c, 'strip'),
  Strap: (c) => stripOrStrap(c, 'strap'),
  'Long Iron Butterfly': longIron,
  'Long Iron Condor': longIron,
  'Long Call': (c) => singleLeg(c, 'buy'),
  'Long Put': (c) => singleLeg(c, 'buy'),
  'Buy Put': (c) => singleLeg(c, 'buy'),
  'Cash-Secured Put': (c) => singleLeg(c, 'sell'),
  'Covered Call': (c) => singleLeg(c, 'sell', OUR_TEXTS.coveredCallShares),
  'Sell Call': (c) => singleLeg(c, 'sell', OUR_TEXTS.nakedCallRisk),
  'Long Calendar with Puts': calendar,
  'Long Calendar with Calls': calendar,
};

/** Malformed legs (our wording): strikes, quantities, premiums and dates the figures cannot use. */
function legShapeErrors(legs: readonly StrategyLeg[]): string[] {
  const errors: string[] = [];
  if (legs.some((l) => !(Number.isFinite(l.strike) && l.strike > 0))) errors.push(OUR_TEXTS.badStrike);
  if (legs.some((l) => !(Number.isInteger(l.quantity) && l.quantity >= 1))) errors.push(OUR_TEXTS.badQuantity);
  if (legs.some((l) => !(Number.isFinite(l.premium) && l.premium >= 0))) errors.push(OUR_TEXTS.badPremium);
  if (legs.some((l) => typeof l.expiration !== 'string' || !isIsoDate(l.expiration))) errors.push(OUR_TEXTS.badExpiration);
  return errors;
}

/**
 * Validates the legs of a named strategy (spec part 3 §5): 'No legs selected' with no legs, 'Unknown strategy:
 * {name}' for a name outside the requirements table, else the strategy's rules. Errors make it invalid;
 * warnings do not. Figures (expiry analysis of one lot) come back whenever the legs are well formed.
 */
export function validateStrategy(name: string, legs: readonly StrategyLeg[]): ValidationResult {
  if (legs.length === 0) return { valid: false, errors: [SPEC_TEXTS.noLegs], warnings: [] };
  const known = knownStrategy(name);
  if (!known) return { valid: false, errors: [SPEC_TEXTS.unknownStrategy(name)], warnings: [] };
  const shapeErrors = legShapeErrors(legs);
  const figures = shapeErrors.length === 0 ? analyzeAtExpiry(legs) : undefined;
  const ctx: Ctx = { name: known, legs, req: STRATEGY_REQUIREMENTS[known], errors: [...shapeErrors], warnings: [], figures };
  RULES[known](ctx);
  return { valid: ctx.errors.length === 0, errors: ctx.errors, warnings: ctx.warnings, ...(figures ? { figures } : {}) };
}
