import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isIsoDate } from '@shared/market/dates';
import { templateById, type StrategyTemplate } from '@shared/strategy';

export interface BuilderParams {
  underlying: string;
  /** The template asked for in the URL, when it exists. */
  template: StrategyTemplate | null;
  /** The URL's template id, also when it names no template. */
  templateId: string | null;
  /** Legs the URL fills in (?legs=sell.put.580.2026-12-18.1,…), as the screener's "open in builder" sends them. */
  urlLegs?: UrlLeg[];
  /**
   * The past session the builder is priced as of (?asOf=2026-03-16, a backtest trade's entry day): its expiries and
   * modelled chains, counted from that day; null for today's chain. A malformed date counts as none.
   */
  asOf?: string | null;
  setParams: (next: { underlying?: string; template?: string | null }) => void;
}

export interface UrlLeg {
  action: 'buy' | 'sell';
  optionType: 'call' | 'put';
  strike: number;
  expiration: string;
  quantity: number;
}

/** At most this many legs come from a URL (a draft holds at most 8 as well). */
const MAX_URL_LEGS = 8;

/** `action.type.strike.expiration.quantity` joined by commas; malformed parts are dropped. */
export function parseUrlLegs(raw: string | null): UrlLeg[] {
  if (!raw) return [];
  const out: UrlLeg[] = [];
  for (const part of raw.split(',').slice(0, MAX_URL_LEGS)) {
    const m = /^(buy|sell)\.(call|put)\.(\d+(?:\.\d+)?)\.(\d{4}-\d{2}-\d{2})(?:\.(\d{1,3}))?$/.exec(part.trim());
    if (!m) continue;
    const strike = Number(m[3]);
    const quantity = m[5] ? Number(m[5]) : 1;
    if (!(strike > 0) || quantity < 1) continue;
    out.push({ action: m[1] as 'buy' | 'sell', optionType: m[2] as 'call' | 'put', strike, expiration: m[4]!, quantity });
  }
  return out;
}

export const formatUrlLegs = (legs: readonly UrlLeg[]): string =>
  legs.map((l) => `${l.action}.${l.optionType}.${l.strike}.${l.expiration}.${l.quantity}`).join(',');

/**
 * The builder's underlying and template live in the URL (?underlying=SPY&template=iron-condor), so a link reopens them;
 * so does the past day it is priced as of (&asOf=2026-03-16).
 */
export function useBuilderParams(): BuilderParams {
  const [params, setSearchParams] = useSearchParams();
  const underlying = (params.get('underlying') ?? '').trim().toUpperCase();
  const templateId = params.get('template');
  const template = templateId ? (templateById(templateId) ?? null) : null;
  const rawLegs = params.get('legs');
  const urlLegs = useMemo(() => parseUrlLegs(rawLegs), [rawLegs]);
  const rawAsOf = params.get('asOf');
  const asOf = rawAsOf && isIsoDate(rawAsOf) ? rawAsOf : null;
  const setParams = useCallback(
    (next: { underlying?: string; template?: string | null }) =>
      setSearchParams((prev) => {
        const out = new URLSearchParams(prev);
        // Legs from a link belong to the underlying and template they came with; the past day, to the underlying.
        if (next.underlying !== undefined || next.template !== undefined) out.delete('legs');
        if (next.underlying !== undefined) out.delete('asOf');
        if (next.underlying !== undefined) {
          if (next.underlying) out.set('underlying', next.underlying);
          else out.delete('underlying');
        }
        if (next.template !== undefined) {
          if (next.template) out.set('template', next.template);
          else out.delete('template');
        }
        return out;
      }),
    [setSearchParams],
  );
  return { underlying, template, templateId, urlLegs, asOf, setParams };
}
