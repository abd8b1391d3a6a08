import { formatMoney } from '../format/money';
import { formatCount, formatNumber } from '../format/number';
import { contractName } from '../format/options';
import type { OptionContract } from '../market/chain';
import type { ChainTaskCriterion, Widget } from './content/types';
import type { ChainSnapshot } from './snapshot';

/**
 * Judging a chain task's click on the server (issue 33: every interactive task answers right or wrong, and why). Pure:
 * the answer key and the criterion stay on the server; the browser sends the contract it clicked and gets back whether
 * it is the one asked for (the page heads it "Correct" or "Not quite") and an explanation computed from the frozen chain: the pick's own figure (its distance from
 * the money, its delta, its volume) against what the task asks. A wrong pick is told which way to look, not the answer,
 * so the learner can try again; a right one is told why it is the one.
 */
export type ChainTask = Extract<Widget, { kind: 'chain-task' }>;

export interface ChainPickJudgment {
  correct: boolean;
  /** The picked contract as every screen writes it ("SPY Dec 18, 2026 $577 Call"). */
  contract: string;
  explanation: string;
}

const nameOf = (c: OptionContract) =>
  contractName({ underlying: c.underlying_ticker, expiration: c.expiration_date, strike: c.strike_price, type: c.contract_type });
const delta = (x: number) => formatNumber(x, { digits: 3 });
const typeWord = (t: 'call' | 'put') => t;
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The contract the criterion names on this expiry's chain (the lower strike on a tie), or null when none qualifies. */
export function intendedContract(criterion: ChainTaskCriterion, contracts: readonly OptionContract[], spot: number): OptionContract | null {
  const ofType = contracts.filter((c) => c.contract_type === criterion.optionType).sort((a, b) => a.strike_price - b.strike_price);
  const best = (score: (c: OptionContract) => number | null) => {
    let out: OptionContract | null = null;
    let outScore = Infinity;
    for (const c of ofType) {
      const s = score(c);
      if (s !== null && s < outScore) [out, outScore] = [c, s];
    }
    return out;
  };
  switch (criterion.by) {
    case 'nearest-the-money':
      return best((c) => Math.abs(c.strike_price - spot));
    case 'nearest-delta':
      return best((c) => (c.delta === null ? null : Math.abs(c.delta - criterion.delta)));
    case 'most-volume':
      return best((c) => (c.volume === null ? null : -c.volume));
  }
}

/** Judges a click on a chain task; null when the contract is not on the task's chain. */
export function judgeChainPick(
  task: ChainTask,
  chain: Pick<ChainSnapshot, 'underlying' | 'underlyingPrice'> & { contracts: readonly OptionContract[] },
  ticker: string,
): ChainPickJudgment | null {
  const picked = chain.contracts.find((c) => c.contract_ticker === ticker);
  if (!picked) return null;
  const correct = task.answer.includes(ticker);
  const criterion = task.criterion;
  const base = { correct, contract: nameOf(picked) };
  const spot = chain.underlyingPrice;
  const want = typeWord(criterion.optionType);
  if (picked.contract_type !== criterion.optionType)
    return {
      ...base,
      explanation: `The ${nameOf(picked)} is a ${picked.contract_type}, and the task asks for a ${want}. ${want === 'call' ? 'Calls are on the left of the chain, puts on the right.' : 'Puts are on the right of the chain, calls on the left.'}`,
    };
  switch (criterion.by) {
    case 'nearest-the-money': {
      const away = Math.abs(picked.strike_price - spot);
      const facts = `${chain.underlying} was at ${formatMoney(spot)}, and the ${formatMoney(picked.strike_price)} strike is ${formatMoney(away)} away from it`;
      if (correct) return { ...base, explanation: `${cap(facts)}, the nearest of the listed strikes, so the ${nameOf(picked)} is at the money.` };
      return {
        ...base,
        explanation: `${cap(facts)}, and a ${picked.strike_price > spot ? 'lower' : 'higher'} listed strike is nearer. At the money is the strike nearest the underlying's price.`,
      };
    }
    case 'nearest-delta': {
      const target = criterion.delta;
      if (picked.delta === null)
        return {
          ...base,
          explanation: `The ${nameOf(picked)} has no delta on this chain; the task asks for the ${want} whose delta is nearest ${delta(target)}.`,
        };
      const facts = `the ${nameOf(picked)} has a delta of ${delta(picked.delta)}, ${formatNumber(Math.abs(picked.delta - target), { digits: 3 })} from ${delta(target)}`;
      if (correct) return { ...base, explanation: `${cap(facts)}, the nearest of this expiry's ${want}s.` };
      // Delta falls as the strike rises, for calls (towards 0) and puts (towards −1): a delta above the target means a higher strike.
      return {
        ...base,
        explanation: `${cap(facts)}, and a ${want} of this expiry is nearer. ${picked.delta > target ? 'Try a higher strike: delta falls as the strike rises.' : 'Try a lower strike: delta rises as the strike falls.'}`,
      };
    }
    case 'most-volume': {
      const traded = `the ${nameOf(picked)} traded ${formatCount(picked.volume ?? 0)} contract${picked.volume === 1 ? '' : 's'} that session`;
      if (correct) return { ...base, explanation: `${cap(traded)}, the most of this expiry's ${want}s.` };
      return {
        ...base,
        explanation: `${cap(traded)}, and another ${want} of this expiry traded more. Each contract's volume shows under the chain when you click it.`,
      };
    }
  }
}
