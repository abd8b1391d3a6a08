import { Modal } from '@web/components/trading/modal';
import { Button } from '@web/components/ui/button';
import type { CreatedAgentToken } from '../api/agent-tokens';
import { CopyButton } from './copy-button';

/** The new token, shown this once: only its hash and last four characters are kept, so it cannot be shown again. */
export function SecretDialog({ created, onClose }: { created: CreatedAgentToken; onClose: () => void }) {
  return (
    <Modal
      title={`Token "${created.token.name}" created`}
      onClose={onClose}
      footer={
        <Button onClick={onClose} variant="primary">
          I have copied it
        </Button>
      }
    >
      <p className="text-sm font-semibold text-amber-950">
        Copy the token now. It will not be shown again: Options Academy keeps only its hash and its last four characters.
      </p>
      <label className="mt-3 block text-sm font-medium text-slate-800">
        Your token
        <input
          readOnly
          value={created.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
          data-testid="token-secret"
        />
      </label>
      <div className="mt-3">
        <CopyButton text={created.secret} what="the token" />
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Send it as <code className="rounded bg-slate-100 px-1 font-mono">Authorization: Bearer {created.secret.slice(0, 7)}…</code>. Keep it out of code you
        share; if it leaks, revoke it here and create another.
      </p>
    </Modal>
  );
}
