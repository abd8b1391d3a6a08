import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { formatDate, formatShortDate } from '@shared/format/time';
import { plural } from '@shared/format/words';
import { REGIME_CONFIRM_SESSIONS } from '@shared/analysis/regime-history';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { useRegime, type RegimeView } from '../common/analysis-api';
import { EndOfDayBanner } from '../common/eod-banner';
import { Figure, FigureTip, num, pct } from '../common/figure';
import { TemplateLinks } from '../common/template-links';
import { UnderlyingPicker, useAnalysedUnderlying } from '../common/underlying-picker';
import { RegimeInputs } from './regime-inputs';

type Day = NonNullable<RegimeView['today']>;

/**
 * /app/regime (issue 22): trend, volatility state and volatility premium, each with its value and
 * threshold; a label that changes only after 3 sessions in a row (hysteresis); a strip of past labels; and the
 * templates practitioners favour in that regime, framed as education.
 */
export default function RegimePage() {
  usePageMeta({
    title: 'Market Regime',
    description: 'The market regime: trend, volatility and the volatility premium, end of day.',
    path: '/app/regime',
    noindex: true,
  });
  const [underlying, setUnderlying] = useAnalysedUnderlying();
  const q = useRegime(underlying);
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">Market Regime</h1>
          <p className="text-slate-700">Which kind of market this is: trending or not, calm or stressed, options rich or cheap against realized moves.</p>
        </div>
        <UnderlyingPicker value={underlying} onChange={setUnderlying} only={TRACKED_UNDERLYINGS} />
      </header>
      <QueryState query={q} pendingLabel="Loading the regime">
        {(data) => <RegimeBody data={data} />}
      </QueryState>
    </div>
  );
}

const TONE: Record<Day['trend'], string> = { up: 'bg-emerald-600', down: 'bg-red-600', range: 'bg-slate-500' };

/** What practitioners favour in a regime, as education: never advice. */
function educationFor(t: Day): { ids: string[]; why: string } {
  if (t.volState === 'high')
    return {
      ids: ['protective-put', 'bear-put-spread', 'iron-condor'],
      why: 'volatility is stressed (IV rank high or the term structure inverted). Practitioners cut size and avoid short gamma here; defined-risk structures and hedges are what they study.',
    };
  if (t.premium === 'rich' && t.trend === 'range')
    return {
      ids: ['iron-condor', 'short-strangle', 'calendar-spread'],
      why: 'IV is rich against realized moves and the price is ranging: the textbook setting for premium-selling structures.',
    };
  if (t.premium === 'rich' && t.trend === 'up')
    return {
      ids: ['bull-put-spread', 'covered-call', 'cash-secured-put'],
      why: 'an uptrend with IV rich: practitioners study selling puts or calls against shares, with the trend.',
    };
  if (t.premium === 'rich' && t.trend === 'down')
    return { ids: ['bear-call-spread', 'collar'], why: 'a downtrend with IV rich: selling call spreads or collaring shares are the structures studied here.' };
  if (t.premium === 'cheap')
    return {
      ids: ['long-straddle', 'long-calendar-calls', 'bull-call-spread'],
      why: 'IV is cheap against realized moves: debit and long-volatility structures are what practitioners favour, especially before a catalyst.',
    };
  return {
    ids: ['bull-call-spread', 'iron-condor', 'long-calendar-calls'],
    why: 'nothing stands out: a fair volatility premium. Practitioners lean on the trend with defined-risk spreads.',
  };
}

