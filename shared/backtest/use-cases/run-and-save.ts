import { fail, ok, type Err, type Result } from '../../result';
import { MAX_SAVED_RUNS, type SavedRunJson } from '../backtest.api';
import type { BacktestFailureDetails } from '../backtest.errors';
import { BACKTEST_MESSAGES } from '../backtest.messages';
import type { StoredRun } from '../backtest.port';
import { runBacktest } from '../engine';
import type { BacktestRules } from '../rules';
import { defaultCompare, defaultRunName, resultJson, teachesJson } from '../saved-run';
import { whatThisTeaches } from '../teaches';
import type { BacktestDeps } from './deps';

export interface RunRequest {
  clientRunId: string;
  name?: string | undefined;
  rules: BacktestRules;
  compare?: readonly string[] | undefined;
}

/**
 * A rule that cannot run, as the route answers it: 400 with `field` (the rule's path in the request body, `rules.from`),
 * `reason`, the engine's message, and the same path in `issues` as the schema's own refusals give it.
 */
function ruleFailure(err: Err): Err {
  const details = err.error.details as Partial<BacktestFailureDetails> | undefined;
  if (!details?.field) return err;
  const field = `rules.${details.field}`;
  return fail(err.error.code, err.error.message, { field, reason: details.reason, issues: [{ path: `body.${field}`, message: err.error.message }] });
}

/**
 * POST /api/backtest/runs: runs the rules over the underlying's stored daily summaries, then "what this teaches" (the
 * rules without the profit target, the worst trade, and the same rules on the compared underlyings), and saves the run.
 *
 * - A retry with the same clientRunId answers the run saved the first time (`created: false`) and runs nothing.
 * - At MAX_SAVED_RUNS saved the learner is told to delete one (409), before any CPU is spent; the save's own
 *   transaction holds the limit when two runs are saved at once.
 * - A rule that cannot run is a failure naming the field; a run that finds no trade is saved like any other, its
 *   `result.noTrade` naming the rule that filtered everything out.
 * - Compared underlyings: those asked for (the run's own and repeats left out), else two stored ones (`defaultCompare`).
 */
export async function runAndSave(deps: BacktestDeps, userId: string, req: RunRequest): Promise<Result<{ run: SavedRunJson; created: boolean }>> {
  const saved = await deps.runs.byClientRunId(userId, req.clientRunId);
  if (saved) return ok({ run: publicRun(saved), created: false });
  if ((await deps.runs.count(userId)) >= MAX_SAVED_RUNS) return fail('conflict', BACKTEST_MESSAGES.full, { limit: MAX_SAVED_RUNS });

  const rules = req.rules;
  const history = await deps.history.history(rules.underlying);
  const result = runBacktest(history, rules);
  if (!result.ok) return ruleFailure(result);

  const compare = req.compare
    ? [...new Set(req.compare.map((s) => s.toUpperCase()))].filter((s) => s !== rules.underlying)
    : defaultCompare(
        rules.underlying,
        (await deps.history.stored()).map((s) => s.symbol),
      );
  const others = await Promise.all(compare.map(async (underlying) => ({ underlying, history: await deps.history.history(underlying) })));
  const teaches = whatThisTeaches({ history, rules, run: result.value, others });
  if (!teaches.ok) return ruleFailure(teaches);

  const run: StoredRun = {
    id: deps.ids.newId(),
    name: req.name?.trim() || defaultRunName(rules),
    createdAt: deps.clock.now().toISOString(),
    dataAsOf: history.reduce((last, r) => (r.date > last ? r.date : last), ''),
    rules,
    compare,
    result: resultJson(result.value),
    teaches: teachesJson(teaches.value),
    clientRunId: req.clientRunId,
    sharedPostId: null,
  };
  const out = await deps.runs.save(userId, run, MAX_SAVED_RUNS);
  switch (out.outcome) {
    case 'saved':
      return ok({ run: publicRun(run), created: true });
    case 'exists':
      return ok({ run: publicRun(out.run), created: false });
    case 'full':
      return fail('conflict', BACKTEST_MESSAGES.full, { limit: MAX_SAVED_RUNS });
    case 'too-large':
      return fail('unprocessable', BACKTEST_MESSAGES.tooLarge, { field: 'rules.entry' });
  }
}

/** The run as answered: without the client's id and the post marker, which are the server's bookkeeping. */
export function publicRun(run: StoredRun): SavedRunJson {
  const { clientRunId: _cid, sharedPostId: _post, ...rest } = run;
  return rest;
}
