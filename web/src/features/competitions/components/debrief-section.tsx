import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, formatPnl } from '@shared/format/money';
import { formatPercent } from '@shared/format/number';
import { formatNewYorkTime, formatShortDate } from '@shared/format/time';
import { formatOrdinal, plural } from '@shared/format/words';
import type { CompetitionsView, DebriefTrade, DebriefView } from '@web/api/competitions';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { divisorText, formatReturn, formatScore } from '../lib/describe';

/**
 * The learner's debrief of a closed season: the result, what drove the score (the return and what divided it), the
 * biggest risk taken, the best and worst trades, the drawdown, how many trades had a plan, the one lesson it links, and
 * the Planned Season award when earned: a quiet card, since the award is for the planning, never for winning.
 */
export function DebriefSection({ debrief: d, view }: { debrief: DebriefView; view: CompetitionsView }) {
  const f = d.score;
  const dd = d.maxDrawdown;
  return (
    <section aria-labelledby="debrief-h" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="debrief">
      <div>
        <h2 id="debrief-h" className="text-lg font-semibold text-slate-900">
          Your debrief
        </h2>
        <p className="text-sm text-slate-700">
          Results frozen at {formatNewYorkTime(d.closedAt)}.{' '}
          {d.ranked && d.leagueRank !== null
            ? `You finished ${formatOrdinal(d.leagueRank)} in league ${d.league}${d.rank !== null ? ` and ${formatOrdinal(d.rank)} of ${plural(d.entrants, 'entrant')} overall` : ''}.`
            : (d.note ?? 'Not ranked.')}
        </p>
      </div>

      {d.award && (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-900" data-testid="award">
          <h3 className="font-semibold">{view.award.achievement.name}</h3>
          <p>
            A written plan on every trade: {d.award.coins} coins and the {view.award.achievement.name} achievement. {view.award.achievement.description}
          </p>
        </div>
      )}

      <div>
        <h3 className="font-semibold text-slate-900">What drove your score</h3>
        <p className="text-sm text-slate-800">
          Your return was <span className={pnlTone(f.return)}>{formatReturn(f.return)}</span> ({formatMoney(f.startingCapital)} to {formatMoney(f.finalEquity)}
          ), divided by {divisorText(f, view.score.drawdownFloor)}: a score of {formatScore(f.score)}.
        </p>
      </div>

      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <Item label="The biggest risk taken">
          {d.biggestRisk ? (
            <>
              {tradeName(d.biggestRisk)}: it could lose {formatMoney(d.biggestRisk.maxLoss)}
              {d.biggestRisk.riskShare !== null && `, ${formatPercent(d.biggestRisk.riskShare, 1)} of the account when it opened`}.
            </>
          ) : (
            'No trade.'
          )}
        </Item>
        <Item label="The drawdown">
          {dd
            ? `${formatPercent(dd.fraction, 2)} (${formatMoney(dd.amount)}), from ${dd.peakDate ? formatShortDate(dd.peakDate) : 'the start'} to ${formatShortDate(dd.troughDate)}.`
            : 'None: your closing equity never fell below an earlier high.'}
        </Item>
        <Item label="Best trade">{d.bestTrade ? <TradeLine trade={d.bestTrade} /> : 'No closed trade.'}</Item>
        <Item label="Worst trade">{d.worstTrade ? <TradeLine trade={d.worstTrade} /> : 'No closed trade.'}</Item>
        <Item label="Planned trades">
          {formatPercent(d.planned.trades ? d.planned.withPlan / d.planned.trades : 0, 0)}: {d.planned.withPlan} of {plural(d.planned.trades, 'trade')} had a
          plan.
        </Item>
        <Item label="One lesson to read">
          <Link to={d.lesson.href} className="font-semibold text-brand-800 underline">
            {d.lesson.title}
          </Link>
          <span className="block text-slate-700">{d.lesson.why}</span>
        </Item>
      </dl>

      <div className="space-y-2">
        <h3 id="debrief-trades-h" className="font-semibold text-slate-900">
          Your trades
        </h3>
        {d.trades.length === 0 ? (
          <p className="text-sm text-slate-700">You made no trades this season.</p>
        ) : (
          <ScrollRegion labelledBy="debrief-trades-h">
            <table className="w-full min-w-[36rem] text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Trade
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Opened
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Closed
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Max loss
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    Realized P&amp;L
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Plan
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.trades.map((t) => (
                  <tr key={t.id} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                      {tradeName(t)}
                    </th>
                    <td className="py-1.5 pr-2">{formatNewYorkTime(t.openedAt)}</td>
                    <td className="py-1.5 pr-2">{t.closedAt ? formatNewYorkTime(t.closedAt) : 'Open at the close'}</td>
                    <td className="py-1.5 pr-2 text-right tabular-nums">{formatMoney(t.maxLoss)}</td>
                    <td className={`py-1.5 pr-2 text-right tabular-nums ${pnlTone(t.realizedPnl)}`}>{formatPnl(t.realizedPnl)}</td>
                    <td className="py-1.5">{t.planned ? 'Planned' : 'No plan'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>
    </section>
  );
}

const tradeName = (t: DebriefTrade) => `${t.underlying} ${t.strategy}`;

function TradeLine({ trade }: { trade: DebriefTrade }) {
  return (
    <>
      {tradeName(trade)}: <span className={pnlTone(trade.realizedPnl)}>{formatPnl(trade.realizedPnl)}</span>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
