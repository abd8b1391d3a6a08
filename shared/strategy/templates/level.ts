import { levelForOpening, type TradingLevel } from '../../compliance/levels';
import type { StrategyTemplate } from './types';

/**
 * The options trading level a template's opening order needs (the paper engine's rule, `levelForOpening`), or null
 * when it sells calls that neither shares nor long calls cover, which no level allows.
 */
export function templateLevel(t: Pick<StrategyTemplate, 'legs' | 'requiresShares'>): TradingLevel | null {
  const calls = (action: 'buy' | 'sell') => t.legs.filter((l) => l.optionType === 'call' && l.action === action).reduce((s, l) => s + l.quantity, 0);
  if (calls('sell') > calls('buy') + Math.floor((t.requiresShares ?? 0) / 100)) return null;
  return levelForOpening(t.legs.map((l) => ({ side: l.action })));
}

/** The templates a level opens: those that need exactly that level (each level keeps what the ones below allow). */
export function templatesOpenedAt(level: number, templates: readonly StrategyTemplate[]): StrategyTemplate[] {
  return templates.filter((t) => templateLevel(t) === level);
}

/** The level every Beginner template can be placed at: the highest level any of them needs. */
export function beginnerLevel(templates: readonly StrategyTemplate[]): TradingLevel {
  return templates.filter((t) => t.complexity === 'beginner').reduce<TradingLevel>((top, t) => Math.max(top, templateLevel(t) ?? 0) as TradingLevel, 0);
}
