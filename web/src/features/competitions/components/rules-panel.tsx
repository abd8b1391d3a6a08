import { formatBalance } from '@shared/format/money';
import type { CompetitionsView } from '@web/api/competitions';

/**
 * The rules, word for word as the API states them (shared/competitions/rules.ts), under the score's one-line formula:
 * the page states how it ranks before anything else, and why trading more does not help is one of the rules.
 */
export function RulesPanel({ view }: { view: CompetitionsView }) {
  return (
    <section aria-labelledby="rules-h" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="rules-h" className="text-lg font-semibold text-slate-900">
        How the competitions work
      </h2>
      <ScoreFormula formula={view.scoreFormula} />
      <div className="grid gap-4 md:grid-cols-2">
        {view.rules.map((r) => (
          <div key={r.title}>
            <h3 className="font-semibold text-slate-900">{r.title}</h3>
            <p className="mt-1 text-sm text-slate-700">{r.text}</p>
          </div>
        ))}
      </div>
      <p className="text-sm text-slate-700">
        Starting capital: {formatBalance(view.startingCapital)}. The award: {view.award.coins.weekly} coins for a weekly season, {view.award.coins.monthly} for
        a monthly one, and the {view.award.achievement.name} achievement ({view.award.achievement.description}).
      </p>
    </section>
  );
}

/** The score as one line, and that the board never ranks raw return. */
export function ScoreFormula({ formula }: { formula: string }) {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-900" data-testid="score-formula">
      <span className="font-semibold">Ranked by a risk-adjusted score, never by raw return.</span> {formula}
    </p>
  );
}
