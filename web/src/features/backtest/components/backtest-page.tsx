import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { ulid } from 'ulid';
import { formatUsd } from '@shared/format/money';
import { formatExpiry } from '@shared/format/time';
import {
  useBacktestDrafts,
  useBacktestHistory,
  useBacktestRun,
  useBacktestRuns,
  useDeleteRun,
  useRunBacktest,
  type BacktestHistory,
  type Draft,
  type SavedRun,
} from '@web/api/backtest';
import { quotesQueryOptions } from '@web/api/market';
import { QueryState } from '@web/components/query-state';
import { ApiError } from '@web/lib/api-client';
import { usePageMeta } from '@web/lib/page-meta';
import { initialFields, knownField, legsFromDraft, rulesOf, serverFieldError, startFromSearch, type FieldErrors, type FormFields } from '../lib/form';
import { RunForm } from './run-form';
import { RunResults } from './run-results';
import { SavedRunsList } from './saved-runs';
import { ShareRunDialog } from './share-run-dialog';

/**
 * /app/backtest (issue 39, "Backtesting"): a learner tests an idea over the stored year of end-of-day history and reads
 * what the result means. The form sends the rules with a clientRunId chosen once per submission (the same rules sent
 * again after a failure keep it, so a retry is never a second run); the answer is the saved run, opened below the form.
 */
export default function BacktestPage() {
  usePageMeta({
    title: 'Backtest',
    description: 'Test an options strategy over a year of end-of-day history, and learn what the result means.',
    path: '/app/backtest',
    noindex: true,
  });
  const history = useBacktestHistory();
  return (
    <div className="min-w-0 space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Backtest</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Try a strategy’s rules over the stored end-of-day history and see every trade they would have made, what the figures mean, and what the run teaches.
          Prices are modelled from each day’s volatility surface, not traded quotes. Build a position by hand in the{' '}
          <Link to="/app/trading" className="font-semibold text-brand-700 underline">
            strategy builder
          </Link>
          .
        </p>
      </header>
      <QueryState query={history} pendingLabel="Loading the stored history…">
        {(h) =>
          h.underlyings.length === 0 ? (
            <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="no-history">
              No end-of-day history is stored yet, so there is nothing to backtest on. The daily summaries are stored after each session&apos;s close.
            </p>
          ) : (
            <Workspace history={h} />
          )
        }
      </QueryState>
    </div>
  );
}

