import { z } from 'zod';
import type { ChainView } from '@shared/market/market-reader';
import { exerciseStyle, RISK_FREE_RATE } from '@shared/market/underlyings';
import { americanGreeks, americanImpliedVol, greeks, impliedVol, inDisplayUnits, price as europeanPrice } from '@shared/pricing';
import {
  payoffCurve,
  placeTemplate,
  positionGreeks,
  searchTemplates,
  strategySummary,
  TEMPLATE_CATEGORIES,
  templateById,
  templateExpiries,
  type StrategyLeg,
} from '@shared/strategy';
import { templateLevel } from '@shared/strategy/templates/level';
import type { StrategyCategory, StrategyTemplate } from '@shared/strategy/templates/types';
import { clean, ratesFor } from '@shared/strategy/valuation';
import { daysBetween } from '@shared/market/dates';
import { fromRoute, toolAnswer, toolRefusal } from '../route-call';
import { call, defineTool, IsoDate, READS, Ticker, todayOf, type ToolContext } from '../tool';

/** The most legs a strategy analysed here has: twice what one order carries, so two orders' legs can be weighed together. */
export const MAX_ANALYSED_LEGS = 8;

const Positive = (what: string) => z.number().finite().gt(0, `${what} must be above 0`);

// ------------------------------------------------------------------------------------------------ price_option

export const priceOption = defineTool({
  name: 'price_option',
  title: 'Price an option',
  description:
    "Prices one option and its Greeks with the product's own engines: European style by Black-Scholes-Merton, American style by Andersen-Lake-Offengenden (early exercise included; its early-exercise premium over the European price is given). Give the time either as an expiry date or as days to expiry, and the volatility either directly (0.25 = 25%) or as a market premium to solve the implied volatility from. Rates are continuously compounded (0.04 = 4%); the dividend yield defaults to the underlying's when one is named, else 0. Answers the price per share and per contract (× 100), and delta, gamma, theta per calendar day, vega per 1 volatility point and rho per 1 rate point, per share.",
  input: {
    type: z.enum(['call', 'put']).describe('Call or put'),
    style: z
      .enum(['american', 'european'])
      .optional()
      .describe("Exercise style; default the underlying's (US stocks and ETFs American, cash-settled indices European), else American"),
    spot: Positive('The spot').describe("The underlying's price"),
    strike: Positive('The strike').describe('The strike price'),
    expiry: IsoDate.optional().describe('The expiration date, YYYY-MM-DD (or give days)'),
    days: z.number().finite().min(0, 'must be 0 or more').max(3650, 'at most 10 years').optional().describe('Calendar days to expiry (or give expiry)'),
    volatility: z
      .number()
      .finite()
      .min(0, 'must be 0 or more')
      .max(5, 'at most 5 (500%)')
      .optional()
      .describe('Annualised volatility, 0.25 = 25% (or give premium)'),
    premium: Positive('The premium').optional().describe('A market premium per share to solve the implied volatility from (or give volatility)'),
    rate: z.number().finite().min(-0.1).max(0.5).optional().describe(`Risk-free rate, continuously compounded; default ${RISK_FREE_RATE}`),
    dividendYield: z.number().finite().min(0).max(0.5).optional().describe("Continuous dividend yield; default the underlying's, else 0"),
    underlying: Ticker.optional().describe('The underlying, for its dividend yield and exercise style'),
  },
  annotations: READS,
  run: async (args, ctx) => {
    if ((args.expiry === undefined) === (args.days === undefined)) return toolRefusal('Give either expiry (a date) or days (to expiry), one of them.');
    if ((args.volatility === undefined) === (args.premium === undefined))
      return toolRefusal('Give either volatility or premium (to solve the implied volatility from), one of them.');
    const today = todayOf(ctx);
    if (args.expiry !== undefined && args.expiry < today) return toolRefusal(`The expiry ${args.expiry} is before today (${today} in New York).`);
    const days = args.days ?? daysBetween(today, args.expiry!);
    const T = days / 365;
    const { r, q } = ratesFor(args.underlying, { r: args.rate, q: args.dividendYield });
    const style = args.style ?? (args.underlying ? exerciseStyle(args.underlying) : 'american');
    const base = { type: args.type, S: args.spot, K: args.strike, T, r, q };
    try {
      let sigma = args.volatility;
      if (sigma === undefined) {
        const solved = (style === 'american' ? americanImpliedVol : impliedVol)({ ...base, price: args.premium! });
        if (!Number.isFinite(solved)) {
          return toolRefusal(
            `No volatility gives a premium of ${args.premium} for this ${style} ${args.type}: it is outside what the option can be worth (below its intrinsic value, or above the ${args.type === 'call' ? 'spot' : 'strike'}), or the option has expired.`,
          );
        }
        sigma = solved;
      }
      const input = { ...base, sigma };
      const g = inDisplayUnits(style === 'american' ? americanGreeks(input) : greeks(input));
      const european = style === 'american' ? europeanPrice(input) : g.price;
      return toolAnswer({
        model: style === 'american' ? 'American: Andersen-Lake-Offengenden' : 'European: Black-Scholes-Merton',
        inputs: { type: args.type, style, spot: args.spot, strike: args.strike, days, years: T, rate: r, dividendYield: q, volatility: sigma },
        ...(args.volatility === undefined ? { impliedVolatility: sigma } : {}),
        price: g.price,
        pricePerContract: g.price * 100,
        ...(style === 'american' ? { earlyExercisePremium: Math.max(0, g.price - european) } : {}),
        greeks: { delta: g.delta, gamma: g.gamma, theta: g.theta, vega: g.vega, rho: g.rho },
        units: 'price per share; theta per calendar day, vega per 1 volatility point, rho per 1 rate point, per share',
      });
    } catch (err) {
      // The engines name a bad input in words (RangeError: "S must be a positive finite number, got -1").
      return toolRefusal(err instanceof RangeError ? err.message : 'The option could not be priced with these inputs.');
    }
  },
});

