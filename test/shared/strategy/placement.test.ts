import { describe, expect, it } from 'vitest';
import type { OptionContract } from '@shared/market/chain';
import { addDays } from '@shared/market/dates';
import { STRATEGY_TEMPLATES, knownStrategy, placeTemplate, templateById, templateExpiries, validateStrategy, type StrategyTemplate } from '@shared/strategy';
import { ODD_CHAINS, TODAY, grid, makeChain } from './support/chains';

const FRONT = addDays(TODAY, 32); // the listed expiry nearest 30 days
const BACK = addDays(TODAY, 60); // nearest 60 days, after the front
const template = (id: string) => templateById(id)!;
const strikesOf = (id: string, chain: ReturnType<typeof makeChain>) => {
  const r = placeTemplate(template(id), chain, { today: TODAY });
  if (!r.ok) throw new Error(r.error.message);
  return r.legs.map((l) => l.strike);
};

describe.each(Object.entries(ODD_CHAINS))('every template placed on %s', (_label, make) => {
  const chain = make();
  it.each(STRATEGY_TEMPLATES.map((t) => [t.id, t] as const))('%s', (_id, t: StrategyTemplate) => {
    const r = placeTemplate(t, chain, { today: TODAY });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.legs).toHaveLength(t.legs.length);
    r.legs.forEach((leg, i) => {
      const tl = t.legs[i]!;
      expect([leg.action, leg.optionType, leg.quantity]).toEqual([tl.action, tl.optionType, tl.quantity]);
      expect(leg.expiration).toBe(tl.expiration === '30d' ? FRONT : BACK);
      // On the real grid: the contract exists, and the leg carries its mark, ticker, IV, OI and volume.
      const c = chain.contracts.find((x) => x.contract_ticker === leg.contractTicker)!;
      expect(c).toBeDefined();
      expect([c.strike_price, c.contract_type, c.expiration_date]).toEqual([leg.strike, leg.optionType, leg.expiration]);
      expect(leg.premium).toBe(c.mark);
      expect([leg.iv, leg.openInterest, leg.volume, leg.underlying]).toEqual([c.implied_volatility, c.open_interest, c.volume, c.underlying_ticker]);
    });
    if (knownStrategy(t.name)) expect(validateStrategy(t.name, r.legs).errors).toEqual([]);
  });
});

describe('placement by intent on the real strike grid', () => {
  it('at the money is the listed strike nearest the spot', () => {
    expect(strikesOf('long-call', ODD_CHAINS['a $550 ETF with $1 strikes']())).toEqual([550]);
    expect(strikesOf('long-call', ODD_CHAINS['a $25 stock with $0.50 strikes']())).toEqual([25]);
    expect(strikesOf('long-call', ODD_CHAINS['a $338 stock with $5 strikes']())).toEqual([340]);
    expect(strikesOf('long-put', makeChain({ ticker: 'TIE', spot: 25.25, strikes: grid(20, 30, 0.5), atmVol: 0.4 }))).toEqual([25]); // a tie goes to the lower strike
  });

  it('delta targets pick the listed strike whose |delta| is closest', () => {
    const chain = ODD_CHAINS['a $550 ETF with $1 strikes']();
    const [, short] = strikesOf('bull-call-spread', chain);
    const calls = chain.contracts.filter((c) => c.expiration_date === FRONT && c.contract_type === 'call');
    const best = calls.reduce((b, c) => (Math.abs(Math.abs(c.delta!) - 0.3) < Math.abs(Math.abs(b.delta!) - 0.3) ? c : b));
    expect(short).toBe(best.strike_price);
    expect(short).toBe(565);
  });

  it('steps count listed strikes, skipping the gaps in a grid', () => {
    const chain = ODD_CHAINS['a $100 stock with gaps in its grid']();
    // Listed near the money: 94, 95, 96, 97.5, 100, 102.5, 104, 105, 107, 110 (93, 98, 99, 101, 103, 106 are missing).
    const custom = (steps: number) =>
      ({ legs: [{ action: 'buy', optionType: 'call', strike: 0, expiration: '30d', quantity: 1, place: { at: 'atm', steps } }] }) as Pick<
        StrategyTemplate,
        'legs'
      >;
    const at = (steps: number) => {
      const r = placeTemplate(custom(steps), chain, { today: TODAY });
      return r.ok ? r.legs[0]!.strike : r.error.code;
    };
    expect([at(0), at(1), at(2), at(3), at(-1), at(-3)]).toEqual([100, 102.5, 104, 105, 97.5, 95]);
    expect(strikesOf('jade-lizard', chain).slice(1)).toEqual([105, 107]); // the bought call is the next listed strike above the sold one (106 is missing)
  });

  it('wings mirror the distance to the nearest listed strike beyond, so spreads keep their order on any grid', () => {
    const [p1, p2, c1, c2] = strikesOf('iron-condor', ODD_CHAINS['a $338 stock with $5 strikes']());
    expect(p1! < p2! && p2! < c1! && c1! < c2!).toBe(true);
    expect(c2! - c1!).toBe(p2! - p1!);
    const [lo, mid, hi] = strikesOf('butterfly-spread', ODD_CHAINS['a $25 stock with $0.50 strikes']());
    expect(mid! - lo!).toBe(hi! - mid!);
  });

  it('calendars share one strike on two expiries, the later strictly after the front', () => {
    const r = placeTemplate(template('calendar-spread'), ODD_CHAINS['a $338 stock with $5 strikes'](), { today: TODAY });
    expect(r.ok && r.legs.map((l) => [l.strike, l.expiration])).toEqual([
      [340, FRONT],
      [340, BACK],
    ]);
    expect(r.ok && r.expirations).toEqual({ front: FRONT, back: BACK });
  });

  it('computes deltas from the IV when the chain has none', () => {
    const chain = ODD_CHAINS['a $550 ETF with $1 strikes']();
    const noDelta = { ...chain, contracts: chain.contracts.map((c) => ({ ...c, delta: null })) };
    expect(strikesOf('bull-call-spread', noDelta)).toEqual(strikesOf('bull-call-spread', chain));
    // By the contract's model: the 70-delta put of a bear put diagonal is deep enough in the money for early exercise
    // to move its delta, and an American IV read as a European one would pick another strike.
    expect(strikesOf('bear-put-diagonal', noDelta)).toEqual([539, 568]);
    expect(strikesOf('bear-put-diagonal', chain)).toEqual([539, 568]);
    const misread = { ...noDelta, contracts: noDelta.contracts.map((c) => ({ ...c, pricing_model: 'european' as const })) };
    expect(strikesOf('bear-put-diagonal', misread)).not.toEqual([539, 568]);
  });

  it('skips contracts without a price', () => {
    const chain = ODD_CHAINS['a $25 stock with $0.50 strikes']();
    const unpriced = { ...chain, contracts: chain.contracts.map((c): OptionContract => (c.strike_price === 25 ? { ...c, mark: null, last: null } : c)) };
    expect(strikesOf('long-call', unpriced)).toEqual([24.5]);
  });
});

