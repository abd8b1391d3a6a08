import { plural } from '@shared/format/words';
import { formatLevel, formatNumber } from '@shared/format/number';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '@shared/format/time';
import { formatMoney } from '@shared/format/money';
import { UNUSUAL_RULE } from '@shared/analysis/history-metrics';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { useSentiment, type SentimentView } from '../common/analysis-api';
import { EndOfDayBanner } from '../common/eod-banner';
import { Figure, FigureTip, num, ordinal, pct, whole } from '../common/figure';
import { TemplateLinks } from '../common/template-links';
import { UnderlyingPicker, useAnalysedUnderlying } from '../common/underlying-picker';

/**
 * /app/sentiment (issue 22): put/call ratios by volume, open interest and premium, each
 * today, as a 10-day mean and as a percentile against the underlying's own year; the per-expiry table; the 25-delta risk
 * reversal and butterfly; unusual activity by Barchart's rule; and the caveats of reading any of it.
 */
export default function SentimentPage() {
  usePageMeta({ title: 'Sentiment', description: 'Put/call ratios, skew and unusual options activity, end of day.', path: '/app/sentiment', noindex: true });
  const [underlying, setUnderlying] = useAnalysedUnderlying();
  const q = useSentiment(underlying);
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Sentiment</h1>
          <p className="text-slate-700">What the options tape says about fear and greed, read against what is normal for this underlying.</p>
        </div>
        <UnderlyingPicker value={underlying} onChange={setUnderlying} only={TRACKED_UNDERLYINGS} />
      </header>
      <QueryState query={q} pendingLabel="Loading sentiment">
        {(data) => <SentimentBody data={data} />}
      </QueryState>
    </div>
  );
}

const ZONE = (p: number | null) =>
  p === null ? 'no percentile yet' : p >= 90 ? 'unusually high for this underlying' : p <= 10 ? 'unusually low for this underlying' : 'within its usual range';

