import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { indianGreeks } from '@shared/market/india/greeks-calculator';
import { nseDaysToExpiry } from '@shared/market/india/nse-calendar';
import { NSE_CONTRACTS, nseContract } from '@shared/market/india/nse-contracts';
import { RBI_REPO_RATE, RBI_REPO_RATE_LAST_CONFIRMED, RBI_REPO_RATE_UNCONFIRMED_AFTER } from '@shared/market/india/repo-rate';
import type { OptionType } from '@shared/pricing';
import { formatMoney } from '@shared/format/money';
import { formatNumber } from '@shared/format/number';
import { formatDate, formatExpiry } from '@shared/format/time';
import { useIndiaUnderlyings, useIndianChain, type IndianChain } from '@web/api/india';
import { QueryError } from '@web/components/query-state';
import { ApiError } from '@web/lib/api-client';
import { readContractQuery } from '@web/lib/india-calculator-link';
import { usePageMeta } from '@web/lib/page-meta';
import {
  blankForm,
  chainStrikes,
  contractFromChain,
  contractInput,
  fieldErrors,
  formFromContract,
  holidaysUnknownFor,
  kolkataToday,
  onStep,
  parseNumber,
  snapToStep,
  toInput,
  type CalculatorForm,
  type CalculatorMode,
  type ChosenContract,
  type FieldName,
} from '../lib/calculator-form';
import { errorClass, fieldClass, hintClass, invalidFieldClass, NumberField, RadioGroup, SelectField, sourceLink } from './fields';
import { Results } from './results';

const INDIA_CALCULATOR_TITLE = 'Indian options Greeks calculator';
const DEFAULT_SYMBOL = 'NIFTY';
const inr = (x: number) => formatMoney(x, 'INR');
const percentText = (fraction: number) => `${formatNumber(fraction * 100, { digits: 2, minDigits: 0 })}%`;
const sideLabel = (type: OptionType) => (type === 'call' ? 'call (CE)' : 'put (PE)');

interface Choice {
  symbol: string;
  /** null: the nearest listed expiry. */
  expiry: string | null;
  /** null: the at-the-money strike. */
  strike: number | null;
  type: OptionType;
}

/** The repo rate's source and date, and that the RBI's later decisions are not known here. */
function RepoRateNote() {
  return (
    <>
      The RBI repo rate, {percentText(RBI_REPO_RATE.rate)} since {formatDate(RBI_REPO_RATE.effectiveFrom)} ({sourceLink(RBI_REPO_RATE.source)},{' '}
      {RBI_REPO_RATE.source.publisher}); last confirmed unchanged on {formatDate(RBI_REPO_RATE_LAST_CONFIRMED.date)} (
      {RBI_REPO_RATE_LAST_CONFIRMED.source.publisher}). The MPC&apos;s {RBI_REPO_RATE_UNCONFIRMED_AFTER.decisions.join(' and ')} decisions are not in this
      calculator yet: check the RBI&apos;s current rate.
    </>
  );
}

/** Said beside an expiry in a year whose NSE holiday list the calendar does not have. */
function HolidayNote({ date }: { date: string }) {
  if (!holidaysUnknownFor(date)) return null;
  const year = date.slice(0, 4);
  return (
    <p className="mt-1 text-xs font-medium text-amber-900">
      NSE&apos;s {year} holiday list is not in this calculator yet: {year} counts weekends and the fixed-date holidays (Republic Day, Maharashtra Day,
      Independence Day, Gandhi Jayanti, Christmas) only, so a festival holiday that would move this expiry is not known.
    </p>
  );
}

/** Where the chain's figures come from and of which date, said plainly. */
function chainDateText(chain: IndianChain): string {
  const source =
    chain.feed.source === 'simulated'
      ? 'the simulated NSE market (not real prices)'
      : chain.feed.standIn
        ? 'the local Kite stand-in (not Zerodha)'
        : 'Zerodha Kite';
  if (chain.feed.source === 'kite' && chain.feed.marketOpen) {
    const time = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' }).format(new Date(chain.asOf));
    return `Data of ${formatDate(chain.session)}, read at ${time} IST from ${source}.`;
  }
  return `Data of ${formatDate(chain.session)}: the close (15:30 IST), from ${source}.`;
}