function Workspace({ history }: { history: BacktestHistory }) {
  const [params, setParams] = useSearchParams();
  const start = useMemo(() => startFromSearch(params, history), [history]); // eslint-disable-line react-hooks/exhaustive-deps
  const [fields, setFields] = useState<FormFields>(() => initialFields(history, start.start));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [sharing, setSharing] = useState<SavedRun | null>(null);
  const [note, setNote] = useState(start.note);
  const client = useQueryClient();
  const drafts = useBacktestDrafts();
  /** The submission in flight or last failed: its rules and its clientRunId. */
  const attempt = useRef<{ key: string; id: string } | null>(null);
  const results = useRef<HTMLDivElement>(null);

  const openId = params.get('run');
  const open = useBacktestRun(openId);
  const saved = useBacktestRuns();
  const run = useRunBacktest();
  const remove = useDeleteRun();

  const { body, errors } = rulesOf(fields, history);
  const shownErrors: FieldErrors = { ...serverErrors };
  for (const [k, v] of Object.entries(errors)) if (submitted || touched.has(k)) shownErrors[k] = v;

  const setOpen = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('run', id);
        else next.delete('run');
        return next;
      },
      { replace: false },
    );

  const onChange = (next: FormFields) => {
    setFields(next);
    setServerErrors({});
    setFormError(null);
  };

  /** A draft's legs by their distance from its underlying's latest close (a draft keeps no price of its own). */
  const fromDraft = async (draft: Draft) => {
    try {
      const { quotes } = await client.fetchQuery(quotesQueryOptions([draft.underlying]));
      const price = quotes.find((q) => q.ticker === draft.underlying)?.price ?? NaN;
      const legs = legsFromDraft(draft.legs, price);
      if (!legs.length) throw new Error('no price');
      const stored = history.underlyings.some((u) => u.symbol === draft.underlying);
      onChange({ ...fields, ...(stored ? { underlying: draft.underlying } : {}), strategyKind: 'legs', legs });
      setNote(
        `${draft.name}: its strikes are set as distances from ${draft.underlying}’s latest close (${formatUsd(price)}); each entry places them the same distance from that day’s price, all on one expiry.` +
          (draft.legs.length > legs.length ? ` Only its first ${legs.length} legs are kept: a backtest takes at most 4.` : '') +
          (stored ? '' : ` ${draft.underlying} has no stored history, so the underlying is unchanged.`),
      );
    } catch {
      setNote(`${draft.name}: the latest price of ${draft.underlying} could not be read, so its legs could not be set. Enter them below.`);
    }
  };

  const submit = () => {
    setSubmitted(true);
    setFormError(null);
    if (!body) {
      setSaid('The rules need a correction: see the fields marked Error.');
      return;
    }
    const key = JSON.stringify(body);
    if (attempt.current?.key !== key) attempt.current = { key, id: ulid() };
    const clientRunId = attempt.current.id;
    run.mutate(
      { ...body, clientRunId },
      {
        onSuccess: ({ run: r }) => {
          // This submission is done: the next press of the button is a new run.
          attempt.current = null;
          setServerErrors({});
          setSaid(`Backtest finished and saved: ${r.name}.`);
          setOpen(r.id);
          requestAnimationFrame(() => results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
        },
        onError: (e) => {
          const fieldError = e instanceof ApiError && e.status === 400 ? serverFieldError(e.body, e.message) : null;
          if (fieldError && knownField(fieldError.field, fields)) {
            attempt.current = null;
            setServerErrors({ [fieldError.field]: fieldError.message });
            setSaid(`The server could not run these rules: ${fieldError.message}`);
          } else {
            if (e instanceof ApiError && e.status >= 400 && e.status < 500) attempt.current = null;
            setFormError(e.message);
          }
        },
      },
    );
  };

  return (
    <>
      <p role="status" className="sr-only">
        {said}
      </p>
      <section aria-labelledby="bt-rules-h" className="space-y-3">
        <h2 id="bt-rules-h" className="text-lg font-semibold text-slate-900">
          Rules
        </h2>
        <RunForm
          history={history}
          fields={fields}
          onChange={onChange}
          errors={shownErrors}
          onTouch={(f) => setTouched((s) => new Set(s).add(f))}
          onSubmit={submit}
          running={run.isPending}
          formError={formError}
          note={note}
          drafts={drafts.data?.drafts ?? []}
          onDraft={(d) => void fromDraft(d)}
        />
      </section>

      <div ref={results} className="scroll-mt-20">
        {openId && (
          <QueryState query={open} pendingLabel="Loading the run…">
            {({ run: r }) => <RunResults run={r} onShare={() => setSharing(r)} />}
          </QueryState>
        )}
      </div>

      <QueryState query={saved} pendingLabel="Loading your saved runs…">
        {(s) => (
          <SavedRunsList
            saved={s}
            openId={openId}
            deleting={remove.isPending ? (remove.variables ?? null) : null}
            onOpen={(id) => {
              setOpen(id);
              requestAnimationFrame(() => results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
            }}
            onDelete={(id, name) =>
              remove.mutate(id, {
                onSuccess: () => {
                  setSaid(`Deleted ${name}.`);
                  if (openId === id) setOpen(null);
                },
                onError: (e) => setSaid(e.message),
              })
            }
          />
        )}
      </QueryState>
      {remove.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {remove.error.message}
        </p>
      )}
      <p className="text-xs text-slate-600">
        {history.source.label}
        {history.source.asOf ? ` Latest stored session: ${formatExpiry(history.source.asOf)}.` : ''}
      </p>

      {sharing && <ShareRunDialog run={sharing} onClose={() => setSharing(null)} />}
    </>
  );
}
