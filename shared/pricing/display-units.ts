import type { Greeks } from './types';

/**
 * The Greeks as a learner reads them, the one convention of the chain and the course: theta per calendar day (/365),
 * vega and rho per 1 percentage point (/100); delta, gamma and the price unchanged. Per share, before × 100.
 */
export const inDisplayUnits = (g: Greeks): Greeks => ({
  price: g.price,
  delta: g.delta,
  gamma: g.gamma,
  theta: g.theta / 365,
  vega: g.vega / 100,
  rho: g.rho / 100,
});
