import { useState } from 'react';
import { AGENT_TOKEN_PREFIX } from '@shared/agent/token';
import { formatNewYorkTime } from '@shared/format/time';
import { Modal } from '@web/components/trading/modal';
import { Button } from '@web/components/ui/button';
import { useRevokeAgentToken, type AgentToken } from '../api/agent-tokens';

/** How a token is told apart without being shown: its prefix and last four characters. */
export const maskedToken = (lastFour: string) => `${AGENT_TOKEN_PREFIX}…${lastFour}`;

const expired = (token: AgentToken, now: Date) => new Date(token.expiresAt).getTime() <= now.getTime();

/** The learner's tokens with what each may do and when it was last used, each revocable after a confirmation. */
export function TokenList({ tokens }: { tokens: AgentToken[] }) {
  const [confirming, setConfirming] = useState<AgentToken | null>(null);
  const revoke = useRevokeAgentToken();
  const now = new Date();
  if (tokens.length === 0) return <p className="text-sm text-slate-700">No tokens yet. A token you create is listed here, without its secret.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Your tokens">
        {tokens.map((t) => (
          <li key={t.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="token-row">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{t.name}</span>
                <span className="font-mono text-sm text-slate-700" data-testid="token-last-four">
                  {maskedToken(t.lastFour)}
                </span>
                {t.scopes.map((s) => (
                  <span key={s} className="rounded-full bg-brand-100 px-2 py-0.5 font-mono text-xs font-semibold text-brand-900">
                    {s}
                  </span>
                ))}
                {expired(t, now) && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">expired</span>}
              </p>
              <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-700">
                <div className="flex gap-1 whitespace-nowrap">
                  <dt className="text-slate-600">Created</dt>
                  <dd>{formatNewYorkTime(t.createdAt, now)}</dd>
                </div>
                <div className="flex gap-1 whitespace-nowrap">
                  <dt className="text-slate-600">Last used</dt>
                  <dd>{t.lastUsedAt ? formatNewYorkTime(t.lastUsedAt, now) : 'never'}</dd>
                </div>
                <div className="flex gap-1 whitespace-nowrap">
                  <dt className="text-slate-600">{expired(t, now) ? 'Expired' : 'Expires'}</dt>
                  <dd>{formatNewYorkTime(t.expiresAt, now)}</dd>
                </div>
              </dl>
            </div>
            <Button variant="secondary" className="self-start" onClick={() => setConfirming(t)} aria-label={`Revoke ${t.name}`}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      {revoke.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {revoke.error.message}
        </p>
      )}
      {confirming && (
        <Modal
          title={`Revoke "${confirming.name}"?`}
          onClose={() => setConfirming(null)}
          locked={revoke.isPending}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={revoke.isPending}>
                Keep it
              </Button>
              <Button
                variant="danger"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(confirming.id, { onSuccess: () => setConfirming(null), onError: () => setConfirming(null) })}
              >
                {revoke.isPending ? 'Revoking…' : 'Revoke token'}
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-800">
            Every script or agent using <span className="font-mono">{maskedToken(confirming.lastFour)}</span> is refused from now on. This cannot be undone: to
            let it back in, create a new token.
          </p>
        </Modal>
      )}
    </>
  );
}
