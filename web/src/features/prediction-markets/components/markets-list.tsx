import { Link } from 'react-router-dom';
import { formatExpiry, formatNewYorkTime } from '@shared/format/time';
import { formatCount } from '@shared/format/number';
import { plural } from '@shared/format/words';
import type { ExpiryGroup, MarketsList, MarketSummary } from '@web/api/prediction-markets';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { formatChance, formatChangeCents, formatPriceDollars } from '../lib/format';

const enc = encodeURIComponent;
const TH = 'px-3 py-2 font-medium';
const TD = 'px-3 py-2 tabular-nums';

const TABS = 'pm-underlying';

/**
 * The markets of one underlying at a time, a tab per underlying with markets (arrow keys move between them), its
 * expiries nearest first: the "close above" strikes as a table, the ladder as a link.
 */
export function MarketsList({
  list,
  chosen = null,
  onChoose,
  loading = false,
}: {
  list: MarketsList;
  /** The tab the learner chose (its list may still be loading, the last one shown meanwhile); null: the list's own. */
  chosen?: string | null;
  onChoose: (underlying: string) => void;
  loading?: boolean;
}) {
  const shown = chosen ?? list.underlying;
  return (
    <section aria-labelledby="markets-h" className="space-y-4">
      <div>
        <h2 id="markets-h" className="text-xl font-bold text-slate-900">
          Markets
        </h2>
        <p className="text-sm text-slate-700">
          Each market asks where an underlying will close on an expiry date. A price of 42¢ pays $1.00 if it happens: the market gives it a 42% chance.
          {list.madeAt && ` Prices made ${formatNewYorkTime(list.madeAt)} from the ${list.provider} market data's option chains.`}
        </p>
      </div>
      {list.underlyings.length === 0 || shown === null ? (
        <p className="rounded-2xl bg-white p-5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          No markets yet. They are made from the option chains after each market-data ingestion; come back once the first one has run.
        </p>
      ) : (
        <>
          <Tabs
            label="Underlying"
            idPrefix={TABS}
            items={(list.underlyings.includes(shown) ? list.underlyings : [...list.underlyings, shown]).map((u) => ({ id: u, label: u }))}
            selected={shown}
            onSelect={onChoose}
          />
          <TabPanel idPrefix={TABS} id={shown} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <div aria-busy={loading} className={loading ? 'opacity-60' : undefined}>
              {list.groups.length === 0 ? (
                <p className="p-5 text-sm text-slate-700">No {shown} markets are on the list now: they are made for its next expiries after each ingestion.</p>
              ) : (
                list.groups.map((g) => <ExpiryMarkets key={g.expiration} group={g} />)
              )}
            </div>
          </TabPanel>
        </>
      )}
    </section>
  );
}

function ExpiryMarkets({ group }: { group: ExpiryGroup }) {
  const headingId = `e-${group.underlying}-${group.expiration}`;
  return (
    <section aria-labelledby={headingId} className="border-b border-slate-100 py-3 last:border-b-0" data-testid="expiry-group">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5">
        <h4 id={headingId} className="font-semibold text-slate-900">
          {group.underlying} close on {formatExpiry(group.expiration)}
        </h4>
        <p className="text-xs text-slate-600">
          Trading closes {formatNewYorkTime(group.closesAt)}
          {group.source && ` · source: ${group.source}`}
        </p>
      </div>
      {group.above.length > 0 && (
        <ScrollRegion label={`${group.underlying} ${formatExpiry(group.expiration)}: close above`} className="mt-2">
          <table className="w-full min-w-[40rem] text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className={TH}>Market</th>
                <th className={`${TH} text-right`}>YES</th>
                <th className={`${TH} text-right`}>NO</th>
                <th className={`${TH} text-right`}>Change</th>
                <th className={`${TH} text-right`}>Volume</th>
                <th className={TH}>Closes</th>
              </tr>
            </thead>
            <tbody>
              {group.above.map((m) => (
                <MarketRow key={m.id} market={m} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <p className="mt-2 px-5 text-sm">
        <Link to={`/app/prediction-markets/${enc(group.ladder.id)}`} className="font-semibold text-brand-800 hover:underline">
          {group.ladder.question}
        </Link>{' '}
        <span className="text-slate-600">({plural(group.ladder.buckets.length, 'bucket')}, exactly one pays)</span>
      </p>
    </section>
  );
}

/** The NO side's price: its ask's complement is the YES bid, so the NO mid is 100 − the YES mid. */
const noPrice = (m: MarketSummary) => 100 - m.yesPrice;

function MarketRow({ market: m }: { market: MarketSummary }) {
  return (
    <tr className="border-t border-slate-100" data-testid="market-row">
      <td className="px-3 py-2">
        <Link to={`/app/prediction-markets/${enc(m.id)}`} className="font-medium text-brand-800 hover:underline">
          {m.label}
        </Link>
        <span className="sr-only">: {m.question}</span>
      </td>
      <td className={`${TD} text-right`}>
        <span className="font-semibold text-slate-900">{formatChance(m.yesPrice)}</span>{' '}
        <span className="text-slate-600">{formatPriceDollars(m.yesPrice)}</span>
      </td>
      <td className={`${TD} text-right text-slate-800`}>{formatPriceDollars(noPrice(m))}</td>
      <td className={`${TD} text-right text-slate-700`}>{formatChangeCents(m.change)}</td>
      <td className={`${TD} text-right text-slate-700`}>{formatCount(m.volume)}</td>
      <td className="px-3 py-2 text-slate-700">{formatNewYorkTime(m.closesAt)}</td>
    </tr>
  );
}
