import { useState, type FormEvent } from 'react';
import { CreateAgentTokenBody } from '@shared/agent/agent.api';
import {
  AGENT_SCOPE_WORDS,
  AGENT_SCOPES,
  AGENT_TOKEN_EXPIRY_DAYS,
  AGENT_TOKEN_NAME_MAX,
  type AgentScope,
  type AgentTokenExpiryDays,
} from '@shared/agent/token';
import { Button } from '@web/components/ui/button';
import { useCreateAgentToken, type CreatedAgentToken } from '../api/agent-tokens';

const input = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
const FIELD_NAMES: Record<string, string> = { name: 'Name', scopes: 'Scopes', expiresInDays: 'Expiry' };

/** The contract's own check, in words: "Name must not be empty.", "Choose at least one scope." */
function firstProblem(body: unknown): string | null {
  const parsed = CreateAgentTokenBody.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  if (!issue.message.startsWith('must')) return `${issue.message[0]!.toUpperCase()}${issue.message.slice(1)}.`;
  return `${FIELD_NAMES[String(issue.path[0])] ?? 'The token'} ${issue.message}.`;
}

/** Name, scopes and expiry of a new token; the answer (with the secret, once) goes to `onCreated`. */
export function CreateTokenForm({ disabled, onCreated }: { disabled: boolean; onCreated: (created: CreatedAgentToken) => void }) {
  const create = useCreateAgentToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<AgentScope[]>(['read']);
  const [days, setDays] = useState<AgentTokenExpiryDays>(90);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { name: name.trim(), scopes: AGENT_SCOPES.filter((s) => scopes.includes(s)), expiresInDays: days };
    const found = firstProblem(body);
    setProblem(found);
    if (found) return;
    create.mutate(body, {
      onSuccess: (created) => {
        setName('');
        create.reset();
        onCreated(created);
      },
    });
  };
  const toggle = (scope: AgentScope, on: boolean) => setScopes((now) => (on ? [...new Set([...now, scope])] : now.filter((s) => s !== scope)));

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Create a token">
      <div>
        <label className="block text-sm font-medium text-slate-800">
          Name
          <input
            className={input}
            value={name}
            maxLength={AGENT_TOKEN_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder="my-bot"
            autoComplete="off"
            aria-describedby="token-name-help"
          />
        </label>
        <p id="token-name-help" className="mt-1 text-xs text-slate-600">
          Orders the token places say so in your orders, activity and journal: placed by agent 'my-bot'.
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        <div className="mt-1 space-y-1">
          {AGENT_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" className="mt-0.5 h-4 w-4" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
              <span>
                <span className="font-mono font-semibold">{scope}</span> <span className="text-slate-700">{AGENT_SCOPE_WORDS[scope]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Expires after</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {AGENT_TOKEN_EXPIRY_DAYS.map((d) => (
            <label key={d} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="token-expiry" checked={days === d} onChange={() => setDays(d)} />
              {d} days
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={disabled || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </Button>
      </div>
      {(problem ?? create.error) && (
        <p role="alert" className="text-sm text-red-800">
          {problem ?? create.error?.message}
        </p>
      )}
    </form>
  );
}