/**
 * /india/greeks-calculator (issue 38): the price and Greeks of one NSE option, per share and per lot, in rupees. It opens
 * on a real contract of the Indian chain (NIFTY's nearest expiry, the at-the-money call, or the contract the address
 * names) priced at once; the learner chooses underlying, expiry, strike and side from the chain, or types every input,
 * starting from the chosen contract's values. Errors show beside a field only once the learner has touched it or asked
 * for the price. The maths is the pure `indianGreeks`; the chain is read through web/src/api/india.ts.
 */
export function IndiaCalculatorPage({ now }: { now?: Date }) {
  usePageMeta({
    title: INDIA_CALCULATOR_TITLE,
    description:
      'Price an NSE index or stock option and read its Greeks per share and per lot in rupees, from a contract of the NSE chain or your own inputs, with the RBI repo rate. Free, no login required.',
    path: '/india/greeks-calculator',
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => kolkataToday(now ?? new Date()));
  const [mode, setMode] = useState<CalculatorMode>('contract');
  const [choice, setChoice] = useState<Choice>(() => {
    const q = readContractQuery(searchParams);
    const symbol = q && nseContract(q.symbol) ? q.symbol : DEFAULT_SYMBOL;
    return { symbol, expiry: (q?.symbol === symbol && q.expiry) || null, strike: (q?.symbol === symbol && q.strike) || null, type: q?.type ?? 'call' };
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState<CalculatorForm>(blankForm);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const base = useId();
  const id = (name: string) => `${base}-${name}`;

  const underlyings = useIndiaUnderlyings();
  const chain = useIndianChain(choice.symbol, choice.expiry);
  const chainData = chain.data?.underlying === choice.symbol ? chain.data : undefined;
  const contract = useMemo(() => (chainData ? contractFromChain(chainData, choice.strike, choice.type) : null), [chainData, choice.strike, choice.type]);
  const list =
    underlyings.data?.underlyings ?? NSE_CONTRACTS.map((c) => ({ symbol: c.symbol, name: c.name, lotSize: c.lotSize, strikeInterval: c.strikeInterval }));
  const spec = nseContract(choice.symbol);

  // An address naming an expiry the chain no longer lists (an old link): the nearest expiry instead, said so.
  const staleExpiry = chain.error instanceof ApiError && chain.error.status === 404 && choice.expiry !== null;
  // Adjusted while rendering (React's pattern for state that follows other state), so no effect re-renders the page.
  if (staleExpiry) {
    setNotice(`The expiry ${formatDate(choice.expiry!)} is not listed for ${choice.symbol}; showing the nearest one.`);
    setChoice((c) => ({ ...c, expiry: null, strike: null }));
  }

  const choose = (patch: Partial<Choice>) => {
    const next = { ...choice, ...patch };
    setChoice(next);
    setNotice(null);
    const params: Record<string, string> = { symbol: next.symbol, type: next.type };
    if (next.expiry) params.expiry = next.expiry;
    if (next.strike !== null) params.strike = String(next.strike);
    setSearchParams(params, { replace: true });
  };

  const switchMode = (next: CalculatorMode) => {
    if (next === mode) return;
    if (next === 'own' && contract) {
      // The contract's values become the learner's to change; nothing is marked wrong yet.
      setForm(formFromContract(contract, list.find((u) => u.symbol === contract.underlying)?.strikeInterval));
      setTouched(new Set());
      setSubmitted(false);
    }
    setMode(next);
  };

  // Own inputs: the pure calculator once every field reads well; each field's error shown once touched or submitted.
  const errors = useMemo(() => fieldErrors(form, today), [form, today]);
  const ownInput = useMemo(() => toInput(form, today), [form, today]);
  const ownResult = useMemo(() => (Object.keys(errors).length === 0 ? indianGreeks(ownInput) : null), [errors, ownInput]);
  const shown = (name: FieldName) => (submitted || touched.has(name) ? errors[name] : undefined);
  const touch = (name: FieldName) => () => setTouched((t) => (t.has(name) ? t : new Set(t).add(name)));
  const set = (patch: Partial<CalculatorForm>) => setForm((f) => ({ ...f, ...patch }));

  // A chosen contract: its own figures, priced.
  const chosenInput = contract ? contractInput(contract) : null;
  const chosenResult = chosenInput ? indianGreeks(chosenInput) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (mode !== 'own') return;
    setSubmitted(true);
    const order: FieldName[] = ['spot', 'strike', 'lotSize', 'expiry', 'days', 'iv', 'repoRate', 'dividendYield'];
    const first = order.find((n) => errors[n]);
    if (first) document.getElementById(id(first))?.focus();
  };

  let input = null;
  let result = null;
  let label = '';
  let waiting: ReactNode = null;
  let footer: ReactNode = null;
  if (mode === 'contract') {
    if (contract && chosenInput && chosenResult?.ok) {
      input = chosenInput;
      result = chosenResult.value;
      label = `${contract.underlying} ${formatExpiry(contract.expiry)} ${inr(contract.strike)} ${sideLabel(contract.type)}`;
    } else if (contract && contract.iv === null) {
      waiting = (
        <>The chain has no implied volatility for {contract.tradingsymbol} (no quote to solve it from). Choose another strike, or type your own inputs.</>
      );
    } else if (chain.isError && !staleExpiry) {
      waiting = <QueryError error={chain.error} onRetry={() => chain.refetch()} retrying={chain.isFetching} className="text-sm text-red-900" />;
    } else if (chainData && !contract) {
      waiting = <>The {choice.symbol} chain lists no such contract. Choose another strike.</>;
    } else {
      waiting = <>Loading the {choice.symbol} chain…</>;
    }
    if (chainData)
      footer = (
        <>
          <p data-testid="calculator-data-date">{chainDateText(chainData)}</p>
          {contract && result && (
            <p>
              The chain quotes {contract.tradingsymbol} at {inr(contract.mid)} a share (mid); the IV it shows is solved from that price at the chain&apos;s
              date, so the premium here is close to it.
            </p>
          )}
        </>
      );
  } else {
    const visible = Object.keys(errors).some((n) => shown(n as FieldName));
    if (ownResult?.ok) {
      input = ownInput;
      result = ownResult.value;
      const k = inr(ownInput.strike);
      label = `${form.underlying ? `${form.underlying} ` : ''}${k} ${sideLabel(form.type)}`;
    } else if (ownResult && !ownResult.ok) {
      waiting = ownResult.error.message;
    } else {
      waiting = visible ? <>Correct the fields marked above to see the price.</> : <>Fill in every input to see the price and Greeks.</>;
    }
    footer = (
      <p>
        Your own inputs{form.underlying ? ` (started from a ${form.underlying} contract)` : ''}; days to expiry are calendar days
        {form.expiryMode === 'date' ? <> from today, {formatDate(today)} in India</> : null}.
      </p>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <Link to="/coming-soon" className="text-sm font-medium text-brand-800 hover:underline">
        &larr; Indian markets
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{INDIA_CALCULATOR_TITLE}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Price an NSE option and read its Greeks per share and per lot, in rupees. NSE index and stock options are European, exercised only on expiry, so the
        model is Black-Scholes-Merton on the spot with the RBI repo rate. Choose a contract from the NSE chain, or type every input yourself. For learning only:
        not a quote and not advice.
      </p>

      {/* min-w-0 on both columns: a grid item is as wide as its content by default, and a long formula would widen the page on a phone. */}
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-5">
        <form
          aria-label="Option inputs"
          noValidate
          onSubmit={onSubmit}
          className="min-w-0 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
        >
          <RadioGroup
            legend="Inputs"
            name="calculator-mode"
            value={mode}
            onChange={switchMode}
            options={[
              ['contract', 'Choose an NSE contract'],
              ['own', 'Type my own inputs'],
            ]}
          />
          {notice && (
            <p role="status" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200">
              {notice}
            </p>
          )}

          {mode === 'contract' ? (
            <ContractFields
              id={id}
              choice={choice}
              list={list}
              chain={chainData}
              contract={contract}
              lotConfirmed={spec?.confirmed.lotSize ?? true}
              lotSource={spec?.sources[0]}
              onChoose={choose}
            />
          ) : (
            <OwnFields id={id} form={form} set={set} today={today} shown={shown} touch={touch} />
          )}

          {mode === 'own' && (
            <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
              Price this option
            </button>
          )}
        </form>

        <Results input={input} result={result} label={label} waiting={waiting} footer={footer} />
      </div>
    </div>
  );
}

/** The contract picker: underlying, expiry, strike and side from the chain, and the inputs they fill. */
function ContractFields({
  id,
  choice,
  list,
  chain,
  contract,
  lotConfirmed,
  lotSource,
  onChoose,
}: {
  id: (name: string) => string;
  choice: Choice;
  list: readonly { symbol: string; name: string; lotSize: number }[];
  chain: IndianChain | undefined;
  contract: ChosenContract | null;
  lotConfirmed: boolean;
  lotSource?: { title: string; publisher: string; url?: string };
  onChoose: (patch: Partial<Choice>) => void;
}) {
  const strikes = chain ? chainStrikes(chain) : [];
  const atm = chain ? contractFromChain(chain, null, choice.type)?.strike : undefined;
  const row = (term: string, value: ReactNode, note?: ReactNode) => (
    // One wrapper per term, with only its dt and dds in it (a dl's groups may be wrapped once, never twice: axe's
    // definition-list and dlitem rules); the note is a second description, on its own row.
    <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-sm text-slate-700">{term}</dt>
      <dd className="text-right text-sm font-semibold tabular-nums text-slate-900">{value}</dd>
      {note && <dd className={`col-span-2 ${hintClass}`}>{note}</dd>}
    </div>
  );
  return (
    <>
      <SelectField id={id('underlying')} label="NSE underlying" value={choice.symbol} onChange={(symbol) => onChoose({ symbol, expiry: null, strike: null })}>
        {list.map((u) => (
          <option key={u.symbol} value={u.symbol}>
            {u.symbol} ({u.name})
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <SelectField
          id={id('expiry')}
          label="Expiry"
          value={chain?.expiry ?? ''}
          disabled={!chain}
          onChange={(expiry) => onChoose({ expiry, strike: contract?.strike ?? null })}
        >
          {!chain && <option value="">Loading…</option>}
          {chain?.expiries.map((e) => (
            <option key={e.date} value={e.date}>
              {formatExpiry(e.date)} ({e.kind})
            </option>
          ))}
        </SelectField>
        <SelectField
          id={id('strike')}
          label="Strike"
          value={contract ? String(contract.strike) : ''}
          disabled={!chain}
          onChange={(k) => onChoose({ strike: Number(k) })}
        >
          {!chain && <option value="">Loading…</option>}
          {strikes.map((k) => (
            <option key={k} value={k}>
              {inr(k)}
              {k === atm ? ' (at the money)' : ''}
            </option>
          ))}
        </SelectField>
      </div>
      <RadioGroup
        legend="Option type"
        name="option-type"
        value={choice.type}
        onChange={(type) => onChoose({ type, strike: contract?.strike ?? choice.strike })}
        options={[
          ['call', 'Call (CE)'],
          ['put', 'Put (PE)'],
        ]}
      />
      {chain && <HolidayNote date={chain.expiry} />}

      {contract && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Inputs from {contract.tradingsymbol}</h3>
          <dl className="mt-1">
            {row('Spot', inr(contract.spot), <>{chain?.name} at the chain&apos;s date.</>)}
            {row('Strike', inr(contract.strike))}
            {row(
              'Days to expiry',
              contract.daysToExpiry === 1 ? '1 day' : `${contract.daysToExpiry} days`,
              <>
                Calendar days from the chain&apos;s date, {formatDate(contract.session)}, to the expiry, {formatDate(contract.expiry)}; 0 on the expiry day.
              </>,
            )}
            {row('Implied volatility', contract.iv === null ? 'none' : percentText(contract.iv), <>This contract&apos;s own IV, from the chain.</>)}
            {row('Repo rate', percentText(contract.repoRate), <RepoRateNote />)}
            {row('Dividend yield', percentText(contract.dividendYield), <>The chain&apos;s yield for {contract.underlying}, continuous.</>)}
            {row(
              'Lot size',
              `${contract.lotSize} ${contract.lotSize === 1 ? 'share' : 'shares'}`,
              lotConfirmed ? undefined : (
                <>
                  Not confirmed by a stored NSE circular{lotSource ? <> (last checked against {sourceLink(lotSource)})</> : null}: check it against NSE&apos;s
                  contract file.
                </>
              ),
            )}
          </dl>
        </div>
      )}
    </>
  );
}

/** Every input typed by the learner, each with its error once touched. */
function OwnFields({
  id,
  form,
  set,
  today,
  shown,
  touch,
}: {
  id: (name: string) => string;
  form: CalculatorForm;
  set: (patch: Partial<CalculatorForm>) => void;
  today: string;
  shown: (name: FieldName) => string | undefined;
  touch: (name: FieldName) => () => void;
}) {
  const strike = parseNumber(form.strike);
  const step = parseNumber(form.strikeStep);
  const snapped = snapToStep(strike, step);
  const strikeHint =
    strike > 0 && step > 0 && !onStep(strike, step) ? (
      <>
        Strikes are listed every {inr(step)}; the nearest listed strike is {inr(snapped)}.{' '}
        <button type="button" onClick={() => set({ strike: String(snapped) })} className="font-semibold text-brand-800 underline underline-offset-2">
          Use {inr(snapped)}
        </button>
      </>
    ) : undefined;
  const expiryError = shown('expiry');
  const expiryDays = form.expiryMode === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(form.expiry) && form.expiry >= today ? nseDaysToExpiry(today, form.expiry) : null;
  return (
    <>
      <RadioGroup
        legend="Option type"
        name="option-type"
        value={form.type}
        onChange={(type) => set({ type })}
        options={[
          ['call', 'Call (CE)'],
          ['put', 'Put (PE)'],
        ]}
      />
      <NumberField
        id={id('spot')}
        label="Spot price"
        suffix="₹"
        value={form.spot}
        onChange={(spot) => set({ spot })}
        onBlur={touch('spot')}
        error={shown('spot')}
      />
      <NumberField
        id={id('strike')}
        label="Strike"
        suffix="₹"
        value={form.strike}
        onChange={(v) => set({ strike: v })}
        onBlur={touch('strike')}
        error={shown('strike')}
        hint={strikeHint}
      />
      <div className="grid grid-cols-2 gap-4">
        <NumberField id={id('strikeStep')} label="Strike step" suffix="₹" value={form.strikeStep} onChange={(strikeStep) => set({ strikeStep })} />
        <NumberField
          id={id('lotSize')}
          label="Lot size"
          suffix="shares"
          value={form.lotSize}
          onChange={(lotSize) => set({ lotSize })}
          onBlur={touch('lotSize')}
          error={shown('lotSize')}
        />
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Expiry</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(
            [
              ['date', 'Expiry date'],
              ['days', 'Days to expiry'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="radio"
                name="expiry-mode"
                checked={form.expiryMode === value}
                onChange={() => set({ expiryMode: value })}
                className="accent-brand-700"
              />
              {text}
            </label>
          ))}
        </div>
        <div className="mt-2">
          {form.expiryMode === 'days' ? (
            <NumberField
              id={id('days')}
              label="Days to expiry"
              suffix="calendar days"
              value={form.days}
              onChange={(days) => set({ days })}
              onBlur={touch('days')}
              error={shown('days')}
              hint={
                form.underlying ? <>Counted from the chain&apos;s date of the contract you started from; 0 on the expiry day.</> : <>0 on the expiry day.</>
              }
            />
          ) : (
            <>
              <label htmlFor={id('expiry')} className="block text-sm font-medium text-slate-800">
                Expiry date
              </label>
              <input
                id={id('expiry')}
                type="date"
                min={today}
                value={form.expiry}
                onChange={(e) => set({ expiry: e.target.value })}
                onBlur={touch('expiry')}
                aria-invalid={expiryError ? true : undefined}
                aria-describedby={`${expiryError ? `${id('expiry')}-error ` : ''}${id('expiry')}-hint`}
                className={expiryError ? invalidFieldClass : fieldClass}
              />
              {expiryError && (
                <p id={`${id('expiry')}-error`} className={errorClass}>
                  {expiryError}
                </p>
              )}
              <p id={`${id('expiry')}-hint`} className={hintClass}>
                {expiryDays !== null ? (
                  <>
                    <strong className="text-slate-900">{expiryDays === 1 ? '1 day' : `${expiryDays} days`}</strong> to expiry: calendar days from today,{' '}
                    {formatDate(today)} in India, to {formatDate(form.expiry)}; 0 on the expiry day itself.
                  </>
                ) : (
                  <>Days are counted in calendar days from today, {formatDate(today)} in India, to the expiry day.</>
                )}
              </p>
              {/^\d{4}-\d{2}-\d{2}$/.test(form.expiry) && <HolidayNote date={form.expiry} />}
            </>
          )}
        </div>
      </fieldset>

      <NumberField
        id={id('iv')}
        label="Implied volatility"
        suffix="% a year"
        value={form.iv}
        onChange={(iv) => set({ iv })}
        onBlur={touch('iv')}
        error={shown('iv')}
      />
      <NumberField
        id={id('repoRate')}
        label="Repo rate"
        suffix="% a year"
        value={form.repoRate}
        onChange={(repoRate) => set({ repoRate })}
        onBlur={touch('repoRate')}
        error={shown('repoRate')}
        hint={<RepoRateNote />}
      />
      <NumberField
        id={id('dividendYield')}
        label="Dividend yield"
        suffix="% a year"
        value={form.dividendYield}
        onChange={(dividendYield) => set({ dividendYield })}
        onBlur={touch('dividendYield')}
        error={shown('dividendYield')}
        hint="0 leaves dividends out."
      />
    </>
  );
}
