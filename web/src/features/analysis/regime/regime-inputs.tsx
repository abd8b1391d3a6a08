import { plural } from '@shared/format/words';
import { formatDate, formatShortDate } from '@shared/format/time';
import { REGIME_CONFIRM_SESSIONS } from '@shared/analysis/regime-history';
import type { RegimeView } from '../common/analysis-api';
import { num, pct } from '../common/figure';

type Day = NonNullable<RegimeView['today']>;

interface Row {
  name: string;
  value: string;
  how: string;
}

interface Step {
  id: string;
  title: string;
  rows: Row[];
  rule: string;
  /** The rule applied to today's numbers, ending in the verdict. */
  check: string;
}

const usd = (x: number) => `$${num(x)}`;
const cmp = (a: number, b: number) => (a > b ? '>' : a < b ? '<' : '=');

/** Each classification of the session, with the inputs it read, their formulas and the rule applied to them. */
export function regimeSteps(t: Day, labelSessions: number | null, labelSince: string | null): Step[] {
  const trendWord = t.trend === 'up' ? 'Up' : t.trend === 'down' ? 'Down' : 'Range';
  const volWord = t.volState === 'low' ? 'Calm' : t.volState === 'high' ? 'Stressed' : 'Normal';
  const premiumPoints = (t.iv30 - t.hv20) * 100;
  const premiumWord = t.premium === 'rich' ? 'Rich' : t.premium === 'cheap' ? 'Cheap' : 'Fair';
  const held = labelSessions === null ? null : plural(labelSessions, 'session');
  return [
    {
      id: 'trend',
      title: 'Trend',
      rows: [
        { name: 'Close', value: usd(t.close), how: `the official close of ${formatShortDate(t.date)}` },
        { name: '50-day average (SMA50)', value: usd(t.sma50), how: 'the mean of the last 50 closes, this one included' },
        { name: '200-day average (SMA200)', value: usd(t.sma200), how: 'the mean of the last 200 closes, this one included' },
      ],
      rule: 'Up when close > SMA50 > SMA200; down when close < SMA50 < SMA200; otherwise range.',
      check: `${usd(t.close)} ${cmp(t.close, t.sma50)} ${usd(t.sma50)} ${cmp(t.sma50, t.sma200)} ${usd(t.sma200)}: ${trendWord}`,
    },
    {
      id: 'volatility',
      title: 'Volatility state',
      rows: [
        {
          name: 'IV rank',
          value: num(t.ivRank, 0),
          how: '100 × (IV30 − lowest IV30) / (highest IV30 − lowest IV30), over up to 252 earlier sessions and this one',
        },
        { name: 'IV30', value: pct(t.iv30), how: 'at-the-money implied volatility 30 days out, interpolated in total variance between expiries' },
        { name: 'IV90', value: pct(t.iv90), how: 'the same, 90 days out' },
        { name: 'Term ratio', value: num(t.termRatio), how: `IV30 / IV90 = ${pct(t.iv30)} / ${pct(t.iv90)}; above 1 the curve is inverted (backwardation)` },
      ],
      rule: 'Calm when IV rank < 30 and the term ratio < 0.9; stressed when IV rank > 60 or the term ratio > 1.0; otherwise normal.',
      check: `IV rank ${num(t.ivRank, 0)}, term ratio ${num(t.termRatio)}: ${volWord}`,
    },
    {
      id: 'premium',
      title: 'Volatility premium',
      rows: [
        { name: 'IV30', value: pct(t.iv30), how: 'what the options price in for the next 30 days' },
        {
          name: 'HV20',
          value: pct(t.hv20),
          how: 'what the price did: the standard deviation of the last 20 daily log returns, annualised with √252',
        },
      ],
      rule: 'IV30 − HV20 in volatility points: rich above +3, cheap below −1, otherwise fair. Implied above realized is the usual state.',
      check: `${pct(t.iv30)} − ${pct(t.hv20)} = ${num(premiumPoints, 1)} points: ${premiumWord}`,
    },
    {
      id: 'label',
      title: 'The label shown',
      rows: [
        { name: "Today's own reading", value: t.raw, how: 'the three verdicts above, for this session alone' },
        {
          name: 'Label',
          value: t.label,
          how: held && labelSince ? `held ${held} in a row, since ${formatDate(labelSince)}` : 'held since the series began',
        },
      ],
      rule: `A new reading becomes the label only after it has held ${REGIME_CONFIRM_SESSIONS} sessions in a row, so one odd day does not flip it.`,
      check:
        t.raw === t.label
          ? `Today's reading is the label${held ? `, which has held ${held}` : ''}.`
          : `Today reads “${t.raw}”, which is not yet the label: it must hold ${REGIME_CONFIRM_SESSIONS} sessions in a row.`,
    },
  ];
}

/**
 * Why the regime is what it is: every input of each classification with its value, formula and date, the rule it
 * feeds, and that rule worked on today's numbers, in plain view rather than behind a tooltip.
 */
export function RegimeInputs({ data }: { data: RegimeView }) {
  const t = data.today;
  if (!t) return null;
  const steps = regimeSteps(t, data.labelSessions, data.labelSince);
  return (
    <section aria-labelledby="regime-why-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="regime-inputs">
      <h2 id="regime-why-h" className="font-semibold text-slate-900">
        Why the regime is what it is
      </h2>
      <p className="text-sm text-slate-700">End-of-day data as of {formatDate(t.date)}. Thresholds are a teaching example, not advice.</p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        {steps.map((s) => (
          <div key={s.id} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid={`regime-step-${s.id}`}>
            <h3 className="font-semibold text-slate-900">{s.title}</h3>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">{`${s.title}: inputs`}</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Input</th>
                  <th scope="col">Value</th>
                  <th scope="col">How it is computed</th>
                </tr>
              </thead>
              <tbody>
                {s.rows.map((r) => (
                  <tr key={r.name} className="align-top">
                    <th scope="row" className="py-1 pr-2 font-medium text-slate-800">
                      {r.name}
                    </th>
                    <td className="whitespace-nowrap py-1 pr-2 font-semibold tabular-nums text-slate-900">{r.value}</td>
                    <td className="py-1 text-slate-700">{r.how}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-sm text-slate-700">
              <span className="font-medium text-slate-800">Rule:</span> {s.rule}
            </p>
            <p className="mt-1 text-sm font-semibold text-slate-900" data-testid={`regime-check-${s.id}`}>
              {s.check}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
