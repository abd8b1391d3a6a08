import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MAX_AGENT_TOKENS } from '@shared/agent/token';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { useAgentTokens, type CreatedAgentToken } from '../api/agent-tokens';
import { AgentFacts, McpEndpoint } from './agent-facts';
import { ApiReference } from './api-reference';
import { CreateTokenForm } from './create-token-form';
import { Examples } from './examples';
import { SecretDialog } from './secret-dialog';
import { TokenList } from './token-list';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-h`} className={`${card} min-w-0 scroll-mt-24`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <div className="mt-1 text-sm text-slate-700">{intro}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * /app/agent (issue 34): the learner's personal access tokens for scripts and AI agents (created, shown once, listed,
 * revoked), what a token may do, copy-paste examples, and the API's document in a reference viewer.
 */
export default function AgentPage() {
  usePageMeta({
    title: 'Agent API',
    description: 'Personal access tokens, examples and the API reference for scripts and AI agents on your paper account.',
    path: '/app/agent',
    noindex: true,
  });
  const tokens = useAgentTokens();
  const [created, setCreated] = useState<CreatedAgentToken | null>(null);
  const origin = window.location.origin;
  const count = tokens.data?.tokens.length ?? 0;
  const max = tokens.data?.max ?? MAX_AGENT_TOKENS;
  const full = count >= max;

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Agent API</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Let a script or an AI assistant read markets and practise on your paper account with a personal access token, under every rule your own orders meet.
          Cut it off here at any time.{' '}
          <Link to="/agent" className="font-semibold text-brand-800 underline">
            What an agent can do
          </Link>
        </p>
      </header>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Section id="create" title="Create a token">
          {full ? (
            <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" role="note">
              You have {max} tokens, the most a learner may hold. Revoke one to create another.
            </p>
          ) : null}
          <CreateTokenForm disabled={full || !tokens.data} onCreated={setCreated} />
        </Section>
        <Section
          id="tokens"
          title="Your tokens"
          intro={
            <p data-testid="token-count">
              {tokens.data ? `${count} of ${max} tokens.` : `At most ${MAX_AGENT_TOKENS} tokens.`} A token is shown once, when it is created; here it is told
              apart by its last four characters.
            </p>
          }
        >
          <QueryState query={tokens} pendingLabel="Loading your tokens…">
            {(data) => <TokenList tokens={data.tokens} />}
          </QueryState>
        </Section>
      </div>

      <Section id="rules" title="What a token can and cannot do">
        <AgentFacts />
      </Section>

      <Section
        id="examples"
        title="Examples"
        intro={<p>Read the SPY chain and place a paper spread. Put your token in place of the placeholder; keep it out of code you share.</p>}
      >
        <Examples origin={origin} />
      </Section>

      <Section id="mcp" title="MCP server">
        <McpEndpoint origin={origin} />
      </Section>

      <Section
        id="reference"
        title="API reference"
        intro={
          <p>
            Every route, its parameters and answers, and the scope a token needs for it, from{' '}
            <a href="/api/openapi.json" className="font-mono underline">
              /api/openapi.json
            </a>
            .
          </p>
        }
      >
        <ApiReference />
      </Section>

      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
    </div>
  );
}
