import { nounFor, plural } from '@shared/format/words';
import { Link } from 'react-router-dom';
import type { Impact, StrategyTemplate } from '@shared/strategy';
import { templateLevel } from '@shared/strategy/templates';
import { formatMoney } from '@shared/format/money';
import { levelName } from '@shared/compliance/levels';
import { ComplexityBadge } from './complexity-badge';
import { strike } from './strike';

const IMPACT: Record<Impact, string> = { positive: 'helps', negative: 'hurts', neutral: 'little effect' };
const legText = (l: StrategyTemplate['legs'][number]) =>
  `${l.action === 'buy' ? 'Buy' : 'Sell'} ${plural(l.quantity, l.optionType)}${l.expiration === '60d' ? ' (later expiry)' : ''}`;

/** A template in the library: what it is, its risk and reward, when it works, and how to place it. */
export function TemplateCard({ template: t, underlying = null }: { template: StrategyTemplate; underlying?: string | null }) {
  const ex = t.example;
  const level = templateLevel(t);
  return (
    <article aria-labelledby={`tpl-${t.id}`} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="template-card">
      <div className="flex items-start justify-between gap-3">
        <h3 id={`tpl-${t.id}`} className="text-lg font-bold text-slate-900">
          {t.name}
        </h3>
        <ComplexityBadge complexity={t.complexity} />
      </div>
      <p className="mt-1 text-sm text-slate-700">{t.description}</p>
      <p className="mt-2 text-xs font-semibold text-slate-700" data-testid="template-level">
        {level === null ? 'Not allowed in the paper account: it sells calls without cover' : `Needs options trading level ${level} (${levelName(level)})`}
      </p>
      <p className="mt-2 text-xs text-slate-600">Legs: {t.legs.map(legText).join(', ')}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold text-slate-600">Max risk</dt>
          <dd className="text-slate-900">{t.maxRisk}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600">Max profit</dt>
          <dd className="text-slate-900">{t.maxProfit}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600">{nounFor(t.breakevens.length, 'Breakeven')}</dt>
          <dd className="text-slate-900">{t.breakevens.join('; ') || 'None'}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600">Time and volatility</dt>
          <dd className="text-slate-900">
            Time decay {IMPACT[t.timeDecay]}; rising volatility {IMPACT[t.volatilityImpact]}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600">Works best</dt>
          <dd className="text-slate-900">{t.bestMarketConditions.join('; ')}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-600">Worst case</dt>
          <dd className="text-slate-900">{t.worstMarketConditions.join('; ')}</dd>
        </div>
      </dl>
      <details className="mt-3 rounded-xl bg-slate-50 p-3 text-sm">
        <summary className="cursor-pointer font-semibold text-slate-900">How to place it, with a worked example</summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
          {t.instructions.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ol>
        <p className="mt-3 font-semibold text-slate-900">
          Example: {ex.underlying} at {formatMoney(ex.spot)}
        </p>
        <ul className="mt-1 space-y-0.5 text-slate-800">
          {ex.legs.map((l, i) => (
            <li key={i}>
              {l.action === 'buy' ? 'Buy' : 'Sell'} {l.quantity} {strike(l.strike)} {nounFor(l.quantity, l.optionType)} at {formatMoney(l.premium)}
              {l.expiration === '60d' ? ' (later expiry)' : ''}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-slate-800">{ex.walkthrough}</p>
        <p className="mt-2 text-xs text-slate-600">
          {ex.netPremium < 0 ? `Net debit ${formatMoney(-ex.netPremium)}` : `Net credit ${formatMoney(ex.netPremium)}`} · max profit {formatMoney(ex.maxProfit)}{' '}
          · max loss {ex.maxLoss === -Infinity ? 'Unlimited' : formatMoney(-ex.maxLoss)}
          {ex.breakevens.length ? ` · breakeven ${ex.breakevens.map((b) => formatMoney(b)).join(', ')}` : ''}
          {ex.approximate ? ' (approximate: the later leg is valued with a model)' : ''}
        </p>
      </details>
      <div className="mt-4 flex-1" />
      {/* The visible words first in the name (WCAG 2.5.3), then which template, so no two links read the same. */}
      <Link
        to={underlying ? `/app/trading?underlying=${encodeURIComponent(underlying)}&template=${t.id}` : `/app/trading?template=${t.id}`}
        aria-label={`Open in builder: ${t.name}`}
        className="self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Open in builder
      </Link>
    </article>
  );
}