// --------------------------------------------------------------------------------------------- analyse_strategy

const Leg = z.object({
  action: z.enum(['buy', 'sell']).describe('Buy (long) or sell (short)'),
  optionType: z.enum(['call', 'put']),
  strike: Positive('The strike'),
  premium: z.number().finite().min(0, 'must be 0 or more').describe('Price per share the leg trades at (the mark from get_chain)'),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'at most 100').default(1).describe('Contracts per lot (the ratio)'),
  expiration: IsoDate.describe('The leg’s expiration date, YYYY-MM-DD'),
  iv: z.number().finite().min(0).max(5).nullish().describe('Implied volatility of the leg (0.25 = 25%); solved from the premium when absent'),
});

interface Analysed {
  spot: number;
  asOf: string;
  lots: number;
}

/** The builder's figures for legs at a spot: expiry figures, probability of profit, Greeks and a payoff table. */
export function analyseLegs(legs: readonly StrategyLeg[], { spot, asOf, lots }: Analysed, iv?: number) {
  const options = { spot, asOf, multiplier: lots, ...(iv !== undefined ? { iv } : {}) };
  const summary = strategySummary(legs, options);
  const greeks = positionGreeks(legs, options);
  const curve = payoffCurve(legs, { ...options, points: 13, from: 0.85, to: 1.15 });
  return {
    spot,
    asOf,
    lots,
    netPremium: summary.netPremium,
    debitOrCredit: summary.debitCredit,
    maxProfit: summary.maxProfit,
    maxLoss: summary.maxLoss,
    breakevens: summary.breakevens.map(clean),
    rewardRisk: summary.rewardRisk,
    probabilityOfProfit: summary.pop,
    probabilityMethod: summary.popMethod,
    timeValue: clean(summary.timeValue),
    greeks: {
      delta: clean(greeks.delta),
      gamma: clean(greeks.gamma),
      theta: clean(greeks.theta),
      vega: clean(greeks.vega),
      rho: clean(greeks.rho),
    },
    payoff: curve.map((p) => ({
      price: Math.round(p.price * 100) / 100,
      atExpiry: Math.round(p.expiry * 100) / 100,
      today: p.target === null ? null : Math.round(p.target * 100) / 100,
    })),
    units:
      'dollars for the whole position (premium × quantity × 100 × lots); netPremium positive for a credit; maxLoss negative for a loss; Greeks: delta in shares, theta per day, vega and rho per 1 point',
  };
}

