import { useId, useRef, useState } from 'react';
import { TAKER_FEE_FORMULA } from '@shared/prediction/fee';
import { plural } from '@shared/format/words';
import { usePlacePredictionOrder, type PredictionOrder } from '@web/api/prediction-account';
import type { MarketDetail } from '@web/api/prediction-markets';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { SegmentedControl } from '@web/components/ui/segmented-control';
import { formatCents, formatPriceCents, sideLabel } from '../lib/format';
import { newClientOrderId, previewOrder, ticketProblem, type Side, type TicketDraft, type TicketPreview } from '../lib/ticket';

const segment = (checked: boolean) =>
  `flex-1 rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-inset ${checked ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`;

/** What the learner holds of this market, by side (to sell). */
export interface Holding {
  yes: number;
  no: number;
}

/**
 * The order ticket (issue 36): buy YES or NO at the ask or rest a limit bid, whole contracts, limits in whole cents
 * from 1 to 99; sell what is held back to the bids. Before the order: the payoff box (what it costs, what it pays, the
 * most it can lose) and the taker fee by Kalshi's formula. Each submit carries a client order id; a retry of the same
 * submit (after a failure, the draft unchanged) sends the same id, so the server places the order once.
 */
export function OrderTicket({ detail, holding, balance }: { detail: MarketDetail; holding: Holding; balance: number | null }) {
  const { market, book } = detail;
  const [side, setSide] = useState<Side>('yes');
  const [action, setAction] = useState<'buy' | 'sell'>('buy');
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [countText, setCountText] = useState('1');
  const [limitText, setLimitText] = useState('');
  const [placed, setPlaced] = useState<PredictionOrder | null>(null);
  const pendingId = useRef<{ draft: string; id: string } | null>(null);
  const place = usePlacePredictionOrder();
  const ids = { count: useId(), limit: useId(), payoff: useId() };

  const draft: TicketDraft = {
    side,
    action,
    type: action === 'sell' ? 'market' : type,
    count: countText.trim() === '' ? Number.NaN : Number(countText),
    limitPrice: action === 'buy' && type === 'limit' && limitText.trim() !== '' ? Number(limitText) : null,
  };
  const open = market.resolution.status === 'open';
  const problem = ticketProblem(draft, holding[side]);
  const preview = problem === null ? previewOrder({ marketId: market.id, ...book }, draft) : null;
  const tooDear = preview !== null && draft.action === 'buy' && balance !== null && preview.totalCents > balance;

  const edit = (f: () => void) => {
    f();
    setPlaced(null);
    place.reset();
  };

  const submit = () => {
    if (problem !== null || !preview) return;
    const key = JSON.stringify(draft);
    // The same submit again (the last one failed and nothing changed): the same id, so it cannot be placed twice.
    if (pendingId.current?.draft !== key) pendingId.current = { draft: key, id: newClientOrderId() };
    place.mutate(
      {
        clientOrderId: pendingId.current.id,
        marketId: market.id,
        side: draft.side,
        action: draft.action,
        type: draft.type,
        count: draft.count,
        ...(draft.limitPrice !== null ? { limitPrice: draft.limitPrice } : {}),
      },
      {
        onSuccess: (order) => {
          pendingId.current = null;
          setPlaced(order);
        },
      },
    );
  };

  if (!open) {
    return (
      <section aria-labelledby="ticket-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="ticket-h" className="text-lg font-semibold text-slate-900">
          Trade
        </h2>
        <p className="mt-2 text-sm text-slate-700">Trading in this market has closed.</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="ticket-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="order-ticket">
      <h2 id="ticket-h" className="text-lg font-semibold text-slate-900">
        Trade (demo)
      </h2>
      <div className="mt-3 space-y-3">
        <SegmentedControl
          label="Buy or sell"
          options={[
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell what you hold' },
          ]}
          value={action}
          onSelect={(v) => edit(() => setAction(v))}
          className="flex gap-2"
          itemClassName={segment}
        />
        <SegmentedControl
          label="Side"
          options={[
            { value: 'yes', label: `${action === 'buy' ? 'Buy' : 'Sell'} YES` },
            { value: 'no', label: `${action === 'buy' ? 'Buy' : 'Sell'} NO` },
          ]}
          value={side}
          onSelect={(v) => edit(() => setSide(v))}
          className="flex gap-2"
          itemClassName={segment}
        />
        {action === 'buy' && (
          <SegmentedControl
            label="Order type"
            options={[
              { value: 'market', label: 'Market (at the ask)' },
              { value: 'limit', label: 'Limit bid' },
            ]}
            value={type}
            onSelect={(v) => edit(() => setType(v))}
            className="flex gap-2"
            itemClassName={segment}
          />
        )}
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={ids.count} className="block text-sm font-medium text-slate-800">
              Contracts
            </label>
            <input
              id={ids.count}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={countText}
              onChange={(e) => edit(() => setCountText(e.target.value))}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 tabular-nums"
            />
            {action === 'sell' && <p className="mt-1 text-xs text-slate-600">You hold {plural(holding[side], `${sideLabel(side)} contract`)}.</p>}
          </div>
          {action === 'buy' && type === 'limit' && (
            <div>
              <label htmlFor={ids.limit} className="block text-sm font-medium text-slate-800">
                Limit (cents, 1–99)
              </label>
              <input
                id={ids.limit}
                type="number"
                inputMode="numeric"
                min={1}
                max={99}
                step={1}
                value={limitText}
                onChange={(e) => edit(() => setLimitText(e.target.value))}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 tabular-nums"
              />
            </div>
          )}
        </div>

        {problem !== null ? (
          <p className="text-sm text-slate-700" data-testid="ticket-problem">
            {problem}
          </p>
        ) : preview === null ? (
          <p className="text-sm text-slate-700">
            {action === 'buy' ? 'Nobody is offering this side at the moment.' : 'Nobody is bidding for this side at the moment.'}
          </p>
        ) : (
          <>
            <PayoffBox draft={draft} preview={preview} id={ids.payoff} />
            <FeePreview preview={preview} />
          </>
        )}

        {tooDear && <p className="text-sm text-red-800">Your demo balance is {formatCents(balance ?? 0)}: not enough for this order.</p>}
        <Button className="w-full" disabled={problem !== null || preview === null || tooDear || place.isPending} onClick={submit} aria-describedby={ids.payoff}>
          {place.isPending ? 'Placing…' : submitLabel(draft)}
        </Button>
        {place.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {place.error.message} {retryable(place.error) && 'Trying again sends the same order, so it cannot be placed twice.'}
          </p>
        )}
        {placed && (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="order-placed">
            {placedInWords(placed)}
          </p>
        )}
      </div>
    </section>
  );
}

