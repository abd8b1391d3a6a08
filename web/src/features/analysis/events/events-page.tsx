import { formatLevel, formatNumber } from '@shared/format/number';
import { plural } from '@shared/format/words';
import { useState } from 'react';
import { formatDate, formatShortDate } from '@shared/format/time';
import { formatMoney } from '@shared/format/money';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { useEvents, type EventsView } from '../common/analysis-api';
import { EndOfDayBanner } from '../common/eod-banner';
import { Figure, FigureTip, num, pct } from '../common/figure';
import { TemplateLinks } from '../common/template-links';
import { UnderlyingPicker, useAnalysedUnderlying } from '../common/underlying-picker';
import { straddleWhatIf } from './straddle-what-if';
import { ScrollRegion } from '@web/components/ui/scroll-region';

const STOCKS = ['AAPL', 'TSLA', 'NVDA', 'MSFT', 'AMZN', 'GOOGL'];

/**
 * /app/events (issue 22): the next earnings report with the move the term structure implies
 * (two expiries after it, or one before and one after) and the straddle's, beside the realized moves of the last 4 and
 * 12 reports; the IV expected after the report (the crush); a long-straddle what-if through it with the pricing core.
 * Refuses, with the reason, when no expiry brackets the report or the term structure prices no event premium.
 */
export default function EventsPage() {
  usePageMeta({ title: 'Events', description: 'Earnings moves implied by the options, against the moves that happened.', path: '/app/events', noindex: true });
  const [underlying, setUnderlying] = useAnalysedUnderlying('AAPL');
  const q = useEvents(underlying);
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Events</h1>
          <p className="text-slate-700">
            How big a move the options price for the next earnings report, what past reports did, and what the IV crush does to a straddle.
          </p>
        </div>
        <UnderlyingPicker value={underlying} onChange={setUnderlying} only={[...STOCKS, 'SPY', 'QQQ']} />
      </header>
      <QueryState query={q} pendingLabel="Loading events">
        {(data) => <EventsBody data={data} />}
      </QueryState>
    </div>
  );
}

