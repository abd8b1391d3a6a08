import { useId, useState } from 'react';
import { canSave, credentialIssues, DEFAULT_BROKER_ENVIRONMENT, type BrokerEnvironment, type FormField, type FormIssue } from '@shared/broker/credentials-form';
import { levelName } from '@shared/compliance/levels';
import { formatUsd } from '@shared/format/money';
import { deleteCredentials, saveCredentials, useBrokerCredentials, useBrokerRefresh, validateCredentials, type BrokerLink } from '@web/api/broker';
import { ApiError } from '@web/lib/api-client';
import { Button } from '../ui/button';

/**
 * The brokerage credentials panel (spec part 3 §2, §4, §5): collapsible, the connected accounts counted in its header,
 * each with a delete button; the connect form (environment, key, secret, level) with per-field help, one open at a
 * time; Test Connection saves then validates ('Validating...'), Save saves ('Saving...'). The form's rules and messages
 * are shared with the server (shared/broker/credentials-form.ts). The keys go to our API once and are never shown again.
 */
const HELP: Record<'environment' | 'apiKey' | 'apiSecret' | 'level', string> = {
  environment: 'Paper uses Alpaca’s paper-trading account and keys (they start with PK); Live uses your real-money account (keys start with AK).',
  apiKey: 'In Alpaca’s dashboard, open API Keys and create a key pair for the environment you chose. The key id is shown there.',
  apiSecret: 'Alpaca shows the secret once, when the key pair is made. It is sent to our server once and never shown again.',
  level: 'The options trading level Alpaca approved for your account (0 to 3). The lower of this and Alpaca’s level applies.',
};

