import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { indianGreeks, type IndianGreeksResult } from '@shared/market/india/greeks-calculator';
import { nseDaysToExpiry } from '@shared/market/india/nse-calendar';
import { NSE_CONTRACTS } from '@shared/market/india/nse-contracts';
import { RBI_REPO_RATE, RBI_REPO_RATE_LAST_CONFIRMED } from '@shared/market/india/repo-rate';
import { formatMoney } from '@shared/format/money';
import { formatNumber } from '@shared/format/number';
import { formatDate, formatExpiry } from '@shared/format/time';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { usePageMeta } from '@web/lib/page-meta';
import {
  blankForm,
  chooseUnderlying,
  chosenSpec,
  kolkataToday,
  listedExpiries,
  onStep,
  parseNumber,
  snapToStep,
  toInput,
  type CalculatorForm,
} from '../lib/calculator-form';
import { formulaLines } from '../lib/formula-tex';
import { Formula } from './formula';

const INDIA_CALCULATOR_TITLE = 'Indian options Greeks calculator';

const field =
  'mt-1 block w-full rounded-lg bg-white px-3 py-2 text-slate-900 ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600';
const hintClass = 'mt-1 text-xs text-slate-600';

const sourceLink = (s: { title: string; publisher: string; url?: string }) =>
  s.url ? (
    <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-brand-800 underline underline-offset-2">
      {s.title}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    s.title
  );

/** A labelled input with its hint read with it. */
function NumberField({
  label,
  value,
  onChange,
  hint,
  suffix,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: ReactNode;
  suffix?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {suffix && (
          <>
            {' '}
            <span className="text-slate-600">({suffix})</span>
          </>
        )}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={field}
      />
      {hint && (
        <div id={`${id}-hint`} className={hintClass}>
          {hint}
        </div>
      )}
    </div>
  );
}

/**
 * /india/greeks-calculator (issue 38): the price and Greeks of one NSE option, per share and per lot, in rupees. The
 * learner chooses an NSE underlying (its lot size, strike step and listed expiries from the contract specifications)
 * or types every input; the RBI repo rate is filled in with its date and source; the pure `indianGreeks` computes, and
 * its errors are shown as it words them. Nothing is sent anywhere: the page works without an account or a server.
 */