/** A failure a retry may mend (no answer, or the server's own fault), as against a refusal with words. */
const retryable = (e: Error) => e instanceof ApiError && (e.status === 0 || e.status >= 500);

const submitLabel = (d: TicketDraft) =>
  `${d.action === 'buy' ? 'Buy' : 'Sell'} ${Number.isInteger(d.count) && d.count > 0 ? `${d.count} ` : ''}${sideLabel(d.side)}${d.type === 'limit' && d.limitPrice !== null ? ` at ${formatPriceCents(d.limitPrice)} or better` : ''}`;

function placedInWords(o: PredictionOrder): string {
  const what = `${plural(o.filledCount, `${sideLabel(o.side)} contract`)}`;
  const fee = o.fee > 0 ? `; fee ${formatCents(o.fee)}` : '';
  const at = o.avgFillPrice === null ? '' : ` at ${formatPriceCents(o.avgFillPrice)} on average`;
  if (o.status === 'resting')
    return `${o.filledCount > 0 ? `Filled ${what}${at}; the rest` : 'Your bid'} rests at ${formatPriceCents(o.limitPrice ?? 0)} until it fills, you cancel it, or trading closes${fee}.`;
  if (o.action === 'sell') return `Sold ${what}${at}${fee}.`;
  return `Bought ${what}${at}${fee}.`;
}

/**
 * The payoff box: what the order costs, what it pays if its side wins, and the most it can lose (the cost and the
 * fee). "Pay $0.42 → receive $1.00 if YES; most you can lose $0.42 plus the fee."
 */
export function PayoffBox({ draft, preview, id }: { draft: TicketDraft; preview: TicketPreview; id?: string }) {
  const side = sideLabel(draft.side);
  if (draft.action === 'sell') {
    return (
      <div id={id} className="rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200" data-testid="payoff-box">
        <p className="font-semibold text-slate-900">
          Sell {plural(preview.filled, `${side} contract`)} for {formatCents(preview.fillCents)} → receive {formatCents(preview.totalCents)} after the fee
        </p>
        {preview.filled < draft.count && <p className="mt-1 text-slate-700">The bids take only {preview.filled} now; the rest is not sold.</p>}
      </div>
    );
  }
  const contracts = preview.filled + preview.resting;
  const pay = preview.fillCents + preview.restingCents;
  return (
    <div id={id} className="rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200" data-testid="payoff-box">
      <p className="font-semibold text-slate-900">
        Pay {formatCents(pay)} → receive {formatCents(preview.payoutIfWinCents)} if {side}
      </p>
      <p className="mt-1 text-slate-700">
        {plural(contracts, `${side} contract`)}: each pays $1.00 if {side} and nothing if {draft.side === 'yes' ? 'NO' : 'YES'}.
      </p>
      <p className="mt-1 font-semibold text-slate-900">
        Most you can lose: {formatCents(preview.totalCents)}
        <span className="font-normal text-slate-700">
          {' '}
          ({formatCents(pay)} paid + {formatCents(preview.feeCents)} fee)
        </span>
      </p>
      {preview.resting > 0 && (
        <p className="mt-1 text-slate-700">
          {preview.filled > 0 ? `${preview.filled} fill now; ` : ''}
          {plural(preview.resting, 'contract')} rest as a bid at {formatPriceCents(draft.limitPrice)}, holding {formatCents(preview.restingCents)} plus its fee
          until it fills or is canceled.
        </p>
      )}
      {preview.filled < draft.count && preview.resting === 0 && <p className="mt-1 text-slate-700">The book offers only {preview.filled} now.</p>}
    </div>
  );
}

/** The taker fee before the order, with Kalshi's formula. */
export function FeePreview({ preview }: { preview: TicketPreview }) {
  return (
    <div className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200" data-testid="fee-preview">
      <p className="text-slate-900">
        Fee: <span className="font-semibold">{formatCents(preview.feeCents)}</span>
        {preview.avgPrice !== null && <span className="text-slate-700"> (fill at {formatPriceCents(preview.avgPrice)} on average)</span>}
      </p>
      <p className="mt-1 text-xs text-slate-600">Kalshi&apos;s published taker fee: {TAKER_FEE_FORMULA}. Charged once per order, on what fills.</p>
    </div>
  );
}
