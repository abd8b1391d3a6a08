import type { KiteTick } from '../kite/ticker-packets';
import type { QuotedContract } from '../quoted-chain';
import type { LiveGroup } from './live-quotes.port';
import type { PlannedGroup } from './subscription-plan';

/**
 * How often a changed group is written at most: every 2 s. The Indian chain refreshes every 5 s (spec part 2), so a
 * learner's refresh always finds figures under 2 s old plus the write, while a busy group costs one table write in
 * 2 s however many ticks arrive (NIFTY's nearest expiry alone ticks hundreds of times a second in full mode).
 */
export const LIVE_FLUSH_MS = 2_000;

/**
 * How often a group is written even when nothing in it changed, while the stream is up: every 10 s, so that a quiet
 * group's item stays fresh (LIVE_FRESH_MS) and the chain keeps reading it rather than Kite's REST API; Kite's full
 * mode sends an instrument's packet only when it changes.
 */
export const LIVE_KEEPALIVE_MS = 10_000;

/** A live item older than this is not used: the chain asks Kite's REST API instead (the stream is down or behind). */
export const LIVE_FRESH_MS = 15_000;

/** Whether a live group is recent enough to show as the market now. */
export const isLiveFresh = (group: Pick<LiveGroup, 'asOf'>, now: Date, freshMs: number = LIVE_FRESH_MS): boolean => {
  const age = now.getTime() - Date.parse(group.asOf);
  return age <= freshMs && age >= -freshMs;
};

interface GroupState {
  plan: PlannedGroup;
  spot: number | null;
  contracts: QuotedContract[];
  dirty: boolean;
  /** When the group was last handed out to be written; null before its first write. */
  writtenAt: number | null;
}

type Target = { kind: 'spot'; groups: GroupState[] } | { kind: 'contract'; group: GroupState; index: number };

export const groupKey = (underlying: string, expiry: string): string => `${underlying}|${expiry}`;

/**
 * The latest quote of every subscribed instrument, grouped by (underlying, expiry) as the chain reads them, and the flush
 * policy: `due(now)` hands out the groups to write now, each at most once every `flushMs` when it changed and every
 * `keepaliveMs` when it did not; `drain()` hands out every changed group at once (the close, a stop). Times are the
 * caller's clock in milliseconds.
 * A tick's figures (Kite Connect v3 docs, "WebSocket streaming"): full mode gives the best bid and ask (depth level 1;
 * 0 for an empty side), the last price, the day's volume and the open interest; quote mode the same but no depth and no
 * open interest (they keep their last figures); LTP mode the last price alone. An index's tick gives the spot.
 */
export class QuoteBook {
  private readonly groups: GroupState[];
  private readonly targets = new Map<number, Target>();

  constructor(
    plan: readonly PlannedGroup[],
    private readonly flushMs: number = LIVE_FLUSH_MS,
    private readonly keepaliveMs: number = LIVE_KEEPALIVE_MS,
  ) {
    this.groups = plan.map((p) => ({
      plan: p,
      spot: null,
      dirty: false,
      writtenAt: null,
      contracts: p.rows.map((r) => ({
        tradingsymbol: r.tradingsymbol,
        strike: r.strike,
        type: r.instrument_type,
        lotSize: r.lot_size,
        bid: 0,
        ask: 0,
        last: 0,
        volume: 0,
        oi: 0,
      })),
    }));
    for (const g of this.groups) {
      if (g.plan.spotToken !== null) {
        const t = this.targets.get(g.plan.spotToken);
        if (t?.kind === 'spot') t.groups.push(g);
        else this.targets.set(g.plan.spotToken, { kind: 'spot', groups: [g] });
      }
      g.plan.rows.forEach((r, index) => this.targets.set(r.instrument_token, { kind: 'contract', group: g, index }));
    }
  }

  /** The tokens the book follows. */
  get tokens(): number[] {
    return [...this.targets.keys()];
  }

  get size(): number {
    return this.groups.length;
  }

  /** Takes decoded ticks; a token the book does not follow is ignored. Returns how many ticks were taken. */
  apply(ticks: readonly KiteTick[]): number {
    let taken = 0;
    for (const tick of ticks) {
      const target = this.targets.get(tick.instrument_token);
      if (!target) continue;
      taken += 1;
      if (target.kind === 'spot') {
        for (const g of target.groups) {
          if (g.spot !== tick.last_price) g.dirty = true;
          g.spot = tick.last_price;
        }
        continue;
      }
      const c = target.group.contracts[target.index]!;
      const { bid, ask, last, volume, oi } = c;
      c.last = tick.last_price;
      if (tick.kind === 'quote' || tick.kind === 'full') c.volume = tick.volume_traded;
      if (tick.kind === 'full') {
        c.bid = tick.depth.buy[0]?.price ?? 0;
        c.ask = tick.depth.sell[0]?.price ?? 0;
        c.oi = tick.oi;
      }
      if (c.bid !== bid || c.ask !== ask || c.last !== last || c.volume !== volume || c.oi !== oi) target.group.dirty = true;
    }
    return taken;
  }

  /** The groups to write now (their figures as of `asOf`), marked as written at `now`. */
  due(now: number, asOf: Date): LiveGroup[] {
    return this.take(asOf, now, (g) => {
      if (g.writtenAt === null) return g.dirty;
      const since = now - g.writtenAt;
      return g.dirty ? since >= this.flushMs : since >= this.keepaliveMs;
    });
  }

  /** Every group that changed since its last write, whatever the pace (the close, a stop). */
  drain(now: number, asOf: Date): LiveGroup[] {
    return this.take(asOf, now, (g) => g.dirty);
  }

  /** A write that failed: the group counts as changed again, to be written at the next turn the pace allows. */
  failed(underlying: string, expiry: string): void {
    const g = this.groups.find((x) => x.plan.underlying === underlying && x.plan.expiry === expiry);
    if (g) g.dirty = true;
  }

  private take(asOf: Date, now: number, pick: (g: GroupState) => boolean): LiveGroup[] {
    const out: LiveGroup[] = [];
    for (const g of this.groups) {
      if (!pick(g)) continue;
      g.dirty = false;
      g.writtenAt = now;
      out.push({
        underlying: g.plan.underlying,
        expiry: g.plan.expiry,
        expiries: [...g.plan.expiries],
        spot: g.spot,
        asOf: asOf.toISOString(),
        contracts: g.contracts.map((c) => ({ ...c })),
      });
    }
    return out;
  }
}
