import { Link } from 'react-router-dom';
import { LiveTradingCard } from '@web/components/brokers/live-trading-card';
import { usePageMeta } from '@web/lib/page-meta';

/**
 * /app/brokers and /app/broker-connections (issue 21): the learner's broker connections, the credentials panel and
 * the setup wizard, the same card /app/trading shows. Once a connection is verified its account is in the account
 * selector, and choosing it switches the portfolio, the orders and the trade ticket to it.
 */
export default function BrokerConnectionsPage() {
  usePageMeta({
    title: 'Broker Connections',
    description: 'Connect your Alpaca account, paper or live, through the 4-step setup wizard; your keys are kept encrypted and never shown again.',
    path: '/app/broker-connections',
    noindex: true,
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Broker Connections</h1>
        <p className="mt-1 text-sm text-slate-700">
          Connect your own Alpaca account. Your API key and secret go to our server once, are kept encrypted in AWS Secrets Manager, and are never shown again:
          every call to Alpaca is made by our server for you. Choose the account in the account selector to trade it; the{' '}
          <Link to="/app/portfolio" className="font-semibold text-brand-800 underline">
            portfolio
          </Link>{' '}
          then shows what it holds.
        </p>
      </header>
      <LiveTradingCard defaultOpen />
    </div>
  );
}
