/** Options trading levels (spec part 3 §3, §6), with a plain explanation for learners. */
export const TRADING_LEVELS = [
  { level: 0, name: 'Disabled', allows: 'No options trading. You can still read chains and learn.' },
  {
    level: 1,
    name: 'Basic',
    allows: 'Covered calls (selling calls against 100 shares per contract you own) and cash-secured puts (selling puts with cash set aside to buy the shares).',
  },
  { level: 2, name: 'Standard', allows: 'Everything in Basic, plus buying calls and puts: the most you can lose is the premium you pay.' },
  {
    level: 3,
    name: 'Advanced',
    allows:
      'Everything in Standard, plus spreads (vertical, calendar, diagonal), iron condors, butterflies, straddles and strangles, placed as one multi-leg order.',
  },
] as const;

export const levelName = (level: number): string => TRADING_LEVELS.find((l) => l.level === level)?.name ?? 'Unknown';

/** Naked selling is not allowed at any level. */
export const NAKED_SELLING_NOTE = 'Naked selling (selling calls without the shares or a protecting long call) is not allowed at any level.';

export type TradingLevel = (typeof TRADING_LEVELS)[number]['level'];

/**
 * The level an order's opening legs need (spec part 3 §6): none to close; one opening buy needs Standard (2); one
 * opening sale (a covered call or a cash-secured put) Basic (1); two or more opening legs, a spread or combination,
 * Advanced (3). The paper engine checks orders with it and the template library shows it.
 */
export function levelForOpening(openingLegs: readonly { side: 'buy' | 'sell' }[]): TradingLevel {
  if (openingLegs.length === 0) return 0;
  if (openingLegs.length >= 2) return 3;
  return openingLegs[0]!.side === 'buy' ? 2 : 1;
}
