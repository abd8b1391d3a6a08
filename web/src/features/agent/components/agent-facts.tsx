import { AGENT_LIMITS, AGENT_SCOPE_WORDS, AGENT_TOKEN_EXPIRY_DAYS, MAX_AGENT_TOKENS } from '@shared/agent/token';
import { CopyButton } from './copy-button';

const list = 'mt-2 space-y-1.5 text-sm text-slate-700';
const h3 = 'text-sm font-semibold text-slate-900';

/** What a token may and may never do, and its limits: the same words on /agent and /app/agent. */
export function AgentFacts() {
  return (
    <div className="grid gap-5 md:grid-cols-3">
      <div>
        <h3 className={h3}>What an agent can do</h3>
        <ul className={list}>
          <li>
            <span className="font-mono font-semibold text-slate-900">read</span>: {AGENT_SCOPE_WORDS.read.replace(/^Read: /, '')}.
          </li>
          <li>
            <span className="font-mono font-semibold text-slate-900">trade</span>: {AGENT_SCOPE_WORDS.trade.replace(/^Trade: /, '')}.
          </li>
          <li>Market data, chains and analysis are public: no token is needed to read them.</li>
        </ul>
      </div>
      <div>
        <h3 className={h3}>What it can never do</h3>
        <ul className={list}>
          <li>Trade anything but the paper account: never a live broker account.</li>
          <li>See or change broker keys, passwords, settings or your profile.</li>
          <li>Export or delete your data, or reach any operator page.</li>
          <li>Skip a rule: every pre-trade check, buying power, options level and day-trade rule applies as in the browser.</li>
        </ul>
      </div>
      <div>
        <h3 className={h3}>Limits</h3>
        <ul className={list}>
          <li>
            {AGENT_LIMITS.requestsPerMinute} requests and {AGENT_LIMITS.ordersPerMinute} orders a minute per token; past them the answer is 429 with
            Retry-After.
          </li>
          <li>
            At most {MAX_AGENT_TOKENS} tokens a learner, each expiring after {AGENT_TOKEN_EXPIRY_DAYS.join(', ')} days as you choose.
          </li>
          <li>Orders say which token placed them (placed by agent 'my-bot'), and earn no XP: XP is for your own learning.</li>
        </ul>
      </div>
    </div>
  );
}

/** The MCP server's address, for an MCP client such as a desktop assistant: the same token, the same scopes. */
export function McpEndpoint({ origin }: { origin: string }) {
  const url = `${origin}/api/mcp`;
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        An AI assistant that speaks the Model Context Protocol connects to one address with the same token (Streamable HTTP, JSON answers). Its tools read
        markets, chains, your portfolio and journal, price options, analyse strategies and, with the <span className="font-mono">trade</span> scope, place and
        cancel paper orders.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <code className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900" data-testid="mcp-endpoint">
          {url}
        </code>
        <CopyButton text={url} what="the MCP address" />
      </div>
    </div>
  );
}
