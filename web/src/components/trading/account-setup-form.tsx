import { useId, useState, type ReactNode } from 'react';
import { formatBalance } from '@shared/format/money';
import { levelName, NAKED_SELLING_NOTE, TRADING_LEVELS } from '@shared/compliance/levels';
import { beginnerLevel, STRATEGY_TEMPLATES, templateLevel, templatesOpenedAt, type StrategyTemplate } from '@shared/strategy/templates';
import { DEFAULT_SETTINGS, DEFAULT_STARTING_CAPITAL, STARTING_CAPITALS, type OptionsLevel, type StartingCapital } from '@shared/paper/types';
import { useAccountMutation } from '@web/api/paper-account';

const INTRO = {
  open: 'This is virtual money for practice. You can reset the account later and start again; your history is kept.',
  reset: 'Open positions leave the book and open orders are canceled. Your orders and activity stay as the history of this run.',
};
const LEGEND = { open: 'Choose your starting capital', reset: 'Start a new run with' };

/** The level every Beginner template can be placed at, from the templates themselves. */
const BEGINNER_LEVEL = beginnerLevel(STRATEGY_TEMPLATES);

const listed = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** What a level adds to the template library, in one line: the templates it is the first level to allow. */
function opensLine(level: number): string {
  const opened = templatesOpenedAt(level, STRATEGY_TEMPLATES);
  if (opened.length === 0) return 'Opens no strategy templates.';
  if (opened.length <= 4) return `Opens the ${listed(opened.map((t) => t.name))} templates.`;
  const beginners = opened.filter((t) => t.complexity === 'beginner').map((t) => t.name);
  const named = beginners.length > 0 ? `among them the Beginner ${listed(beginners)}` : `such as ${listed(opened.slice(0, 3).map((t) => t.name))}`;
  return `Opens ${opened.length} more templates, ${named}.`;
}

/**
 * The level the form starts at: the default, or, when the learner came from a template, the level that template
 * needs if the default does not allow it (a level keeps everything the lower ones allow).
 */
function startingLevel(template: StrategyTemplate | null): { level: OptionsLevel; why: string | null } {
  const fallback = DEFAULT_SETTINGS.optionsLevel;
  if (!template) return { level: fallback, why: null };
  const needs = templateLevel(template);
  if (needs === null) return { level: fallback, why: `The ${template.name} you came from sells calls without cover, which no options trading level allows.` };
  if (needs > fallback)
    return { level: needs, why: `Options trading level ${needs} (${levelName(needs)}) is chosen for you: the ${template.name} you came from needs it.` };
  return { level: fallback, why: `Options trading level ${fallback} (${levelName(fallback)}) already allows the ${template.name} you came from.` };
}

/**
 * The one form that opens the paper account or starts a new run of it: the learner picks the virtual money to start
 * with ($100,000 unless they choose otherwise). The portfolio, the trade ticket and the strategy builder all show it;
 * each may say in its own words why the account is needed.
 */
export function AccountSetupForm({
  mode = 'open',
  legend,
  intro,
  className = '',
  onDone,
  template = null,
}: {
  mode?: 'open' | 'reset';
  /** The template the learner came from (the builder's, or the link's), whose level the form starts at. */
  template?: StrategyTemplate | null;
  legend?: ReactNode;
  intro?: ReactNode;
  className?: string;
  onDone?: () => void;
}) {
  const [capital, setCapital] = useState<StartingCapital>(DEFAULT_STARTING_CAPITAL);
  const [start] = useState(() => startingLevel(template));
  const [level, setLevel] = useState<OptionsLevel>(start.level);
  const mutation = useAccountMutation(mode);
  const name = useId();
  const levelName = useId();
  return (
    <form
      className={`space-y-4 ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate({ startingCapital: capital, ...(mode === 'open' ? { optionsLevel: level } : {}) }, { onSuccess: () => onDone?.() });
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{legend ?? LEGEND[mode]}</legend>
        <p className="mt-1 text-sm text-slate-700">{intro ?? INTRO[mode]}</p>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {STARTING_CAPITALS.map((c) => (
            <label
              key={c}
              className={`flex cursor-pointer items-center gap-2 rounded-lg p-3 text-sm ring-1 ${capital === c ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300 hover:bg-slate-50'}`}
            >
              <input type="radio" name={name} value={c} checked={capital === c} onChange={() => setCapital(c)} className="accent-brand-700" />
              <span className="font-semibold tabular-nums">{formatBalance(c)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'open' && (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Choose your options trading level</legend>
          <p className="mt-1 text-sm text-slate-700">
            A broker approves a level before you trade options; here you choose it, and you can change it later in the account settings.
          </p>
          {start.why && (
            <p className="mt-2 rounded-lg bg-brand-50 p-2 text-sm font-medium text-brand-900" data-testid="level-reason">
              {start.why}
            </p>
          )}
          <div className="mt-3 space-y-2">
            {TRADING_LEVELS.map((l) => (
              <label
                key={l.level}
                className={`flex cursor-pointer items-start gap-2 rounded-lg p-3 text-sm ring-1 ${level === l.level ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300 hover:bg-slate-50'}`}
              >
                <input
                  type="radio"
                  name={levelName}
                  value={l.level}
                  checked={level === l.level}
                  onChange={() => setLevel(l.level)}
                  className="mt-0.5 accent-brand-700"
                />
                <span>
                  <span className="font-semibold">
                    Level {l.level}: {l.name}
                  </span>
                  {l.level === BEGINNER_LEVEL && (
                    <span className="ml-2 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200">
                      The Beginner templates need this level
                    </span>
                  )}
                  <span className="block text-slate-700">{l.allows}</span>
                  <span className="block text-xs text-slate-600" data-testid={`level-opens-${l.level}`}>
                    {opensLine(l.level)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-600">{NAKED_SELLING_NOTE}</p>
        </fieldset>
      )}
      {mutation.isError && (
        <p role="alert" className="text-sm text-red-800">
          {mutation.error.message}
        </p>
      )}
      <button
        type="submit"
        disabled={mutation.isPending}
        className={`rounded-lg px-4 py-2.5 text-sm font-semibold text-white disabled:bg-slate-300 ${mode === 'reset' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'}`}
      >
        {mutation.isPending ? 'Processing...' : mode === 'open' ? 'Open paper account' : 'Reset account'}
      </button>
    </form>
  );
}
