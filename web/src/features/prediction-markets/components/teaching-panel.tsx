import { formatNewYorkTime } from '@shared/format/time';
import { formatNumber } from '@shared/format/number';
import type { MarketDetail } from '@web/api/prediction-markets';
import { formatChance, formatPoints } from '../lib/format';
import { differenceInWords, fairValueRows } from '../lib/teaching';

const formatInput = (x: number) => formatNumber(x, { digits: 4, minDigits: 0 });

/**
 * The teaching panel (issue 36): what the option chain says the contract is worth, three ways, each with its formula,
 * inputs and the data's date, beside the market's price and the difference in percentage points; then the traps a
 * beginner meets reading probabilities from option prices.
 */
export function TeachingPanel({ detail }: { detail: MarketDetail }) {
  const { market, fairValues, model } = detail;
  return (
    <section aria-labelledby="teaching-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="teaching-panel">
      <h2 id="teaching-h" className="text-lg font-semibold text-slate-900">
        What the option chain says
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A contract that pays $1.00 if the close is at or above a level is a <em>digital option</em>. Its fair price is the chance the option market puts on it,
        discounted by interest: e^(−rT)·N(d₂) in the Black-Scholes-Merton model.{' '}
        {market.kind === 'between' &&
          'A bucket pays if the close is at or above its lower end and below its upper end, so it is worth the difference of two such digitals. '}
        Here it is worked out from the {market.underlying} chain three ways.
      </p>
      {fairValues === null ? (
        <p className="mt-3 text-sm text-slate-700">This market has closed, so there is no chain left to price it from.</p>
      ) : (
        <>
          <div className="mt-3 rounded-xl bg-brand-50 p-3 text-sm text-slate-900 ring-1 ring-brand-100">
            Market price (YES mid): <span className="font-bold tabular-nums">{formatChance(market.yesPrice)}</span>
          </div>
          <ul className="mt-3 space-y-3">
            {fairValueRows(fairValues, market.yesPrice).map(({ figure, cents, differencePp }) => (
              <li key={figure.method} className="rounded-xl p-3 ring-1 ring-slate-200" data-testid={`fair-value-${figure.method}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{figure.label}</h3>
                  <p className="tabular-nums">
                    <span className="text-lg font-bold text-slate-900" data-testid="fair-value">
                      {formatChance(cents)}
                    </span>{' '}
                    <span className="text-sm text-slate-700" data-testid="difference">
                      market {formatPoints(differencePp)} ({differenceInWords(differencePp)})
                    </span>
                  </p>
                </div>
                <p className="mt-1 break-words font-mono text-xs text-slate-700">{figure.formula}</p>
                <details className="mt-1 text-xs text-slate-700">
                  <summary className="cursor-pointer font-medium text-brand-800">Inputs (data of {formatNewYorkTime(figure.asOf)})</summary>
                  <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 sm:grid-cols-3">
                    {figure.inputs.map((i) => (
                      <div key={i.name} className="flex justify-between gap-2">
                        <dt className="font-mono">{i.name}</dt>
                        <dd className="tabular-nums">{formatInput(i.value)}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
                {figure.note && <p className="mt-1 text-xs text-slate-700">{figure.note}</p>}
              </li>
            ))}
          </ul>
          {model && (
            <p className="mt-2 text-xs text-slate-600">
              {market.underlying} at {formatNumber(model.spot)}, ATM IV {formatNumber(model.atmIv * 100, { digits: 1 })}%,{' '}
              {formatNumber(model.T * 365, { digits: 0 })} days to the close, data of {formatNewYorkTime(model.asOf)}. The three differ because the smile is not
              flat: the strike&apos;s own IV moves the level, and the call spread also carries the smile&apos;s slope (the skew).
            </p>
          )}
        </>
      )}
      <h3 className="mt-5 font-semibold text-slate-900">Read these prices carefully</h3>
      <dl className="mt-2 space-y-3 text-sm">
        <div>
          <dt className="font-semibold text-slate-900">Delta is not the probability of finishing in the money</dt>
          <dd className="mt-0.5 text-slate-700">
            Traders often quote a call&apos;s delta as &ldquo;the chance it ends in the money&rdquo;. In the Black-Scholes-Merton model that chance is N(d₂),
            while delta is about N(d₁), and d₁ is larger than d₂ by σ√T. So delta overstates the chance, by more the higher the volatility and the longer the
            time left.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Touching a level is about twice as likely as finishing beyond it</dt>
          <dd className="mt-0.5 text-slate-700">
            A price that closes beyond a level must have touched it on the way, and one that touches it is then about as likely to end below as above. So the
            chance of touching the level at some point before the close is roughly double the chance of closing beyond it (the reflection principle). These
            markets pay on the close only: crossing 600 on Tuesday and falling back by the close resolves NO.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Risk-neutral is not real-world probability</dt>
          <dd className="mt-0.5 text-slate-700">
            Option prices give the probabilities that make the options fairly priced for someone who hedges, not a forecast. They include what people pay for
            protection: options have tended to cost more than the moves that followed (the volatility risk premium), so the chances the chain puts on big moves,
            falls above all, tend to be higher than how often such moves happen.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">The favourite-longshot bias</dt>
          <dd className="mt-0.5 text-slate-700">
            In betting and in prediction markets, cheap longshots tend to win less often than their price says, and favourites a little more often. It was first
            measured at horse races (Griffith, 1949); one analysis of Kalshi trades reported contracts bought at 5¢ winning about 4% of the time. It is the same
            pull that makes cheap far out-of-the-money options popular. The calibration chart on the markets page checks it on these markets.
          </dd>
        </div>
      </dl>
    </section>
  );
}
