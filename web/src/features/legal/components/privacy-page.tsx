import { Link } from 'react-router-dom';
import { usePageMeta } from '@web/lib/page-meta';
import { LegalDocument, SupportLink, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <>
        <p>We collect only what the academy needs to work:</p>
        <ul>
          <li>
            <strong>Account data:</strong> your email address and the name you give when you sign up, and the password you choose (held by our sign-in service,
            Amazon Cognito, never readable by us).
          </li>
          <li>
            <strong>Learning and paper-trading activity:</strong> lessons and quizzes completed, journal entries, strategies you build, paper orders and
            positions, and the XP, levels and achievements they earn.
          </li>
          <li>
            <strong>Broker keys, if you connect a broker:</strong> the API key and secret of your brokerage account, the environment (paper or live) and the
            trading level you report. Keys are stored encrypted in AWS Secrets Manager and are never shown again, not even to you.
          </li>
          <li>
            <strong>Learner stories you choose to share:</strong> the quote, the name and optional role you enter, and your consent to show them on the public
            landing page.
          </li>
          <li>
            <strong>Notify-me addresses:</strong> if, signed in, you ask to be told when Indian-market trading launches, your account&apos;s confirmed email
            address, the wording you agreed to and when.
          </li>
          <li>
            <strong>Technical data:</strong> request logs (time, path, status and your IP address) kept by our hosting for security and troubleshooting.
          </li>
        </ul>
        <p>We do not use advertising trackers or third-party analytics, and the site loads no scripts, fonts or images from other companies.</p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your data',
    body: (
      <ul>
        <li>To run your account: sign-in, your progress, your paper portfolio and your journal.</li>
        <li>To run pre-trade checks and, when you ask, to place orders with your broker using your keys.</li>
        <li>To count anonymous totals shown on the landing page (learners, paper trades, strategies built). No individual is identifiable from them.</li>
        <li>To show learner stories you shared, after our review, and to send the one launch email you asked for.</li>
        <li>To keep the service secure, fix faults and answer your support requests.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <>
        <p>
          <strong>We do not sell your data</strong>, and we do not share it for advertising.
        </p>
        <ul>
          <li>
            <strong>Hosting:</strong> the academy runs on Amazon Web Services (AWS), which stores and processes data on our behalf under its data-processing
            terms.
          </li>
          <li>
            <strong>Your broker:</strong> only when you connect one, and only the requests you make (for example an order) go to that broker with your keys.
          </li>
          <li>
            <strong>The public:</strong> only a learner story you chose to share and we approved: its quote, name and role. You can withdraw it at any time.
          </li>
          <li>
            <strong>Authorities:</strong> when the law requires it; we will tell you unless we are forbidden to.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        Our servers are in AWS data centres in the United States. If you use the academy from elsewhere, your data is transferred to and processed in the United
        States. Where the law of your country requires it, we rely on appropriate safeguards such as the standard contractual clauses that AWS offers.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access the data we hold about you, correct it, delete it, receive a copy, object to or restrict
          its use, and withdraw consent you gave.
        </p>
        <p>
          In <Link to="/app/settings#privacy">Settings, Privacy</Link> you can download everything we keep about you as one JSON file, and delete your account:
          your sign-in, every item of your data, your broker keys, your leaderboard entries and your community posts are removed, and you are signed out
          everywhere. You can also delete your broker keys and withdraw a learner story yourself. For anything else, write to <SupportLink />. We answer within
          30 days. You may also complain to your data-protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data travels only over encrypted connections (HTTPS) and is encrypted at rest. Broker keys are kept in AWS Secrets Manager, one secret per learner and
        environment, and only the service that talks to your broker can read them. Access to production systems is limited to the people who run the service. No
        system is perfectly secure; if a breach affects your data we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Not for anyone under 18',
    body: (
      <p>
        Options Academy is not for anyone under 18, and we do not knowingly collect data from them. If you believe someone under 18 has an account, write to{' '}
        <SupportLink /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy we will update the effective date above, and for significant changes tell signed-in learners in the app before the change
        applies.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about privacy go to <SupportLink />. See also the{' '}
        <Link to="/terms" className="font-medium text-brand-800 underline">
          Terms and Conditions
        </Link>{' '}
        and the{' '}
        <Link to="/DisclaimerDetailed" className="font-medium text-brand-800 underline">
          Risk Disclaimer
        </Link>
        .
      </p>
    ),
  },
];

/** /privacy and /PrivacyPolicy (spec part 3 §2): effective July 16, 2025. Both name /privacy as canonical. */
export function PrivacyPage() {
  usePageMeta({
    title: 'Privacy Policy',
    description: 'What Options Academy collects, why, who it is shared with (no one who buys it), and your rights.',
    path: '/privacy',
  });
  return (
    <LegalDocument
      title="Privacy Policy"
      effective="July 16, 2025"
      intro={
        <p>
          Options Academy is an education and paper-trading platform for learning options. This policy explains what personal data we collect, how we use it,
          and the choices you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