export function CredentialsPanel({
  onLaunchWizard,
  onSaved,
  defaultOpen = false,
}: {
  onLaunchWizard?: () => void;
  onSaved?: () => void;
  defaultOpen?: boolean;
}) {
  const list = useBrokerCredentials();
  const refresh = useBrokerRefresh();
  const [open, setOpen] = useState(defaultOpen);
  const [environment, setEnvironment] = useState<BrokerEnvironment>(DEFAULT_BROKER_ENVIRONMENT);
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [level, setLevel] = useState('2');
  const [touched, setTouched] = useState<Set<FormField>>(new Set());
  const [help, setHelp] = useState<keyof typeof HELP | null>(null);
  const [busy, setBusy] = useState<'saving' | 'validating' | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const panelId = useId();
  const ids = { env: useId(), key: useId(), secret: useId(), level: useId() };

  const links = list.data?.credentials ?? [];
  const input = { environment, apiKey, apiSecret, optionsTradingLevel: level === '' ? Number.NaN : Number(level) };
  const issues = credentialIssues(input, touched);
  const blocking = !canSave(credentialIssues(input));
  const missing = !apiKey.trim() || !apiSecret.trim();
  const touch = (f: FormField) => setTouched((t) => new Set(t).add(f));
  const target = list.data?.environments.find((e) => e.environment === environment);

  async function save(thenValidate: boolean) {
    setTouched(new Set(['apiKey', 'apiSecret', 'optionsTradingLevel']));
    if (blocking) return;
    setMessage(null);
    setBusy(thenValidate ? 'validating' : 'saving');
    try {
      await saveCredentials(environment, { apiKey: apiKey.trim(), apiSecret: apiSecret.trim(), optionsTradingLevel: Number(level) });
      setApiKey('');
      setApiSecret('');
      setTouched(new Set());
      if (thenValidate) {
        const result = await validateCredentials(environment);
        setMessage(
          result.valid
            ? { tone: 'ok', text: 'Connection verified: your Alpaca account answered.' }
            : { tone: 'error', text: 'Failed to validate credentials. Please check your API keys.' },
        );
      } else {
        setMessage({ tone: 'ok', text: 'Credentials saved successfully!' });
      }
      await refresh();
      onSaved?.();
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof ApiError ? err.message : thenValidate ? 'Validation failed' : 'Failed to save credentials' });
    } finally {
      setBusy(null);
    }
  }

  async function remove(link: BrokerLink) {
    if (!window.confirm(`Delete ${link.environment} trading credentials?`)) return;
    try {
      await deleteCredentials(link.environment);
      await refresh();
    } catch {
      window.alert('Failed to delete credentials');
    }
  }

  const fieldIssues = (f: FormField) => issues.filter((i) => i.field === f);
  const helpButton = (key: keyof typeof HELP, label: string) => (
    <button
      type="button"
      className="ml-2 text-xs font-semibold text-brand-800 underline"
      aria-expanded={help === key}
      onClick={() => setHelp((h) => (h === key ? null : key))}
    >
      Help<span className="sr-only"> with {label}</span>
    </button>
  );

  return (
    <section className="rounded-xl ring-1 ring-slate-200" aria-label="Brokerage credentials">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="font-semibold text-slate-900">Brokerage credentials</span>
        <span className="text-sm text-slate-700">
          {links.length} {links.length === 1 ? 'account' : 'accounts'} connected <span aria-hidden>{open ? '▴' : '▾'}</span>
        </span>
      </button>
      {open && (
        <div id={panelId} className="space-y-4 border-t border-slate-100 px-4 py-4">
          {links.length === 0 ? (
            <p className="text-sm text-slate-700">Connect your Alpaca account for live trading</p>
          ) : (
            <ul className="space-y-2">
              {links.map((l) => (
                <li key={l.environment} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
                  <span>
                    <strong className="uppercase">{l.environment}</strong> · key {l.key_id_masked} · options trading level {l.options_trading_level} (
                    {levelName(l.options_trading_level)}){l.account ? ` · equity ${formatUsd(l.account.equity)}` : ''}
                    {l.last_validated_at ? ' · verified' : ' · not verified yet'}
                    {l.standIn && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">local stand-in</span>}
                  </span>
                  <Button variant="secondary" className="!px-3 !py-1.5" onClick={() => void remove(l)}>
                    Delete<span className="sr-only"> {l.environment} credentials</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}

          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              void save(false);
            }}
          >
            <div className="sm:col-span-2">
              <label htmlFor={ids.env} className="text-sm font-semibold text-slate-900">
                Environment
              </label>
              {helpButton('environment', 'the environment')}
              <select
                id={ids.env}
                value={environment}
                onChange={(e) => setEnvironment(e.target.value as BrokerEnvironment)}
                className="mt-1 block w-full rounded-lg px-3 py-2 ring-1 ring-slate-300"
              >
                <option value="paper">Paper</option>
                <option value="live">Live</option>
              </select>
              {help === 'environment' && <p className="mt-1 text-xs text-slate-700">{HELP.environment}</p>}
              {target?.standIn && (
                <p className="mt-1 text-xs text-amber-900">
                  This machine answers for Alpaca’s {environment} environment with a local stand-in ({target.host}), not Alpaca itself.
                </p>
              )}
              <Issues list={fieldIssues('environment')} />
            </div>
            <div>
              <label htmlFor={ids.key} className="text-sm font-semibold text-slate-900">
                API Key
              </label>
              {helpButton('apiKey', 'the API key')}
              <input
                id={ids.key}
                value={apiKey}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setApiKey(e.target.value)}
                onBlur={() => touch('apiKey')}
                className="mt-1 block w-full rounded-lg px-3 py-2 font-mono ring-1 ring-slate-300"
              />
              {help === 'apiKey' && <p className="mt-1 text-xs text-slate-700">{HELP.apiKey}</p>}
              <Issues list={fieldIssues('apiKey')} />
            </div>
            <div>
              <label htmlFor={ids.secret} className="text-sm font-semibold text-slate-900">
                API Secret
              </label>
              {helpButton('apiSecret', 'the API secret')}
              <input
                id={ids.secret}
                type="password"
                value={apiSecret}
                autoComplete="new-password"
                onChange={(e) => setApiSecret(e.target.value)}
                onBlur={() => touch('apiSecret')}
                className="mt-1 block w-full rounded-lg px-3 py-2 font-mono ring-1 ring-slate-300"
              />
              {help === 'apiSecret' && <p className="mt-1 text-xs text-slate-700">{HELP.apiSecret}</p>}
              <Issues list={fieldIssues('apiSecret')} />
            </div>
            <div>
              <label htmlFor={ids.level} className="text-sm font-semibold text-slate-900">
                Options trading level
              </label>
              {helpButton('level', 'the trading level')}
              <select
                id={ids.level}
                value={level}
                onChange={(e) => setLevel(e.target.value)}
                onBlur={() => touch('optionsTradingLevel')}
                className="mt-1 block w-full rounded-lg px-3 py-2 ring-1 ring-slate-300"
              >
                {[0, 1, 2, 3].map((n) => (
                  <option key={n} value={n}>
                    {n} · {levelName(n)}
                  </option>
                ))}
              </select>
              {help === 'level' && <p className="mt-1 text-xs text-slate-700">{HELP.level}</p>}
              <Issues list={fieldIssues('optionsTradingLevel')} />
            </div>
            <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
              <Button type="button" variant="secondary" disabled={!!busy || missing} onClick={() => void save(true)}>
                {busy === 'validating' ? 'Validating...' : 'Test Connection'}
              </Button>
              <Button type="submit" disabled={!!busy || missing || blocking}>
                {busy === 'saving' ? 'Saving...' : 'Save'}
              </Button>
              {onLaunchWizard && (
                <Button type="button" variant="ghost" onClick={onLaunchWizard}>
                  Use the setup wizard
                </Button>
              )}
            </div>
          </form>
          {message && (
            <p
              role={message.tone === 'error' ? 'alert' : 'status'}
              className={message.tone === 'error' ? 'text-sm font-semibold text-red-800' : 'text-sm font-semibold text-emerald-800'}
            >
              {message.text}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function Issues({ list }: { list: FormIssue[] }) {
  if (!list.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs">
      {list.map((i) => (
        <li key={i.message} className={i.severity === 'error' ? 'text-red-800' : i.severity === 'warning' ? 'text-amber-900' : 'text-slate-700'}>
          {i.severity === 'error' ? 'Error: ' : i.severity === 'warning' ? 'Warning: ' : 'Note: '}
          {i.message}
        </li>
      ))}
    </ul>
  );
}
