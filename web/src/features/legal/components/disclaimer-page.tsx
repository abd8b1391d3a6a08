import { usePageMeta } from '@web/lib/page-meta';
import { LegalDocument, SupportLink, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'educational-use',
    title: 'For educational use',
    body: (
      <p>
        Options Academy exists to teach how options work. Lessons, chains, templates, the strategy builder, analytics and paper trading are learning tools. They
        are not a trading service and not a substitute for your own judgement.
      </p>
    ),
  },
  {
    id: 'no-advice',
    title: 'No investment advice',
    body: (
      <p>
        Nothing on this site is investment, financial, legal or tax advice, or a recommendation or solicitation to buy or sell any security or option. Templates
        and examples illustrate how strategies behave; they do not say what you should do. Options Academy is not a registered investment adviser or
        broker-dealer. Consult a licensed professional before making real investment decisions.
      </p>
    ),
  },
  {
    id: 'simulated-trading',
    title: 'Simulated trading',
    body: (
      <>
        <p>
          Paper trading uses virtual money. Simulated fills assume you could trade at the prices shown, in the size you chose, without moving the market; real
          markets have slippage, partial fills, fees, assignment and liquidity that simulation does not fully reproduce.
        </p>
        <p>
          Results from paper trading, XP, levels and leaderboards do not predict what real trading would earn or lose. Prices may come from a simulated market,
          and are then marked as demo data.
        </p>
      </>
    ),
  },
  {
    id: 'risk',
    title: 'The risk of trading options',
    body: (
      <>
        <p>Options trading carries substantial risk and is not suitable for every investor. In particular:</p>
        <ul>
          <li>An option can lose its entire value, often quickly, as time passes or the underlying moves against you.</li>
          <li>Selling options can expose you to losses far larger than the premium received; uncovered positions can lose without limit.</li>
          <li>Multi-leg strategies can behave unexpectedly when legs are assigned or exercised early.</li>
          <li>Leverage magnifies losses as well as gains. Only trade with money you can afford to lose.</li>
        </ul>
        <p>
          Before trading real options, read the Options Clearing Corporation&apos;s booklet &ldquo;Characteristics and Risks of Standardized Options&rdquo;,
          which your broker must provide.
        </p>
      </>
    ),
  },
  {
    id: 'jurisdiction',
    title: 'Jurisdictional limits',
    body: (
      <p>
        Options trading, and the brokers the academy can connect to, are regulated differently from country to country. Features such as live trading, specific
        brokers or Indian markets may not be available, or lawful, where you live. You are responsible for following the laws that apply to you.
      </p>
    ),
  },
  {
    id: 'third-party',
    title: 'Third-party content and services',
    body: (
      <p>
        Market data may come from third-party providers and may be delayed, incomplete or wrong. Brokerage services are provided by your broker under its own
        terms, and links to other sites (such as an exchange&apos;s option chain) lead to content we do not control. We do not endorse or guarantee third-party
        content or services.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    body: (
      <p>
        If anything here is unclear, write to <SupportLink />.
      </p>
    ),
  },
];

/** /DisclaimerDetailed (spec part 3 §2). */
export function DisclaimerPage() {
  usePageMeta({
    title: 'Risk Disclaimer',
    description: 'Options Academy is for education: simulated trading, no investment advice, and the real risks of trading options.',
    path: '/DisclaimerDetailed',
  });
  return (
    <LegalDocument
      title="Risk Disclaimer"
      effective="July 16, 2025"
      intro={<p>Please read this before using Options Academy, and again before trading options with real money.</p>}
      sections={SECTIONS}
    />
  );
}
