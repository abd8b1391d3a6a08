import { Link, useSearchParams } from 'react-router-dom';
import { parseOcc } from '@shared/market/occ';
import { useSelectedAccount } from '@web/api/selected-account';
import { contractLabel } from '@web/components/trading/contract-label';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { Ticket } from './ticket';

/** /app/trade?contract=…&side=buy|sell: an order for one contract, opened from the chain's bid or ask, on the chosen account. */
export default function TradeTicketPage() {
  const [params] = useSearchParams();
  const contract = (params.get('contract') ?? '').toUpperCase();
  const occ = parseOcc(contract);
  const { selected, isPending } = useSelectedAccount();
  usePageMeta({
    title: occ ? `Trade ${contractLabel(contract)}` : 'Trade ticket',
    description: 'Place a paper trade on an option with virtual money.',
    path: '/app/trade',
    noindex: true,
  });

  if (!occ) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">Trade ticket</h1>
        <p className="mt-2 text-slate-700">Pick a contract first: open the options chain and click a bid (to sell) or an ask (to buy).</p>
        <Link to="/app/optionschain" className="mt-4 inline-block font-semibold text-brand-800 underline">
          Open the options chain
        </Link>
      </section>
    );
  }
  // The ticket waits for the accounts, so an order is never drafted for one account and shown for another.
  if (isPending) return <Spinner />;
  const initialSide = params.get('side') === 'sell' ? 'sell' : 'buy';
  // A new account (chosen in the selector) starts a new ticket: nothing typed for one venue carries to another.
  return <Ticket key={selected?.id ?? 'paper'} contract={contract} initialSide={initialSide} account={selected} />;
}