describe('placement failures are values with a code and a message', () => {
  const chain = ODD_CHAINS['a $25 stock with $0.50 strikes']();
  const place = (t: Pick<StrategyTemplate, 'legs'>, c: typeof chain) => placeTemplate(t, c, { today: TODAY });

  it('no expiry after today', () => {
    expect(place(template('long-call'), { ...chain, expirations: [TODAY] })).toEqual({
      ok: false,
      error: { code: 'no-expiration', message: `No expiration after ${TODAY} is listed` },
    });
  });

  it('no later expiry for the back leg of a calendar', () => {
    const r = place(template('calendar-spread'), { ...chain, expirations: [FRONT] });
    expect(r).toEqual({ ok: false, error: { code: 'no-later-expiration', message: `No expiration later than ${FRONT} is listed for the back leg` } });
  });

  it('no contracts on the chosen expiry', () => {
    const r = place(template('long-put'), { ...chain, contracts: chain.contracts.filter((c) => c.contract_type === 'call') });
    expect(r).toEqual({ ok: false, error: { code: 'no-contracts', message: `No puts with a price are listed for ${FRONT}` } });
  });

  it('not enough strikes for the steps asked', () => {
    const far = { legs: [{ action: 'buy', optionType: 'call', strike: 0, expiration: '30d', quantity: 1, place: { at: 'atm', steps: 500 } }] } as Pick<
      StrategyTemplate,
      'legs'
    >;
    expect(place(far, chain)).toEqual({ ok: false, error: { code: 'off-grid', message: `Not enough call strikes on ${FRONT} to place leg 1` } });
  });

  it('no delta and no IV to match a delta target', () => {
    const blind = { ...chain, contracts: chain.contracts.map((c) => ({ ...c, delta: null, implied_volatility: null })) };
    expect(place(template('cash-secured-put'), blind)).toMatchObject({ ok: false, error: { code: 'no-delta' } });
  });

  it('legs that refer to each other in a circle, or to no leg', () => {
    const circle = {
      legs: [
        { action: 'buy', optionType: 'call', strike: 0, expiration: '30d', quantity: 1, place: { leg: 1 } },
        { action: 'sell', optionType: 'call', strike: 0, expiration: '30d', quantity: 1, place: { leg: 0 } },
      ],
    } as Pick<StrategyTemplate, 'legs'>;
    expect(place(circle, chain)).toMatchObject({ ok: false, error: { code: 'bad-template' } });
    const dangling = { legs: [{ action: 'buy', optionType: 'call', strike: 0, expiration: '30d', quantity: 1, place: { leg: 3 } }] } as Pick<
      StrategyTemplate,
      'legs'
    >;
    expect(place(dangling, chain)).toMatchObject({ ok: false, error: { code: 'bad-template' } });
  });
});

describe('expiry choice', () => {
  it('takes the listed expiry nearest 30 days (the earlier on a tie) and nearest 60 after it', () => {
    const chain = ODD_CHAINS['a $25 stock with $0.50 strikes']();
    const r = placeTemplate(template('long-call'), { ...chain, expirations: [addDays(TODAY, 25), addDays(TODAY, 35)] }, { today: TODAY });
    expect(r.ok && r.legs[0]!.expiration).toBe(addDays(TODAY, 25));
    const cal = placeTemplate(
      template('calendar-spread'),
      { ...chain, expirations: [addDays(TODAY, 46), addDays(TODAY, 74), addDays(TODAY, 95)] },
      { today: TODAY },
    );
    expect(cal.ok && cal.expirations).toEqual({ front: addDays(TODAY, 46), back: addDays(TODAY, 74) });
  });

  it('names the expiries to load before placing, the ones placement then takes', () => {
    const expirations = [addDays(TODAY, 95), addDays(TODAY, 46), addDays(TODAY, -1), addDays(TODAY, 74)];
    expect(templateExpiries(template('calendar-spread'), expirations, TODAY)).toEqual({ front: addDays(TODAY, 46), back: addDays(TODAY, 74) });
    expect(templateExpiries(template('long-call'), expirations, TODAY)).toEqual({ front: addDays(TODAY, 46) });
    expect(templateExpiries(template('long-call'), [addDays(TODAY, -1)], TODAY)).toEqual({});
  });
});