/** The underlying's last price, from the quotes route. */
async function spotOf(ctx: ToolContext, underlying: string): Promise<number | string> {
  const answer = await call(ctx, 'GET /api/market/quotes', { query: { tickers: underlying.toUpperCase() } });
  if (!answer.ok) return answer.message;
  const quote = (answer.body as { quotes: { ticker: string; price: number }[] }).quotes.find((q) => q.ticker.toUpperCase() === underlying.toUpperCase());
  return quote ? quote.price : `${underlying.toUpperCase()} is not a listed underlying here; give spot.`;
}

export const analyseStrategy = defineTool({
  name: 'analyze_strategy',
  title: 'Analyse a strategy',
  description: `The strategy builder's analysis of up to ${MAX_ANALYSED_LEGS} option legs on one underlying: net premium (credit or debit), maximum profit and loss ("unlimited" where so), breakevens, reward/risk, probability of profit (lognormal, at the legs' implied volatility), time value, position Greeks, and a payoff table at expiry and today from 85% to 115% of the spot. Dollars for the whole position (× 100 a contract × lots). Premiums are per share: take marks from get_chain. The spot defaults to the underlying's last price.`,
  input: {
    underlying: Ticker,
    legs: z.array(Leg).min(1, 'a strategy needs at least one leg').max(MAX_ANALYSED_LEGS, `at most ${MAX_ANALYSED_LEGS} legs`),
    spot: Positive('The spot').optional().describe("The underlying's price; default its last price"),
    lots: z.number().int('must be a whole number').min(1).max(100).default(1).describe('How many of the whole position (a multiplier)'),
    asOf: IsoDate.optional().describe('The valuation date; default today in New York'),
    iv: z
      .number()
      .finite()
      .gt(0)
      .max(5)
      .optional()
      .describe("The volatility for the probability of profit (the chain's at-the-money IV); default the legs' mean"),
  },
  annotations: READS,
  run: async (args, ctx) => {
    const asOf = args.asOf ?? todayOf(ctx);
    const expired = args.legs.find((l) => l.expiration < asOf);
    if (expired) return toolRefusal(`A leg expires on ${expired.expiration}, before ${asOf}: every leg must expire on or after the valuation date.`);
    const spot = args.spot ?? (await spotOf(ctx, args.underlying));
    if (typeof spot === 'string') return toolRefusal(spot);
    const underlying = args.underlying.toUpperCase();
    const legs: StrategyLeg[] = args.legs.map((l) => ({ ...l, underlying }));
    try {
      return toolAnswer({ underlying, ...analyseLegs(legs, { spot, asOf, lots: args.lots }, args.iv) });
    } catch (err) {
      return toolRefusal(err instanceof RangeError ? err.message : 'The strategy could not be analysed with these legs.');
    }
  },
});

// -------------------------------------------------------------------------------------------------- templates

const CATEGORY_TUPLE = TEMPLATE_CATEGORIES.map((c) => c.type) as [StrategyCategory, ...StrategyCategory[]];

/** A template as a model reads it: what it is, when it fits, its risk and reward in words, and how its legs are placed. */
export const templateInWords = (t: StrategyTemplate) => ({
  id: t.id,
  name: t.name,
  category: t.type,
  complexity: t.complexity,
  description: t.description,
  optionsLevel: templateLevel(t),
  maxRisk: t.maxRisk,
  maxProfit: t.maxProfit,
  breakevens: t.breakevens,
  bestMarketConditions: t.bestMarketConditions,
  timeDecay: t.timeDecay,
  volatilityImpact: t.volatilityImpact,
  ...(t.requiresShares ? { requiresShares: t.requiresShares } : {}),
  legs: t.legs.map((l) => ({
    action: l.action,
    optionType: l.optionType,
    quantity: l.quantity,
    expiration: l.expiration === '30d' ? 'nearest 30 days' : 'nearest 60 days',
  })),
});

