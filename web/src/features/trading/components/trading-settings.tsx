import { useId, useState } from 'react';
import { TRADING_LEVELS, NAKED_SELLING_NOTE } from '@shared/compliance/levels';
import { useUpdateSettings, type AccountSettings } from '@web/api/paper-account';
import { FILL_MODEL_LABELS } from '../lib/estimate';

/** The paper account's options level, fill model and commission, each explained in plain words. */
export function TradingSettings({ settings }: { settings: AccountSettings }) {
  const [draft, setDraft] = useState(settings);
  const save = useUpdateSettings();
  const ids = { level: useId(), fill: useId(), share: useId(), commission: useId() };
  const level = TRADING_LEVELS.find((l) => l.level === draft.optionsLevel)!;
  const commissionOk = Number.isFinite(draft.commissionPerContract) && draft.commissionPerContract >= 0 && draft.commissionPerContract <= 10;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <div>
        <label htmlFor={ids.level} className="block text-sm font-semibold text-slate-900">
          Options trading level
        </label>
        <select
          id={ids.level}
          value={draft.optionsLevel}
          onChange={(e) => setDraft({ ...draft, optionsLevel: Number(e.target.value) as AccountSettings['optionsLevel'] })}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        >
          {TRADING_LEVELS.map((l) => (
            <option key={l.level} value={l.level}>
              Level {l.level}: {l.name}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-slate-700">{level.allows}</p>
        <p className="mt-1 text-xs text-slate-600">
          {NAKED_SELLING_NOTE} With a broker, the level is set by the broker&apos;s approval; here you choose it to practise.
        </p>
      </div>
      <div>
        <label htmlFor={ids.fill} className="block text-sm font-semibold text-slate-900">
          How orders fill
        </label>
        <select
          id={ids.fill}
          value={draft.fillModel}
          onChange={(e) => setDraft({ ...draft, fillModel: e.target.value as AccountSettings['fillModel'] })}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        >
          {(Object.keys(FILL_MODEL_LABELS) as AccountSettings['fillModel'][]).map((k) => (
            <option key={k} value={k}>
              {FILL_MODEL_LABELS[k]}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-slate-600">Buying at the ask and selling at the bid is what a real market order costs; the mid-price is optimistic.</p>
      </div>
      {draft.fillModel === 'mid-plus' && (
        <div>
          <label htmlFor={ids.share} className="block text-sm font-semibold text-slate-900">
            Share of the half-spread paid beyond the mid: {Math.round(draft.midShare * 100)}%
          </label>
          <input
            id={ids.share}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={draft.midShare}
            onChange={(e) => setDraft({ ...draft, midShare: Number(e.target.value) })}
            className="mt-1 w-full accent-brand-700"
          />
        </div>
      )}
      <div>
        <label htmlFor={ids.commission} className="block text-sm font-semibold text-slate-900">
          Commission per contract ($)
        </label>
        <input
          id={ids.commission}
          type="number"
          min={0}
          max={10}
          step={0.01}
          value={draft.commissionPerContract}
          onChange={(e) => setDraft({ ...draft, commissionPerContract: Number(e.target.value) })}
          className="mt-1 w-40 rounded-lg border border-slate-300 px-3 py-2"
        />
        {!commissionOk && (
          <p role="alert" className="mt-1 text-sm text-red-800">
            Enter an amount from $0 to $10.
          </p>
        )}
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-red-800">
          {save.error.message}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="text-sm text-emerald-800">
          Settings saved.
        </p>
      )}
      <button
        type="submit"
        disabled={save.isPending || !commissionOk}
        className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300"
      >
        {save.isPending ? 'Saving...' : 'Save settings'}
      </button>
    </form>
  );
}
