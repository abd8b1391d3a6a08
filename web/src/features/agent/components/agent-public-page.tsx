import { Link } from 'react-router-dom';
import { AGENT_TOKEN_EXPIRY_DAYS } from '@shared/agent/token';
import { buttonClass } from '@web/components/ui/button';
import { usePageMeta } from '@web/lib/page-meta';
import { PLACEHOLDER_TOKEN } from '../lib/examples';
import { AgentFacts, McpEndpoint } from './agent-facts';
import { Examples } from './examples';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8';

/**
 * /agent (issue 34), public: what the Agent API lets a learner's script or AI assistant do on a paper account, its
 * limits, the examples with a placeholder token and the MCP address, and the way in (sign up, then /app/agent).
 */
export function AgentPublicPage({ cta }: { cta: { label: string; to: string } }) {
  usePageMeta({
    title: 'Agent API',
    description:
      'Point a script or an AI assistant at a paper trading account: personal access tokens, an HTTP API with its OpenAPI document, and an MCP server, under the same rules as your own orders.',
    path: '/agent',
  });
  const origin = window.location.origin;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-12">
      <section aria-labelledby="agent-title" className={card}>
        <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">Agent API · paper trading only</p>
        <h1 id="agent-title" className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
          Let your script or AI assistant practise options with you
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          Create a personal access token, and a program you write or an assistant that speaks the Model Context Protocol can read chains, price and analyse
          strategies, and trade your paper account, under every rule your own orders meet. You can cut it off at any moment.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={cta.to} className={buttonClass('primary', 'lg')}>
            {cta.label}
          </Link>
          <a href="/api/openapi.json" className={buttonClass('secondary', 'lg')}>
            The OpenAPI document
          </a>
        </div>
      </section>

      <section aria-labelledby="agent-how" className={card}>
        <h2 id="agent-how" className="text-xl font-semibold text-slate-900">
          How it works
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>
            Sign in and open{' '}
            <Link to="/app/agent" className="font-semibold text-brand-800 underline">
              Agent API
            </Link>{' '}
            in the app. Name a token, choose its scopes and when it expires ({AGENT_TOKEN_EXPIRY_DAYS.join(', ')} days).
          </li>
          <li>
            Copy the token: it is shown once and starts with{' '}
            <code className="rounded bg-slate-100 px-1 font-mono text-sm">{PLACEHOLDER_TOKEN.slice(0, 7)}</code>. Only its hash is kept.
          </li>
          <li>
            Send it as <code className="break-all rounded bg-slate-100 px-1 font-mono text-sm">Authorization: Bearer {PLACEHOLDER_TOKEN}</code> to the HTTP API
            or the MCP server.
          </li>
          <li>Watch what it does in your portfolio and journal, and revoke the token when you are done: it is refused within 10 seconds.</li>
        </ol>
      </section>

      <section aria-labelledby="agent-rules" className={card}>
        <h2 id="agent-rules" className="mb-4 text-xl font-semibold text-slate-900">
          What an agent can and cannot do
        </h2>
        <AgentFacts />
      </section>

      <section aria-labelledby="agent-examples" className={card}>
        <h2 id="agent-examples" className="text-xl font-semibold text-slate-900">
          Examples
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">Read the SPY chain and place a paper spread, with a placeholder where your token goes.</p>
        <Examples origin={origin} />
      </section>

      <section aria-labelledby="agent-mcp" className={card}>
        <h2 id="agent-mcp" className="mb-3 text-xl font-semibold text-slate-900">
          MCP server
        </h2>
        <McpEndpoint origin={origin} />
      </section>

      <section aria-labelledby="agent-start" className={`${card} text-center`}>
        <h2 id="agent-start" className="text-xl font-semibold text-slate-900">
          Free, like everything else here
        </h2>
        <p className="mt-2 text-slate-700">An account, a paper portfolio and the Agent API cost nothing.</p>
        <Link to={cta.to} className={`${buttonClass('primary', 'lg')} mt-4`}>
          {cta.label}
        </Link>
      </section>
    </div>
  );
}