export const listTemplates = defineTool({
  name: 'list_templates',
  title: 'Strategy templates',
  description:
    'The ready-made strategy templates (verticals, condors, butterflies, straddles, calendars...), each with its id, category (bullish, bearish, neutral, volatility), complexity, the options level its opening order needs (null: sells calls nothing covers, which no level allows), maximum risk and profit and breakevens in words, and its legs. Place one on a real chain with place_template.',
  input: {
    category: z.enum(CATEGORY_TUPLE).optional().describe('Only templates of this outlook'),
    search: z.string().max(60).optional().describe('Words in the name or description, e.g. "iron" or "spread"'),
  },
  annotations: READS,
  run: async ({ category, search }) => {
    const found = searchTemplates(search ?? '', category);
    return toolAnswer({ templates: found.map(templateInWords), total: found.length });
  },
});

export const placeTemplateTool = defineTool({
  name: 'place_template',
  title: 'Place a template on a chain',
  description:
    "Places a strategy template on an underlying's real chain, as the builder does: each leg on the listed expiry nearest 30 (or 60) days and at the strike its rule names (at the money, listed strikes away, or a target delta), priced at the chain's marks. Answers the legs with their OCC contracts and premiums, the builder's analysis (as analyze_strategy), and the order legs to send to place_order. Places nothing by itself.",
  input: {
    templateId: z.string().min(1).max(60).describe('The template id from list_templates, e.g. "bull-call-spread"'),
    underlying: Ticker,
    lots: z.number().int('must be a whole number').min(1).max(100).default(1).describe('How many of the whole position'),
  },
  annotations: READS,
  run: async ({ templateId, underlying, lots }, ctx) => {
    const template = templateById(templateId.trim());
    if (!template) return toolRefusal(`No template has the id '${templateId}'. list_templates names them.`);
    const listed = await call(ctx, 'GET /api/market/{underlying}/expiries', { params: { underlying } });
    if (!listed.ok) return fromRoute(listed);
    const expirations = (listed.body as { expiries: { expiration_date: string }[] }).expiries.map((e) => e.expiration_date);
    const today = todayOf(ctx);
    const { front, back } = templateExpiries(template, expirations, today);
    const wanted = [front, back].filter((e): e is string => e !== undefined);
    const chains: ChainView[] = [];
    for (const expiry of wanted) {
      const answer = await call(ctx, 'GET /api/market/{underlying}/chain', { params: { underlying }, query: { expiry } });
      if (!answer.ok) return fromRoute(answer);
      chains.push(answer.body as ChainView);
    }
    const spot = chains[0]?.underlying.price;
    if (spot === undefined) return toolRefusal(`${template.name} cannot be placed: no expiration of ${underlying.toUpperCase()} after ${today} is listed.`);
    const placed = placeTemplate(template, { spot, expirations, contracts: chains.flatMap((c) => c.contracts) }, { today });
    if (!placed.ok) return toolRefusal(`${template.name} cannot be placed on this chain: ${placed.error.message}.`);
    const legs = placed.legs;
    return toolAnswer({
      template: { id: template.id, name: template.name },
      underlying: underlying.toUpperCase(),
      legs: legs.map((l) => ({
        action: l.action,
        optionType: l.optionType,
        strike: l.strike,
        expiration: l.expiration,
        quantity: l.quantity * lots,
        premium: l.premium,
        contract: l.contractTicker,
        iv: l.iv ?? null,
        openInterest: l.openInterest ?? null,
        volume: l.volume ?? null,
      })),
      ...(template.requiresShares ? { requiresShares: template.requiresShares * lots } : {}),
      analysis: analyseLegs(legs, { spot, asOf: today, lots }),
      orderLegs: legs.map((l) => ({ contract: l.contractTicker!, side: l.action, quantity: l.quantity * lots })),
      strategy: template.name,
    });
  },
});

export const ANALYSIS_TOOLS = [priceOption, analyseStrategy, listTemplates, placeTemplateTool];