function SentimentBody({ data: d }: { data: SentimentView }) {
  const r = d.readings;
  const t = d.totals;
  // Sessions with options figures: a real provider's first runs have only a few (its backfilled year is closes only).
  const optionSessions = d.series.filter((p) => p.volume !== null).length;
  const building = r.volume.percentile === null && optionSessions < 60;
  const standing = (p: number | null) =>
    building ? `building history: ${optionSessions} / 60 sessions before a percentile` : `${ordinal(p)} of its year: ${ZONE(p)}`;
  const chartSeries = building ? d.series.filter((p) => p.volume !== null) : d.series;
  const ratioFigure = (label: string, reading: SentimentView['readings']['volume'], formula: string, inputs: string[], id: string) => (
    <Figure
      testId={`figure-${id}`}
      label={label}
      value={num(reading.today)}
      formula={formula}
      inputs={[...inputs, `10-day mean ${num(reading.avg10)}; percentile against the ${building ? optionSessions - 1 : d.sessions - 1} sessions before`]}
      asOf={d.asOf}
      note={
        <>
          {optionSessions >= 10 ? '10-day mean' : `Mean of ${plural(optionSessions, 'session')}`} {num(reading.avg10)} · {standing(reading.percentile)}
        </>
      }
    />
  );
  const fearful = (r.volume.percentile ?? 50) >= 80 || (r.premium.percentile ?? 50) >= 80;
  const complacent = (r.volume.percentile ?? 50) <= 20;
  return (
    <>
      <EndOfDayBanner source={d.source} asOf={d.asOf} />
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="sentiment-figures">
        {ratioFigure(
          'Put/call volume',
          r.volume,
          'P/C volume = put volume / call volume (the session)',
          [`put volume ${whole(t.putVolume)}`, `call volume ${whole(t.callVolume)}`],
          'pc-volume',
        )}
        {ratioFigure(
          'Put/call open interest',
          r.openInterest,
          'P/C OI = put open interest / call open interest',
          [`put OI ${whole(t.putOpenInterest)}`, `call OI ${whole(t.callOpenInterest)}`],
          'pc-oi',
        )}
        {ratioFigure(
          'Put/call premium',
          r.premium,
          'P/C premium = Σ put volume × price × 100 / Σ call volume × price × 100 (discounts cheap lottery tickets)',
          [`put premium ${formatMoney(t.putPremium)}`, `call premium ${formatMoney(t.callPremium)}`],
          'pc-premium',
        )}
        <Figure
          testId="figure-rr25"
          label="25-delta risk reversal"
          value={pct(d.skew.rr25)}
          formula="RR25 = IV(25Δ call) − IV(25Δ put), 30-day constant maturity; negative: puts richer"
          inputs={[`IV 25Δ call ${pct(d.skew.call25)}`, `IV 25Δ put ${pct(d.skew.put25)}`]}
          asOf={d.asOf}
          note={
            <>
              Butterfly {pct(d.skew.bf25)} (= (call + put) / 2 − ATM {pct(d.skew.atm)}) ·{' '}
              {building ? standing(r.rr25.percentile) : `${ordinal(r.rr25.percentile)} of its year`}
            </>
          }
        />
      </dl>

      <section aria-labelledby="pc-chart-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="pc-chart-h" className="font-semibold text-slate-900">
          Put/call ratios, last {plural(chartSeries.length, 'session')}
        </h2>
        {building && (
          <p className="mt-1 text-sm text-slate-700" data-testid="pc-building">
            Building history: this data source gives the options figures from the first ingestion on, one session a run ({optionSessions} so far).
          </p>
        )}
        <div className="mt-2 h-56" data-testid="pc-chart">
          <ComposedChart responsive style={{ width: '100%', height: '100%' }} data={chartSeries}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={(v: string) => formatShortDate(v)} tick={{ fontSize: 11, fill: '#334155' }} minTickGap={24} />
            <YAxis
              tick={{ fontSize: 11, fill: '#334155' }}
              width={40}
              domain={['auto', 'auto']}
              tickFormatter={(v: number) => formatNumber(v, { digits: 2, minDigits: 0 })}
            />
            <Tooltip labelFormatter={(v) => formatShortDate(String(v))} formatter={(v) => num(Number(v))} />
            <Bar dataKey="volume" name="P/C volume" fill="#93c5fd" isAnimationActive={false} />
            <Line dataKey="premium" name="P/C premium" stroke="#b91c1c" dot={building} strokeWidth={2} isAnimationActive={false} />
            <Line dataKey="openInterest" name="P/C OI" stroke="#1d4ed8" dot={building} strokeWidth={2} isAnimationActive={false} />
          </ComposedChart>
        </div>
      </section>

      <TemplateLinks
        underlying={d.underlying}
        ids={fearful ? ['bull-put-spread', 'cash-secured-put'] : complacent ? ['protective-put', 'collar'] : ['covered-call', 'protective-put']}
        why={
          fearful
            ? 'put buying is unusually heavy for this underlying. Contrarian readers treat extreme fear as a sign puts are dear, and study selling them with defined risk.'
            : complacent
              ? 'put buying is unusually light: protection is cheap when nobody wants it, so this is when practitioners study hedges.'
              : building
                ? 'there is no history yet to say what is usual for this underlying; nothing here is a signal by itself.'
                : 'the ratios are in their usual range; nothing here is a signal by itself.'
        }
      />

      <section aria-labelledby="expiry-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="expiry-h" className="font-semibold text-slate-900">
          By expiry
        </h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[720px] text-right text-sm" data-testid="expiry-table">
            <thead className="text-xs text-slate-700">
              <tr>
                <th className="py-1 text-left">Expiry</th>
                <th>DTE</th>
                <th>Put vol</th>
                <th>Call vol</th>
                <th>P/C vol</th>
                <th>Put OI</th>
                <th>Call OI</th>
                <th>P/C OI</th>
                <th>
                  <span className="inline-flex items-center gap-1">
                    ATM IV{' '}
                    <FigureTip
                      label="ATM IV"
                      formula="IV at the forward F = S·e^((r−q)T): call and put IV per strike, interpolated in strike"
                      inputs={['each expiry’s chain']}
                      asOf={d.asOf}
                    />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.expiries.map((e) => (
                <tr key={e.expiration} className="border-t border-slate-100">
                  <td className="py-1 text-left">
                    {formatShortDate(e.expiration)} <span className="text-xs text-slate-600">{e.type}</span>
                  </td>
                  <td>{e.dte}</td>
                  <td>{whole(e.putVolume)}</td>
                  <td>{whole(e.callVolume)}</td>
                  <td>{num(e.pcVolume)}</td>
                  <td>{whole(e.putOpenInterest)}</td>
                  <td>{whole(e.callOpenInterest)}</td>
                  <td>{num(e.pcOpenInterest)}</td>
                  <td>{pct(e.atmIv)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="unusual-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="unusual-h" className="flex items-center gap-2 font-semibold text-slate-900">
          Unusual activity
          <FigureTip
            label="unusual activity"
            formula={`Barchart's rule: volume > ${whole(UNUSUAL_RULE.minVolume)}, OI > ${whole(UNUSUAL_RULE.minOpenInterest)}, last > $${num(UNUSUAL_RULE.minLast)}, volume / OI ≥ ${formatNumber(UNUSUAL_RULE.minVolumeOverOi, { digits: 2, minDigits: 0 })}`}
            inputs={['every contract expiring within 120 days']}
            asOf={d.asOf}
          />
        </h2>
        {d.unusual.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No contract met the rule this session.</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[600px] text-right text-sm" data-testid="unusual-table">
              <thead className="text-xs text-slate-700">
                <tr>
                  <th className="py-1 text-left">Contract</th>
                  <th>Volume</th>
                  <th>OI</th>
                  <th>Vol/OI</th>
                  <th>Last</th>
                  <th>IV</th>
                  <th>Delta</th>
                </tr>
              </thead>
              <tbody>
                {d.unusual.map((u) => (
                  <tr key={u.contract} className="border-t border-slate-100">
                    <td className="py-1 text-left">
                      {formatShortDate(u.expiration)} {formatLevel(u.strike)} {u.type}
                    </td>
                    <td>{whole(u.volume)}</td>
                    <td>{whole(u.openInterest)}</td>
                    <td>{num(u.volumeOverOi)}</td>
                    <td>${num(u.last)}</td>
                    <td>{pct(u.iv)}</td>
                    <td>{num(u.delta)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="caveats-h" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 text-sm text-slate-800">
        <h2 id="caveats-h" className="font-semibold text-slate-900">
          Read it with care
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Volume does not say who bought or sold, or whether a trade opened or closed a position.</li>
          <li>Covered-call writing inflates call volume; hedging inflates put volume. Index funds carry more put hedging than single stocks.</li>
          <li>
            Extremes are read contrarian, not as direction: a single day is noise, so compare the 10-day mean and the percentile against the underlying’s own
            year.
          </li>
        </ul>
      </section>
    </>
  );
}
