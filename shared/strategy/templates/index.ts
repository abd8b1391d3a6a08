import { BEARISH_TEMPLATES } from './bearish';
import { BULLISH_TEMPLATES } from './bullish';
import { NEUTRAL_TEMPLATES } from './neutral';
import type { StrategyCategory, StrategyTemplate } from './types';
import { VOLATILITY_TEMPLATES } from './volatility';

export type * from './types';
export { beginnerLevel, templateLevel, templatesOpenedAt } from './level';

/** The ready-made strategies (spec part 3 §3), in tab order: bullish, bearish, neutral, volatility ("Others"). */
export const STRATEGY_TEMPLATES: readonly StrategyTemplate[] = [...BULLISH_TEMPLATES, ...BEARISH_TEMPLATES, ...NEUTRAL_TEMPLATES, ...VOLATILITY_TEMPLATES];

export const TEMPLATE_CATEGORIES: readonly { type: StrategyCategory; label: string }[] = [
  { type: 'bullish', label: 'Bullish' },
  { type: 'bearish', label: 'Bearish' },
  { type: 'neutral', label: 'Neutral' },
  { type: 'volatility', label: 'Others' },
];

export const templateById = (id: string): StrategyTemplate | undefined => STRATEGY_TEMPLATES.find((t) => t.id === id);

/**
 * The Ready-made panel's list: templates of one tab whose name or description contains the query
 * (case-insensitive, trimmed). An empty result is the panel's 'No strategies found'.
 */
export function searchTemplates(query: string, type?: StrategyCategory): StrategyTemplate[] {
  const q = query.trim().toLowerCase();
  return STRATEGY_TEMPLATES.filter(
    (t) => (type === undefined || t.type === type) && (q === '' || t.name.toLowerCase().includes(q) || t.description.toLowerCase().includes(q)),
  );
}