function RegimeBody({ data: d }: { data: RegimeView }) {
  const t = d.today;
  if (!t) {
    return (
      <>
        <EndOfDayBanner source={d.source} asOf={d.asOf} />
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-slate-900">
          {d.unavailable}
        </p>
      </>
    );
  }
  // The education follows the label shown, not a single session's own reading: the last session that read as the label.
  const edu = educationFor([...d.strip].reverse().find((s) => s.raw === t.label) ?? t);
  return (
    <>
      <EndOfDayBanner source={d.source} asOf={d.asOf} />
      <section className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <p className="text-sm text-slate-700">Regime as of {formatDate(d.asOf)}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900" data-testid="regime-label">
          {t.label}
          <FigureTip
            label="the regime label"
            formula={`The session's own classification (trend, volatility state, premium) becomes the label only after it has held ${REGIME_CONFIRM_SESSIONS} sessions in a row`}
            inputs={[`today's own classification: ${t.raw}`, `label held since ${d.labelSince ? formatShortDate(d.labelSince) : '—'}`]}
            asOf={d.asOf}
          />
        </p>
        {d.labelSessions !== null && d.labelSince && (
          <p className="mt-1 text-sm text-slate-700" data-testid="regime-held">
            Held {plural(d.labelSessions, 'session')} in a row, since {formatDate(d.labelSince)}.
          </p>
        )}
        {t.raw !== t.label && (
          <p className="mt-1 text-sm text-amber-900">
            Today alone reads “{t.raw}”; the label changes if that holds {REGIME_CONFIRM_SESSIONS} sessions in a row.
          </p>
        )}
      </section>

      <dl className="grid gap-3 sm:grid-cols-3" data-testid="regime-figures">
        <Figure
          testId="figure-trend"
          label="Trend"
          value={t.trend === 'up' ? 'Up' : t.trend === 'down' ? 'Down' : 'Range'}
          formula="Up: close > SMA50 > SMA200; down: close < SMA50 < SMA200; else range"
          inputs={[`close $${num(t.close)}`, `SMA50 $${num(t.sma50)}`, `SMA200 $${num(t.sma200)}`]}
          asOf={d.asOf}
          note={`Close ${t.close >= t.sma50 ? 'above' : 'below'} its 50-day average, which is ${t.sma50 >= t.sma200 ? 'above' : 'below'} the 200-day.`}
        />
        <Figure
          testId="figure-vol-state"
          label="Volatility state"
          value={t.volState === 'low' ? 'Calm' : t.volState === 'high' ? 'Stressed' : 'Normal'}
          formula="Calm: IV rank < 30 and IV30/IV90 < 0.9; stressed: IV rank > 60 or IV30/IV90 > 1.0 (backwardation); else normal"
          inputs={[`IV rank ${num(t.ivRank, 0)}`, `IV30/IV90 ${num(t.termRatio)}`]}
          asOf={d.asOf}
          note={`IV rank ${num(t.ivRank, 0)} · IV30/IV90 ${num(t.termRatio)} (${t.termRatio < 1 ? 'contango, the normal shape' : 'backwardation'})`}
        />
        <Figure
          testId="figure-premium"
          label="Volatility premium"
          value={`${num((t.iv30 - t.hv20) * 100, 1)} pts`}
          formula="IV30 − HV20 in points: rich above +3, cheap below −1, else fair. IV above realized is the normal state, not a signal by itself"
          inputs={[`IV30 ${pct(t.iv30)}`, `HV20 ${pct(t.hv20)}`]}
          asOf={d.asOf}
          note={t.premium === 'rich' ? 'Rich' : t.premium === 'cheap' ? 'Cheap' : 'Fair'}
        />
      </dl>

      <RegimeInputs data={d} />

      <section aria-labelledby="strip-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="strip-h" className="font-semibold text-slate-900">
          The last {d.strip.length} sessions
        </h2>
        <p className="text-xs text-slate-700">
          Colour: trend (green up, red down, grey range). A ring marks a session whose own reading differed from the label shown.
        </p>
        <ol className="mt-2 flex flex-wrap gap-1" data-testid="regime-strip">
          {d.strip.map((s) => (
            <li
              key={s.date}
              className={`h-6 w-3 rounded-sm ${TONE[s.trend]} ${s.raw !== s.label ? 'ring-2 ring-amber-400' : ''}`}
              title={`${formatShortDate(s.date)}: ${s.label}${s.raw !== s.label ? ` (own reading: ${s.raw})` : ''}`}
              aria-label={`${formatShortDate(s.date)}: ${s.label}`}
            />
          ))}
        </ol>
        <ul className="mt-3 space-y-1 text-sm text-slate-800">
          {labelRuns(d.strip).map((r) => (
            <li key={r.from}>
              {formatShortDate(r.from)} – {formatShortDate(r.to)}: <strong>{r.label}</strong> ({plural(r.sessions, 'session')})
            </li>
          ))}
        </ul>
      </section>

      <TemplateLinks underlying={d.underlying} ids={edu.ids} why={edu.why} />
    </>
  );
}

function labelRuns(strip: RegimeView['strip']) {
  const runs: { label: string; from: string; to: string; sessions: number }[] = [];
  for (const s of strip) {
    const last = runs.at(-1);
    if (last && last.label === s.label) {
      last.to = s.date;
      last.sessions++;
    } else runs.push({ label: s.label, from: s.date, to: s.date, sessions: 1 });
  }
  return runs.reverse();
}
