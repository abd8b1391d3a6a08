import { useState } from 'react';
import type { ComplianceCheck } from '@shared/compliance/checks';
import { TRADING_LEVELS } from '@shared/compliance/levels';
import type { OptionsLevel } from '@shared/paper/types';
import { useUpdateSettings } from '@web/api/paper-account';

/**
 * When a pre-trade check refuses an order for its trading level, offers to raise the level right there (issue 24):
 * what the level allows, one confirmation, and the caller checks the order again (`onRaised`).
 */
export function RaiseLevel({ checks, onRaised }: { checks: readonly ComplianceCheck[]; onRaised?: () => void }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateSettings();
  const blocked = checks.find((c) => c.type === 'trading_level' && c.severity === 'error');
  const required = Number(blocked?.details?.required);
  const level = TRADING_LEVELS.find((l) => l.level === required);
  if (!blocked || !level) return null;
  const raise = () =>
    update.mutate(
      { optionsLevel: level.level as OptionsLevel },
      {
        onSuccess: () => {
          setOpen(false);
          onRaised?.();
        },
      },
    );
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-900 ring-1 ring-brand-600 hover:bg-brand-50"
      >
        Raise my level to {level.level} ({level.name})
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label={`Raise your options trading level to ${level.level}`}
      className="mt-2 rounded-lg bg-brand-50 p-3 text-sm text-slate-900 ring-1 ring-brand-200"
    >
      <p className="font-semibold">
        Level {level.level}: {level.name}
      </p>
      <p className="mt-1">{level.allows}</p>
      <p className="mt-1 text-slate-700">
        Spreads can lose more than the premium of one leg; the builder shows the most this one can lose before you place it.
      </p>
      {update.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {update.error.message}
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          disabled={update.isPending}
          onClick={raise}
          className="rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300"
        >
          {update.isPending ? 'Processing...' : `Raise to level ${level.level}`}
        </button>
        <button type="button" onClick={() => setOpen(false)} className="rounded-lg px-3 py-2 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white">
          Not now
        </button>
      </div>
    </div>
  );
}
