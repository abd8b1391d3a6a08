import { useCallback, useMemo, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { newYorkParts } from '@shared/market/dates';
import { knownStrategy, STRATEGY_TEMPLATES, validateStrategy, type StrategyLeg, type StrategyTemplate, type ValidationResult } from '@shared/strategy';
import type { Draft } from '@shared/drafts/drafts';
import { useChains, useExpiries, type ChainView } from '@web/api/market';
import { useAsOfChains, useAsOfDay, useAsOfExpiries, type AsOfDay } from '@web/api/backtest';
import {
  defaultExpiry,
  expiryChoices,
  gridOf,
  newLegId,
  quoteLeg,
  settledLegs,
  soonestExpiries,
  toStrategyLegs,
  type BuilderLeg,
  type Multiplier,
  type QuotedLeg,
} from '../lib/legs';
import { placeOnChains, templateExpiries } from '../lib/placement';
import type { BuilderParams } from './use-builder-params';

/** The listed expiries as the builder reads them: today's market's, or those listed on the as-of day. */
export type BuilderExpiries = UseQueryResult<{ expiries: readonly { expiration_date: string }[] }>;

export interface StrategyBuilder {
  /** The day the builder counts from: today in New York, or the as-of day. */
  today: string;
  expiries: BuilderExpiries;
  /**
   * The past session the builder is priced as of (?asOf=), with its close and surface, once read; null on today's chain.
   * Orders, drafts and sharing are off then: the chains are modelled, and that day has passed.
   */
  asOfDay: { date: string; day: AsOfDay | null } | null;
  /** The 6 soonest listed expirations. */
  soonest: string[];
  chains: ReturnType<typeof useChains>;
  /** Price of the underlying from its chain, null until one is loaded. */
  spot: number | null;
  asOf: string | null;
  chainSource: 'live' | 'demo' | null;
  legs: BuilderLeg[];
  quoted: QuotedLeg[];
  /** Legs with a price, as the strategy domain reads them. */
  strategyLegs: StrategyLeg[];
  /** True while a leg's chain is still loading (figures would be partial). */
  loadingPrices: boolean;
  /** The chain of the first expiry among the legs, for the ATM IV. */
  frontChain: ChainView | null;
  strategyName: string;
  template: StrategyTemplate | null;
  /** Why the template could not be placed, or null. */
  placementError: string | null;
  placing: boolean;
  validation: ValidationResult | null;
  multiplier: Multiplier;
  setMultiplier: (m: Multiplier) => void;
  expiryOptions: (leg: BuilderLeg) => string[];
  addLeg: () => void;
  updateLeg: (id: string, patch: Partial<BuilderLeg>) => void;
  removeLeg: (id: string) => void;
  clear: () => void;
  chooseTemplate: (id: string) => void;
  chooseUnderlying: (ticker: string) => void;
  openDraft: (draft: Draft) => void;
}

const nyToday = () => newYorkParts(new Date()).date;

const NO_URL_LEGS: NonNullable<BuilderParams['urlLegs']> = [];

/**
 * The builder's state (spec part 3 §4): the legs start empty; a template's legs are placed on the chain and
 * stand until the learner edits them; Clear empties the legs, drops the template and sets the multiplier to 1.
 * The legs belong to an underlying and a template (the URL's), so changing either starts afresh.
 */
export function useStrategyBuilder(
  { underlying, template, urlLegs = NO_URL_LEGS, asOf = null, setParams }: BuilderParams,
  now: () => string = nyToday,
): StrategyBuilder {
  const [nyDay] = useState(now);
  // As of a past session (a backtest trade's entry day): that day's listed expiries and modelled chains, counted from it.
  const today = asOf ?? nyDay;
  const key = `${underlying}|${template?.id ?? ''}`;
  const [edited, setEdited] = useState<{ key: string; legs: BuilderLeg[]; name: string | null } | null>(null);
  const [multiplier, setMultiplier] = useState<Multiplier>(1);

  const marketExpiries = useExpiries(underlying, !asOf);
  const pastDay = useAsOfDay(underlying, asOf);
  const pastExpiries = useAsOfExpiries(underlying, asOf);
  const expiries: BuilderExpiries = asOf ? pastExpiries : marketExpiries;
  const expirations = useMemo(() => (expiries.data?.expiries ?? []).map((e) => e.expiration_date).sort(), [expiries.data]);
  const listed = useMemo(() => new Set(expirations), [expirations]);
  const soonest = useMemo(() => soonestExpiries(expirations), [expirations]);
  const startExpiry = defaultExpiry(soonest, today);
  const forTemplate = useMemo(() => (template ? templateExpiries(template, expirations, today) : []), [template, expirations, today]);

  // Legs a link filled in (the screener's "open in builder") stand like a draft's until the learner edits them.
  const fromUrl = useMemo<BuilderLeg[] | null>(
    () =>
      urlLegs.length
        ? urlLegs.map((l, i) => ({
            id: `url-${i}`,
            action: l.action,
            optionType: l.optionType,
            expiration: l.expiration,
            strike: l.strike,
            lots: l.quantity,
            snap: false,
          }))
        : null,
    [urlLegs],
  );
  const editedLegs = edited && edited.key === key ? edited.legs : fromUrl;
  const needed = useMemo(() => {
    const all = [...(startExpiry ? [startExpiry] : []), ...(editedLegs ? editedLegs.map((l) => l.expiration) : forTemplate)];
    return [...new Set(all)].filter((e) => listed.has(e)).sort();
  }, [startExpiry, editedLegs, forTemplate, listed]);
  const marketChains = useChains(asOf ? '' : underlying, needed);
  const pastChains = useAsOfChains(underlying, asOf, needed);
  const chains = asOf ? pastChains : marketChains;

  const templateChainsReady = forTemplate.length > 0 && forTemplate.every((e) => chains.byExpiry.has(e));
  const placement = useMemo(
    () =>
      template && !editedLegs && templateChainsReady
        ? placeOnChains(
            template,
            expirations,
            forTemplate.map((e) => chains.byExpiry.get(e)!),
            today,
            key,
          )
        : null,
    [template, editedLegs, templateChainsReady, expirations, forTemplate, chains.byExpiry, today, key],
  );
  const legs = useMemo(() => editedLegs ?? (placement?.ok ? placement.legs : []), [editedLegs, placement]);
  const quoted = useMemo(
    () => legs.map((l) => quoteLeg(l, chains.byExpiry, expiries.data ? listed : undefined)),
    [legs, chains.byExpiry, expiries.data, listed],
  );
  const strategyLegs = useMemo(() => toStrategyLegs(quoted, underlying), [quoted, underlying]);
  const loadingPrices = quoted.some((q) => q.status === 'loading');

  const anyChain = chains.byExpiry.get(startExpiry ?? '') ?? [...chains.byExpiry.values()][0] ?? null;
  const firstExpiry = legs.length ? legs.map((l) => l.expiration).sort()[0]! : null;
  const frontChain = (firstExpiry && chains.byExpiry.get(firstExpiry)) || anyChain;
  const strategyName = template?.name ?? (editedLegs ? edited?.name : null) ?? 'Custom';
  const known = knownStrategy(strategyName);
  const validation = useMemo(
    () => (known && legs.length > 0 && !loadingPrices ? validateStrategy(known, strategyLegs) : null),
    [known, legs.length, loadingPrices, strategyLegs],
  );

  const commit = useCallback(
    (next: BuilderLeg[]) => setEdited({ key, legs: next, name: editedLegs ? (edited?.name ?? null) : null }),
    [key, editedLegs, edited],
  );
  const base = () => settledLegs(quoted);

  return {
    today,
    expiries,
    asOfDay: asOf ? { date: asOf, day: pastDay.data ?? null } : null,
    soonest,
    chains,
    spot: anyChain?.underlying.price ?? null,
    asOf: anyChain?.underlying.asOf ?? null,
    chainSource: anyChain?.source ?? null,
    legs,
    quoted,
    strategyLegs,
    loadingPrices,
    frontChain,
    strategyName,
    template,
    placementError: placement && !placement.ok ? placement.message : null,
    placing: !!template && !editedLegs && !placement && (expiries.isPending || forTemplate.some((e) => chains.pending.has(e))),
    validation,
    multiplier,
    setMultiplier,
    expiryOptions: (leg) => expiryChoices(soonest, leg.expiration),
    addLeg: () => {
      const last = legs.at(-1);
      const expiration = last?.expiration ?? startExpiry;
      if (!expiration) return;
      const chain = chains.byExpiry.get(expiration) ?? anyChain;
      const K = last?.strike ?? chain?.underlying.price ?? gridOf(chain ?? undefined, 'call')[0]?.strike_price ?? 0;
      commit([...base(), { id: newLegId(), action: 'buy', optionType: 'call', expiration, strike: K, lots: 1, snap: true }]);
    },
    updateLeg: (id, patch) =>
      commit(base().map((l) => (l.id === id ? { ...l, ...patch, ...(patch.expiration || patch.optionType ? { snap: true } : {}) } : l))),
    removeLeg: (id) => commit(base().filter((l) => l.id !== id)),
    clear: () => {
      setEdited(null);
      setMultiplier(1);
      setParams({ template: null });
    },
    chooseTemplate: (id) => {
      setEdited(null);
      setParams({ template: id });
    },
    chooseUnderlying: (ticker) => {
      setEdited(null);
      setParams({ underlying: ticker });
    },
    openDraft: (draft) => {
      const match = STRATEGY_TEMPLATES.find((t) => t.name === draft.strategy);
      const legsOf: BuilderLeg[] = draft.legs.map((l) => ({
        id: newLegId(),
        action: l.action,
        optionType: l.optionType,
        expiration: l.expiration,
        strike: l.strike,
        lots: l.quantity,
        snap: false,
        savedPremium: l.premium,
      }));
      setEdited({ key: `${draft.underlying}|${match?.id ?? ''}`, legs: legsOf, name: match ? null : draft.strategy });
      setMultiplier(([1, 2, 3, 4, 5, 10] as const).find((m) => m === draft.multiplier) ?? 1);
      setParams({ underlying: draft.underlying, template: match?.id ?? null });
    },
  };
}