export function IndiaCalculatorPage({ now }: { now?: Date }) {
  usePageMeta({
    title: INDIA_CALCULATOR_TITLE,
    description:
      'Price an NSE index or stock option and read its Greeks per share and per lot in rupees, with NSE lot sizes, listed expiries and the RBI repo rate. Free, no login required.',
    path: '/india/greeks-calculator',
  });
  const [today] = useState(() => kolkataToday(now ?? new Date()));
  const [form, setForm] = useState<CalculatorForm>(blankForm);
  const set = (patch: Partial<CalculatorForm>) => setForm((f) => ({ ...f, ...patch }));
  const ids = { underlying: useId(), expiry: useId(), expiryHint: useId(), results: useId(), formula: useId() };

  const spec = chosenSpec(form);
  const expiries = listedExpiries(form.underlying, today);
  const input = useMemo(() => toInput(form, today), [form, today]);
  const result = useMemo(() => indianGreeks(input), [input]);

  const strike = parseNumber(form.strike);
  const step = parseNumber(form.strikeStep);
  const snapped = snapToStep(strike, step);
  const strikeHint =
    strike > 0 && step > 0 ? (
      onStep(strike, step) ? (
        <>
          On the strike step: {spec ? `NSE lists ${spec.symbol}` : 'strikes are listed'} every {formatMoney(step, 'INR')}.
        </>
      ) : (
        <>
          {spec ? `NSE lists ${spec.symbol}` : 'Strikes are listed'} every {formatMoney(step, 'INR')}; the nearest listed strike is{' '}
          {formatMoney(snapped, 'INR')}.{' '}
          <button type="button" onClick={() => set({ strike: String(snapped) })} className="font-semibold text-brand-800 underline underline-offset-2">
            Use {formatMoney(snapped, 'INR')}
          </button>
        </>
      )
    ) : undefined;

  const expiryDays = form.expiryMode === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(form.expiry) && form.expiry >= today ? nseDaysToExpiry(today, form.expiry) : null;
  const lot = result.ok ? input.lotSize : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <Link to="/coming-soon" className="text-sm font-medium text-brand-800 hover:underline">
        &larr; Indian markets
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{INDIA_CALCULATOR_TITLE}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Price an NSE option and read its Greeks per share and per lot, in rupees. NSE index and stock options are European, exercised only on expiry, so the
        model is Black-Scholes-Merton on the spot with the RBI repo rate. Choose an underlying to fill in its lot size, strike step and expiries, or type every
        input yourself. For learning only: not a quote and not advice.
      </p>

      {/* min-w-0 on both columns: a grid item is as wide as its content by default, and a long formula would widen the page on a phone. */}
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-5">
        <form
          aria-label="Option inputs"
          onSubmit={(e) => e.preventDefault()}
          className="min-w-0 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
        >
          <div>
            <label htmlFor={ids.underlying} className="block text-sm font-medium text-slate-800">
              NSE underlying
            </label>
            <select id={ids.underlying} value={form.underlying} onChange={(e) => setForm((f) => chooseUnderlying(f, e.target.value, today))} className={field}>
              <option value="">Type my own inputs</option>
              {NSE_CONTRACTS.map((c) => (
                <option key={c.symbol} value={c.symbol}>
                  {c.symbol} ({c.name})
                </option>
              ))}
            </select>
            {spec && (
              <p className={hintClass}>
                Lot size <strong className="text-slate-900">{spec.lotSize}</strong>, strikes every {formatMoney(spec.strikeInterval, 'INR')}, from{' '}
                {sourceLink(spec.sources[0]!)}
                {spec.confirmed.lotSize ? '.' : '; not found in a stored source, so check it against NSE’s contract file.'}
              </p>
            )}
          </div>

          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Option type</legend>
            <div className="mt-1 flex gap-4">
              {(
                [
                  ['call', 'Call (CE)'],
                  ['put', 'Put (PE)'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-1.5 text-sm text-slate-800">
                  <input type="radio" name="option-type" checked={form.type === value} onChange={() => set({ type: value })} className="accent-brand-700" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          <NumberField
            label="Spot price"
            suffix="₹"
            value={form.spot}
            onChange={(spot) => set({ spot })}
            hint={
              spec ? <>An example to start from: the simulated NSE market&apos;s reference level, not today&apos;s price. Type the current price.</> : undefined
            }
          />
          <NumberField label="Strike" suffix="₹" value={form.strike} onChange={(v) => set({ strike: v })} hint={strikeHint} />
          <div className="grid grid-cols-2 gap-4">
            <NumberField label="Strike step" suffix="₹" value={form.strikeStep} onChange={(strikeStep) => set({ strikeStep })} />
            <NumberField label="Lot size" suffix="shares" value={form.lotSize} onChange={(lotSize) => set({ lotSize })} />
          </div>

          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Expiry</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {(
                [
                  ['date', 'Expiry date'],
                  ['days', 'Days to expiry'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-1.5 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="expiry-mode"
                    checked={form.expiryMode === value}
                    onChange={() => set({ expiryMode: value })}
                    className="accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            <div className="mt-2">
              {form.expiryMode === 'days' ? (
                <NumberField label="Days to expiry" suffix="calendar days" value={form.days} onChange={(days) => set({ days })} />
              ) : (
                <>
                  <label htmlFor={ids.expiry} className="block text-sm font-medium text-slate-800">
                    {spec ? `Listed ${spec.symbol} expiry` : 'Expiry date'}
                  </label>
                  {spec ? (
                    <select
                      id={ids.expiry}
                      value={form.expiry}
                      onChange={(e) => set({ expiry: e.target.value })}
                      aria-describedby={ids.expiryHint}
                      className={field}
                    >
                      {expiries.map((e) => (
                        <option key={e.date} value={e.date}>
                          {formatExpiry(e.date)} ({e.kind})
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={ids.expiry}
                      type="date"
                      min={today}
                      value={form.expiry}
                      onChange={(e) => set({ expiry: e.target.value })}
                      aria-describedby={ids.expiryHint}
                      className={field}
                    />
                  )}
                  <p id={ids.expiryHint} className={hintClass}>
                    {expiryDays !== null ? (
                      <>
                        <strong className="text-slate-900">{expiryDays === 1 ? '1 day' : `${expiryDays} days`}</strong> to expiry: calendar days from today,{' '}
                        {formatDate(today)} in India, to the expiry day ({formatDate(form.expiry)}), 0 on the expiry day itself.
                      </>
                    ) : (
                      <>Days are counted in calendar days from today, {formatDate(today)} in India, to the expiry day.</>
                    )}
                  </p>
                </>
              )}
            </div>
          </fieldset>

          <NumberField label="Implied volatility" suffix="% a year" value={form.iv} onChange={(iv) => set({ iv })} />
          <NumberField
            label="Repo rate"
            suffix="% a year"
            value={form.repoRate}
            onChange={(repoRate) => set({ repoRate })}
            hint={
              <>
                The RBI repo rate, {formatNumber(RBI_REPO_RATE.rate * 100)}% since {formatDate(RBI_REPO_RATE.effectiveFrom)} ({sourceLink(RBI_REPO_RATE.source)}
                , {RBI_REPO_RATE.source.publisher}); last confirmed unchanged on {formatDate(RBI_REPO_RATE_LAST_CONFIRMED.date)} (
                {RBI_REPO_RATE_LAST_CONFIRMED.source.publisher}
                ).
              </>
            }
          />
          <NumberField
            label="Dividend yield"
            suffix="% a year"
            value={form.dividendYield}
            onChange={(dividendYield) => set({ dividendYield })}
            hint="0 leaves dividends out."
          />
        </form>

        <div className="min-w-0 space-y-8 lg:col-span-3">
          <section aria-labelledby={ids.results} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id={ids.results} className="text-xl font-bold text-slate-900">
              Price and Greeks
            </h2>
            {!result.ok ? (
              <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200">
                {result.error.message}
              </p>
            ) : (
              <>
                <p role="status" className="mt-2 text-sm text-slate-700">
                  {spec ? `${spec.symbol} ` : ''}
                  {formatMoney(input.strike, 'INR')} {input.type === 'call' ? 'call (CE)' : 'put (PE)'},{' '}
                  {result.value.daysToExpiry === 1 ? '1 day' : `${result.value.daysToExpiry} days`} to expiry:{' '}
                  <strong className="text-slate-900">{formatMoney(result.value.perShare.price, 'INR')}</strong> a share,{' '}
                  <strong className="text-slate-900">{formatMoney(result.value.perLot.price, 'INR')}</strong> a lot of {lot}.
                </p>
                <ScrollRegion label="Price and Greeks per share and per lot" className="mt-3">
                  <table className="w-full text-sm">
                    <thead>
                      <tr className="border-b border-slate-200 text-left text-slate-600">
                        <th scope="col" className="py-2 pr-3 font-medium">
                          Figure
                        </th>
                        <th scope="col" className="py-2 pr-3 text-right font-medium">
                          Per share
                        </th>
                        <th scope="col" className="py-2 text-right font-medium">
                          Per lot of {lot}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {greekRows(result.value).map((row) => (
                        <tr key={row.name} className="border-b border-slate-100 align-top">
                          <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                            {row.name}
                            <span className="block text-xs font-normal text-slate-600">{row.meaning}</span>
                          </th>
                          <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums text-slate-900">{row.perShare}</td>
                          <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-900">{row.perLot}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </>
            )}
          </section>

          {result.ok && (
            <section aria-labelledby={ids.formula} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id={ids.formula} className="text-xl font-bold text-slate-900">
                The formula, with your numbers
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                N is the standard normal distribution. Theta is per calendar day; vega and rho are per 1 percentage point of volatility and of the rate.
              </p>
              <ol className="mt-3 space-y-3">
                {formulaLines(input, result.value).map((line) => (
                  <li key={line.label}>
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{line.label}</p>
                    <ScrollRegion label={line.label} className="text-xs sm:text-base">
                      <Formula tex={line.tex} />
                    </ScrollRegion>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

/** The table's rows: money in rupees with Indian grouping; delta and gamma, which are not money per share, as numbers. */
function greekRows(v: IndianGreeksResult) {
  const inr = (x: number) => formatMoney(x, 'INR');
  return [
    { name: 'Premium', meaning: 'What the option is worth', perShare: inr(v.perShare.price), perLot: inr(v.perLot.price) },
    {
      name: 'Delta',
      meaning: 'Change for a ₹1 rise in the spot (per lot: in rupees)',
      perShare: formatNumber(v.perShare.delta, { digits: 4 }),
      perLot: inr(v.perLot.delta),
    },
    {
      name: 'Gamma',
      meaning: 'Change in delta for a ₹1 rise',
      perShare: formatNumber(v.perShare.gamma, { digits: 6 }),
      perLot: formatNumber(v.perLot.gamma, { digits: 4 }),
    },
    { name: 'Theta', meaning: 'Change in value over one calendar day', perShare: inr(v.perShare.theta), perLot: inr(v.perLot.theta) },
    { name: 'Vega', meaning: 'Change for 1 point more volatility', perShare: inr(v.perShare.vega), perLot: inr(v.perLot.vega) },
    { name: 'Rho', meaning: 'Change for 1 point more interest', perShare: inr(v.perShare.rho), perLot: inr(v.perLot.rho) },
  ];
}
