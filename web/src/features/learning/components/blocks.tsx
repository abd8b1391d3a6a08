import type { PublicBlock } from '@web/api/learning';
import { Formula, LessonMarkdown } from './markdown';
import { ScrollX } from './scroll-x';
import { ChainTask } from './widgets/chain-task';
import { StrategyCardWidget } from './widgets/strategy-card';
import { ExpiryStepper } from './widgets/expiry-stepper';
import { GreeksExplorer } from './widgets/greeks-explorer';
import { PayoffWidget } from './widgets/payoff-widget';
import { HistoryChart } from './widgets/history-chart';

const KIND_LABEL = {
  payoff: 'Payoff diagram',
  greeks: 'Greeks explorer',
  'expiry-stepper': 'At expiry',
  'chain-task': 'Read the chain',
  'strategy-card': 'Strategy card',
  'history-chart': 'History chart',
} as const;

/** One content block of a lesson (spec part 3 §3: text, example, interactive). */
export function LessonBlock({
  block,
  id,
  pickedContract,
  onPickContract,
  task,
}: {
  block: PublicBlock;
  id: string;
  /** Where a chain task sits (its lesson and block index), so the server can judge a click on it. */
  task: { lessonId: string; block: number };
  pickedContract: string | null;
  onPickContract: (ticker: string) => void;
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-20 space-y-3" data-block={block.type}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {block.type === 'interactive' && (
          <span className="mr-2 rounded bg-indigo-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-indigo-900">{KIND_LABEL[block.widget.kind]}</span>
        )}
        {block.type === 'example' && (
          <span className="mr-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-amber-900">Worked example</span>
        )}
        {block.title}
      </h2>
      <LessonMarkdown>{block.content}</LessonMarkdown>
      {block.type === 'example' && (
        <>
          {block.figures && block.figures.length > 0 && (
            <dl className="grid gap-2 sm:grid-cols-2">
              {block.figures.map((f) => (
                <div key={f.label} className="rounded-lg bg-white p-3 ring-1 ring-slate-200" data-testid="figure">
                  <dt className="text-sm font-semibold text-slate-700">{f.label}</dt>
                  <dd className="text-xl font-bold tabular-nums text-slate-900">{f.value}</dd>
                  <ScrollX as="dd" className="mt-1 text-sm text-slate-800">
                    <Formula tex={f.formula} />
                  </ScrollX>
                  {f.inputs.length > 0 && <dd className="mt-1 text-xs text-slate-600">{f.inputs.join(' · ')}</dd>}
                </div>
              ))}
            </dl>
          )}
          <p className="text-xs text-slate-600">Source: {block.source}</p>
        </>
      )}
      {block.type === 'interactive' && (
        <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200 sm:p-4">
          {block.widget.kind === 'payoff' && <PayoffWidget widget={block.widget} />}
          {block.widget.kind === 'greeks' && <GreeksExplorer widget={block.widget} />}
          {block.widget.kind === 'expiry-stepper' && <ExpiryStepper widget={block.widget} />}
          {block.widget.kind === 'strategy-card' && <StrategyCardWidget templateId={block.widget.templateId} underlying={block.widget.underlying} />}
          {block.widget.kind === 'chain-task' && <ChainTask widget={block.widget} task={task} picked={pickedContract} onPick={onPickContract} />}
          {block.widget.kind === 'history-chart' && <HistoryChart widget={block.widget} />}
        </div>
      )}
    </section>
  );
}
