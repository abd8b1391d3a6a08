import { Link } from 'react-router-dom';
import { usePageMeta } from '@web/lib/page-meta';
import { LegalDocument, SupportLink, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Agreeing to these terms',
    body: (
      <p>
        By creating an account or using Options Academy you agree to these terms, the{' '}
        <Link to="/privacy" className="font-medium text-brand-800 underline">
          Privacy Policy
        </Link>{' '}
        and the{' '}
        <Link to="/DisclaimerDetailed" className="font-medium text-brand-800 underline">
          Risk Disclaimer
        </Link>
        . If you do not agree, do not use the service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Options Academy',
    body: (
      <p>
        You must be at least 18 years old and able to enter a binding agreement. You may not use the service where doing so would break the laws that apply to
        you.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'What the service is',
    body: (
      <>
        <p>
          Options Academy is an education platform. It offers lessons, options chains with Greeks, strategy templates and a strategy builder, and paper trading
          with virtual money. Paper trades are simulated: no real money moves and no order reaches a market.
        </p>
        <p>
          Nothing in the service is investment, financial, legal or tax advice, or a recommendation to buy or sell anything. Figures such as probability of
          profit are educational estimates.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <p>
        Keep your password to yourself and tell us at <SupportLink /> if you think someone else has used your account. You are responsible for what happens
        under your account. One account per person.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not attack, overload, scrape at volume or probe the service, or try to reach data that is not yours.</li>
        <li>Do not use automated means to earn XP, achievements or leaderboard places.</li>
        <li>Do not share content that is unlawful, misleading, offensive or that promotes a paid service.</li>
      </ul>
    ),
  },
  {
    id: 'live-trading',
    title: 'Live trading through your own broker',
    body: (
      <p>
        Connecting a brokerage account is optional. When you do, orders you place in live mode are sent to your broker in your name and are real trades with
        real money, under your broker&apos;s terms and fees. Options Academy is not a broker, never holds your money, and is not responsible for your
        broker&apos;s execution or for losses from your trades. You must acknowledge the risks before live trading.
      </p>
    ),
  },
  {
    id: 'your-content',
    title: 'Stories and content you share',
    body: (
      <p>
        You keep ownership of what you write. By sharing a learner story you let us show it, with the name and role you chose, on the public site until you
        withdraw it. We may decline or remove any story.
      </p>
    ),
  },
  {
    id: 'market-data',
    title: 'Market data',
    body: (
      <p>
        Prices and Greeks may be simulated (marked as demo data), delayed or end-of-day, and may contain errors. Do not rely on them for real trading decisions.
      </p>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    body: (
      <p>
        Every feature of Options Academy is currently free. If that ever changes, we will tell you in advance and nothing will be charged without your explicit
        agreement.
      </p>
    ),
  },
  {
    id: 'ip',
    title: 'Our content',
    body: (
      <p>
        Lessons, templates, software and design belong to Options Academy or its licensors. You may use them for your own learning, not copy or resell them.
      </p>
    ),
  },
  {
    id: 'warranty',
    title: 'No warranty',
    body: (
      <p>
        The service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without warranties of accuracy, availability or fitness for a purpose, to
        the extent the law allows.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, Options Academy is not liable for indirect or consequential losses, or for trading losses of any kind, including losses
        from trades you place with your broker after learning here. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing your account',
    body: (
      <p>
        You can stop using the service and ask us to delete your account at any time. We may suspend or close accounts that break these terms, and will tell you
        why unless the law forbids it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will change the effective date above and, for significant changes, tell signed-in learners before they apply. Continuing
        to use the service after that means you accept them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms go to <SupportLink />.
      </p>
    ),
  },
];

/** /terms and /TermsAndConditions; both name /terms as canonical. */
export function TermsPage() {
  usePageMeta({
    title: 'Terms and Conditions',
    description:
      'The terms for using Options Academy, an education and paper-trading platform: who may use it, what it is and is not, and your responsibilities.',
    path: '/terms',
  });
  return (
    <LegalDocument
      title="Terms and Conditions"
      effective="July 16, 2025"
      intro={<p>These terms govern your use of Options Academy, an education and paper-trading platform for learning options trading with virtual money.</p>}
      sections={SECTIONS}
    />
  );
}
