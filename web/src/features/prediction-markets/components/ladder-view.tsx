import { Link } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { DistributionBar } from '@web/api/prediction-markets';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { formatProbability } from '../lib/format';

const percentTick = (v: number) => `${Math.round(v * 100)}%`;

/**
 * A ladder's buckets ("close between"): every outcome falls in exactly one, so their prices are a probability
 * distribution of the close. The histogram sets the market's prices beside the chain-implied distribution (call
 * spreads at each strike's IV, which carry the skew) and the lognormal one at the ATM IV (one volatility for all).
 */
export function LadderView({ ladderId, question, bars, current }: { ladderId: string; question: string; bars: DistributionBar[]; current?: string }) {
  const total = bars.reduce((s, b) => s + b.market, 0);
  return (
    <section aria-labelledby="ladder-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="ladder">
      <h2 id="ladder-h" className="text-lg font-semibold text-slate-900">
        {current ? 'The whole ladder' : 'The buckets'}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {question} Exactly one bucket pays $1.00, so the bucket prices add up to about 100% (here {formatProbability(total)}): together they are the
        market&apos;s distribution of the close. The chain-implied bars read it from the option prices; the lognormal bars assume one volatility for every
        strike, so they miss the skew (the fatter left tail).
      </p>
      <div
        className="mt-3 h-72"
        data-testid="ladder-chart"
        role="img"
        aria-label="Histogram of the close: market, chain-implied and lognormal probability of each bucket"
      >
        <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} data={bars} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#334155' }} interval="preserveStartEnd" />
          <YAxis tickFormatter={percentTick} tick={{ fontSize: 12, fill: '#334155' }} width={44} />
          <Tooltip formatter={(v) => formatProbability(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span className="text-slate-800">{value}</span>} />
          <Bar dataKey="market" name="Market" fill="#047857" isAnimationActive={false} />
          <Bar dataKey="implied" name="Chain-implied" fill="#1d4ed8" isAnimationActive={false} />
          <Bar dataKey="lognormal" name="Lognormal (ATM IV)" fill="#94a3b8" isAnimationActive={false} />
        </BarChart>
      </div>
      <ScrollRegion label="Buckets table" className="mt-3">
        <table className="w-full min-w-[30rem] text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th className="px-3 py-2 font-medium">Close between</th>
              <th className="px-3 py-2 text-right font-medium">Market</th>
              <th className="px-3 py-2 text-right font-medium">Chain-implied</th>
              <th className="px-3 py-2 text-right font-medium">Lognormal</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.marketId} className={`border-t border-slate-100 ${b.marketId === current ? 'bg-brand-50' : ''}`} data-testid="bucket-row">
                <td className="px-3 py-2">
                  {b.marketId === current ? (
                    <span className="font-semibold text-slate-900">
                      {b.label} <span className="text-xs font-normal text-slate-700">(this market)</span>
                    </span>
                  ) : (
                    <Link to={`/app/prediction-markets/${encodeURIComponent(b.marketId)}`} className="font-medium text-brand-800 hover:underline">
                      {b.label}
                    </Link>
                  )}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatProbability(b.market)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatProbability(b.implied)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatProbability(b.lognormal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-2 text-xs text-slate-600">
        Ladder {ladderId}. Reading a distribution from option prices is Breeden and Litzenberger&apos;s result (1978).
      </p>
    </section>
  );
}
