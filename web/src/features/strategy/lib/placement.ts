import { placeTemplate, templateExpiries as expiriesOf, type StrategyTemplate } from '@shared/strategy';
import type { BuilderLeg } from './legs';
import type { ChainView } from '@web/api/market';

/** The expiries a template's legs go on ('30d' and '60d'), so their chains can be loaded before placing it. */
export function templateExpiries(template: Pick<StrategyTemplate, 'legs'>, expirations: readonly string[], today: string): string[] {
  const { front, back } = expiriesOf(template, expirations, today);
  return [front, back].filter((e): e is string => e !== undefined);
}

export type Placement = { ok: true; legs: BuilderLeg[] } | { ok: false; message: string };

/** The template's legs on the real strike grid of the loaded chains (shared/strategy placeTemplate). */
export function placeOnChains(
  template: StrategyTemplate,
  expirations: readonly string[],
  chains: readonly ChainView[],
  today: string,
  idPrefix: string,
): Placement {
  const spot = chains[0]?.underlying.price;
  if (spot === undefined) return { ok: false, message: 'The options chain has not loaded yet.' };
  const result = placeTemplate(template, { spot, expirations, contracts: chains.flatMap((c) => c.contracts) }, { today });
  if (!result.ok) return { ok: false, message: `${template.name} cannot be placed on this chain: ${result.error.message}.` };
  return {
    ok: true,
    legs: result.legs.map((l, i) => ({
      id: `${idPrefix}-${i}`,
      action: l.action,
      optionType: l.optionType,
      expiration: l.expiration,
      strike: l.strike,
      lots: l.quantity,
      snap: true,
    })),
  };
}