function EventsBody({ data: d }: { data: EventsView }) {
  const a = d.analysis;
  const i = a.implied;
  return (
    <>
      <EndOfDayBanner source={d.source} asOf={d.asOf} />
      {a.next ? (
        <p className="text-slate-900" data-testid="next-report">
          Next report: <strong>{formatDate(a.next.reportDate)}</strong> after the close ({plural(a.next.daysUntil, 'day')} away); the news trades on{' '}
          {formatShortDate(a.next.eventSession)}.
        </p>
      ) : null}
      {a.refusal && (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-slate-900 ring-1 ring-slate-300" data-testid="event-refusal">
          <strong>No event move to show.</strong> {a.refusal.message}
        </p>
      )}
      {i && (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="event-figures">
          <Figure
            testId="figure-event-move"
            label="Implied event move (1 SD)"
            value={`±${pct(i.eventMove)}`}
            formula={
              i.method === 'two-post-event'
                ? 'σd² = (σ₂²T₂ − σ₁²T₁) / (T₂ − T₁); E = σ₁²T₁ − σd²T₁; move = √E'
                : 'σd ≈ σ₀ (the expiry before); E = (σ₁² − σ₀²) × T₁; move = √E'
            }
            inputs={[
              `${formatShortDate(i.front.expiration)}: ATM IV ${pct(i.front.atmIv)}, T ${num(i.front.T * 365, 1)} days`,
              `${formatShortDate(i.back.expiration)}: ATM IV ${pct(i.back.atmIv)}, T ${num(i.back.T * 365, 1)} days`,
              'T in calendar days / 365, to each expiry’s close',
            ]}
            asOf={d.asOf}
            note={`≈ ±$${num(d.price * i.eventMove)} on $${num(d.price)}; E = ${num(i.eventVariance, 5)}`}
          />
          <Figure
            testId="figure-mean-move"
            label="Expected absolute move on the news"
            value={`±${pct(i.meanAbsoluteMove)}`}
            formula="√(2/π) × √E ≈ 0.80 × the 1-SD move"
            inputs={[`√E = ${pct(i.eventMove)}`]}
            asOf={d.asOf}
          />
          <Figure
            testId="figure-straddle-move"
            label="Straddle implied move"
            value={i.straddleMove === null ? '—' : `±${pct(i.straddleMove)}`}
            formula="ATM straddle / S: the expected absolute move to that expiry (event and ordinary days together)"
            inputs={[
              `${formatShortDate(i.front.expiration)} ${formatLevel(i.front.strike)} straddle ${i.front.straddle === null ? '—' : `$${num(i.front.straddle)}`}`,
              `S $${num(d.price)}`,
            ]}
            asOf={d.asOf}
            note={
              i.straddleMove === null
                ? undefined
                : `${num(0.85)} × straddle ≈ ±${pct(0.85 * i.straddleMove)}: the range the price ends inside about half the time`
            }
          />
          <Figure
            testId="figure-iv-after"
            label="Expected IV after the report"
            value={pct(i.expectedIvAfter)}
            formula="The diffusive volatility σd: what the front expiry's IV falls to once the news is out (the crush)"
            inputs={[`front IV now ${pct(i.front.atmIv)}`]}
            asOf={d.asOf}
            note={`A crush of ${num((i.front.atmIv - i.expectedIvAfter) * 100, 1)} points`}
          />
        </dl>
      )}

      <section aria-labelledby="past-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="past-h" className="flex items-center gap-2 font-semibold text-slate-900">
          Past reports: the move on the news
          <FigureTip
            label="past moves"
            formula="ln(close on the session after the report / close on the report day); averages of |move|"
            inputs={[`${a.past.length} reports`]}
            asOf={d.asOf}
          />
        </h2>
        {a.past.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No past report in the stored history.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-800" data-testid="past-averages">
              Mean absolute move: last 4 {pct(a.avgAbsMove4)} · last 12 {pct(a.avgAbsMove12)}
              {i && a.avgAbsMove4 !== null && (
                <>
                  {' '}
                  · implied now {pct(i.meanAbsoluteMove)}: options look {i.meanAbsoluteMove > a.avgAbsMove4 ? 'expensive' : 'cheap'} against the last 4.
                </>
              )}
            </p>
            <ul className="mt-2 flex flex-wrap gap-2 text-sm">
              {a.past.map((p) => (
                <li key={p.reportDate} className={`rounded-lg px-2 py-1 ring-1 ring-slate-200 ${pnlTone(p.move)}`}>
                  {formatShortDate(p.reportDate)}: {p.move >= 0 ? '+' : ''}
                  {pct(p.move)}
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="mt-2 text-xs text-slate-700">
          Research on retail trading around announcements finds buyers lose 5-9% on average: implied moves tend to exceed realized ones, and spreads are wide.
        </p>
      </section>

      {i && <WhatIfPanel data={d} />}

      <TemplateLinks
        underlying={d.underlying}
        ids={['long-straddle', 'iron-condor', 'calendar-spread']}
        why="a long straddle needs a move bigger than the implied one to beat the crush; an iron condor or a calendar is how practitioners study selling the event's IV instead."
      />

      {d.termStructure.length > 0 && (
        <section aria-labelledby="term-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="term-h" className="font-semibold text-slate-900">
            Term structure (ATM IV per expiry)
          </h2>
          <ScrollRegion className="mt-2" label="Term structure table">
            <table className="w-full min-w-[480px] text-right text-sm [&_td]:px-2 [&_th]:px-2" data-testid="term-table">
              <thead className="text-xs text-slate-700">
                <tr>
                  <th className="text-left">Expiry</th>
                  <th>Days</th>
                  <th>ATM IV</th>
                  <th>Straddle</th>
                  <th className="text-left">Carries the report</th>
                </tr>
              </thead>
              <tbody>
                {d.termStructure.map((p) => (
                  <tr key={p.expiration} className="border-t border-slate-100">
                    <td className="text-left">{formatShortDate(p.expiration)}</td>
                    <td>{num(p.T * 365, 0)}</td>
                    <td>{pct(p.atmIv)}</td>
                    <td>{p.straddle === null ? '—' : `$${num(p.straddle)}`}</td>
                    <td className="text-left">{a.next && p.expiration >= a.next.eventSession ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
    </>
  );
}

const MOVES = [-2, -1, -0.5, 0, 0.5, 1, 2];

function WhatIfPanel({ data }: { data: EventsView }) {
  const [custom, setCustom] = useState(1);
  const w = straddleWhatIf(data, [...MOVES, custom]);
  if (!w) return null;
  const rows = w.rows.slice(0, MOVES.length);
  const mine = w.rows.at(-1)!;
  return (
    <section aria-labelledby="whatif-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="straddle-what-if">
      <h2 id="whatif-h" className="flex items-center gap-2 font-semibold text-slate-900">
        What if: a long straddle through the report
        <FigureTip
          label="the straddle what-if"
          formula="Bought at today's ATM IV; valued at the close of the event session with the price moved by the news and the IV crushed to σd (pricing core, American-style)"
          inputs={[
            `${formatShortDate(w.expiration)} ${formatLevel(w.strike)} call + put`,
            `IV ${pct(w.ivBefore)} → ${pct(w.ivAfter)}`,
            `${plural(w.daysToEvent, 'day')} to the news`,
          ]}
          asOf={data.asOf}
        />
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Cost today {formatMoney(w.costNow * 100)} for one {formatShortDate(w.expiration)} {formatLevel(w.strike)} straddle. The days until the news also cost
        time value.
      </p>
      <ScrollRegion className="mt-2" label="Straddle what-if table">
        <table className="w-full min-w-[480px] text-right text-sm">
          <thead className="text-xs text-slate-700">
            <tr>
              <th className="text-left">Move on the news</th>
              <th>Price after</th>
              <th>Straddle after</th>
              <th>P&L (1 straddle)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.sd} className="border-t border-slate-100">
                <td className="text-left">
                  {r.move >= 0 ? '+' : ''}
                  {pct(r.move)} ({formatNumber(r.sd, { digits: 1, minDigits: 0 })} SD)
                </td>
                <td>${num(r.priceAfter)}</td>
                <td>${num(r.straddleAfter)}</td>
                <td className={pnlTone(r.pnl)}>{formatMoney(r.pnl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <label className="mt-3 block text-sm text-slate-800">
        Your move: {custom >= 0 ? '+' : ''}
        {num(custom, 1)} SD ({pct(mine.move)}) → P&L <span className={pnlTone(mine.pnl)}>{formatMoney(mine.pnl)}</span>
        <input
          type="range"
          min={-3}
          max={3}
          step={0.1}
          value={custom}
          onChange={(e) => setCustom(Number(e.target.value))}
          className="mt-1 block w-full max-w-md"
          aria-label="Move on the news, in standard deviations"
        />
      </label>
    </section>
  );
}
