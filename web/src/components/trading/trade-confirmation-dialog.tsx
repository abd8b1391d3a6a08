import { useId, useState, type ReactNode } from 'react';
import { formatBalance, formatUsd } from '@shared/format/money';
import { Modal } from './modal';

/** Trade details (spec part 1 §3): action, quantity, symbol, order type, price, total cost, currency. */
export interface TradeDetails {
  action: 'BUY' | 'SELL' | 'CLOSE';
  quantity: number;
  symbol: string;
  orderType: string;
  /** Per share; for several legs the net per unit (positive debit, negative credit). */
  price: number;
  /** Money that leaves the account (negative when it receives a credit). */
  totalCost: number;
  currency: string;
  /** The same price at the mid-prices, shown beside the price the order would pay now (issue 24). */
  midPrice?: number;
  /** Commission included in totalCost. */
  commission?: number;
  /** The legs of a multi-leg order, each shown on its own line. */
  legs?: { action: 'BUY' | 'SELL'; quantity: number; symbol: string; price: number | null }[];
}

export interface ConfirmAccount {
  name: string;
  /** 'paper', or anything else meaning live. */
  mode: string;
}

/**
 * The trade confirmation dialog (spec part 1 §2): the trade, the account with Virtual or REAL MONEY;
 * in live mode real-money and risk warnings and an acknowledgement box that must be ticked.
 * Confirm reads 'Place Paper Trade' or 'PLACE LIVE TRADE', and 'Processing...' while loading;
 * nothing can be dismissed while loading.
 */
export function TradeConfirmationDialog({
  trade,
  account,
  loading,
  error,
  blocked = false,
  extra,
  onConfirm,
  onCancel,
}: {
  trade: TradeDetails;
  account: ConfirmAccount;
  loading: boolean;
  error?: string | null;
  /** A pre-trade check already refused the order: confirming would only be refused again. */
  blocked?: boolean;
  /** Shown under the error: a way out of it (raising the trading level). */
  extra?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const live = account.mode !== 'paper';
  const [acknowledged, setAcknowledged] = useState(false);
  const ackId = useId();
  const money = (x: number) => (trade.currency === 'INR' ? formatBalance(x, 'INR') : formatUsd(x));
  const multi = !!trade.legs && trade.legs.length > 1;
  const price = (x: number) => (multi ? `${money(Math.abs(x))} ${x >= 0 ? 'net debit' : 'net credit'} per unit` : money(x));
  const rows: [string, string][] = [
    ['Action', trade.action],
    ['Quantity', `${trade.quantity} × ${trade.symbol}`],
    ['Order type', trade.orderType],
    [trade.midPrice === undefined ? 'Price' : 'Price now (natural)', price(trade.price)],
    ...(trade.midPrice === undefined ? [] : ([['At the mid', price(trade.midPrice)]] as [string, string][])),
    ...(trade.commission === undefined ? [] : ([['Commission', money(trade.commission)]] as [string, string][])),
    [trade.totalCost >= 0 ? 'Total cost' : 'Total credit', money(Math.abs(trade.totalCost))],
    ['Account', `${account.name} (${live ? 'REAL MONEY' : 'Virtual'})`],
  ];
  return (
    <Modal
      title={live ? 'Confirm LIVE trade' : 'Confirm paper trade'}
      onClose={onCancel}
      locked={loading}
      footer={
        <>
          <button
            type="button"
            onClick={onCancel}
            disabled={loading}
            className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-500"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={loading || blocked || (live && !acknowledged)}
            className={`rounded-lg px-4 py-2.5 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 ${live ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'}`}
          >
            {loading ? 'Processing...' : live ? 'PLACE LIVE TRADE' : 'Place Paper Trade'}
          </button>
        </>
      }
    >
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-right font-semibold text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      {trade.legs && trade.legs.length > 1 && (
        <ul className="mt-3 space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label="Legs">
          {trade.legs.map((l) => (
            <li key={l.symbol} className="flex justify-between gap-3">
              <span>
                <span className={l.action === 'BUY' ? 'font-semibold text-emerald-800' : 'font-semibold text-red-700'}>{l.action}</span> {l.quantity} ×{' '}
                {l.symbol}
              </span>
              <span className="tabular-nums">{l.price === null ? '-' : money(l.price)}</span>
            </li>
          ))}
        </ul>
      )}
      {live ? (
        <div className="mt-4 space-y-3">
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-900 ring-1 ring-red-200">
            REAL MONEY: this order goes to your broker and uses real funds.
          </p>
          <p className="text-sm text-slate-700">
            Options can lose value quickly and may expire worthless. You can lose the whole amount you pay, and more when you sell options.
          </p>
          <div className="flex items-start gap-3">
            <input
              id={ackId}
              type="checkbox"
              checked={acknowledged}
              onChange={(e) => setAcknowledged(e.target.checked)}
              disabled={loading}
              className="mt-1 h-4 w-4 accent-red-700"
            />
            <label htmlFor={ackId} className="text-sm text-slate-800">
              I understand this is a live trade with real money and accept the risk.
            </label>
          </div>
        </div>
      ) : (
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-100">
          Paper trade with virtual money: practise safely, no real money is at risk.
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {error}
        </p>
      )}
      {extra}
    </Modal>
  );
}
