import type { Action, OptionType } from '../types';
import type { ExampleLeg, StrikeIntent, TemplateExpiration, TemplateLeg } from './types';

/** Shorthands that keep the template tables readable. */
const leg =
  (action: Action) =>
  (optionType: OptionType, place: StrikeIntent, quantity = 1, expiration: TemplateExpiration = '30d'): TemplateLeg => ({
    action,
    optionType,
    strike: 0,
    expiration,
    quantity,
    place,
  });
export const buy = leg('buy');
export const sell = leg('sell');

/** The strike nearest the spot, then `steps` listed strikes up (+) or down (−). */
export const atm = (steps = 0): StrikeIntent => (steps === 0 ? { at: 'atm' } : { at: 'atm', steps });
/** The strike whose |delta| is closest to d, at least `steps` listed strikes beyond leg `leg` when given. */
export const delta = (d: number, beyond?: { leg: number; steps: number }): StrikeIntent => (beyond ? { delta: d, beyond } : { delta: d });
/** The strike of another leg (nearest listed), optionally moved by the distance from leg `from` to leg `to`, then `steps`. */
export const sameAs = (legIndex: number, plus?: { from: number; to: number }, steps = 0): StrikeIntent => ({
  leg: legIndex,
  ...(plus ? { plus } : {}),
  ...(steps ? { steps } : {}),
});

const exampleLeg =
  (action: Action) =>
  (optionType: OptionType, strike: number, premium: number, quantity = 1, more: { expiration?: TemplateExpiration; iv?: number } = {}): ExampleLeg => ({
    action,
    optionType,
    strike,
    premium,
    quantity,
    ...more,
  });
export const bought = exampleLeg('buy');
export const sold = exampleLeg('sell');
