import { useId, useState } from 'react';
import type { BrokerEnvironment } from '@shared/broker/credentials-form';
import { DISCLOSURES } from '@shared/compliance/disclosures';
import { levelName, NAKED_SELLING_NOTE, TRADING_LEVELS } from '@shared/compliance/levels';
import { formatUsd } from '@shared/format/money';
import { acknowledgeDisclosures, saveCredentials, useBrokerCredentials, useBrokerRefresh, validateCredentials, type BrokerLink } from '@web/api/broker';
import { Button } from '../ui/button';
import { Modal } from '../trading/modal';

/**
 * The 4-step setup wizard (spec part 3 §2, §4, §5): 1 environment; 2 credentials, 'Validate & Continue' saves and
 * validates them and reads the account; 3 the verified account with the strategies and restrictions of its level;
 * 4 the disclosures (options_risk and pdt_rules required, margin_trading optional) and Complete Setup. Back from steps
 * 2 to 4. The parent closes it and says 'Alpaca account connected successfully!'.
 */
export const WIZARD_STEPS = ['Choose environment', 'Enter credentials', 'Account verified', 'Disclosures'] as const;

export function SetupWizard({ onComplete, onCancel }: { onComplete: () => void; onCancel?: () => void }) {
  const [step, setStep] = useState(1);
  const [environment, setEnvironment] = useState<BrokerEnvironment>('paper');
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [level, setLevel] = useState(2);
  const [link, setLink] = useState<BrokerLink | null>(null);
  const [acks, setAcks] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useBrokerRefresh();
  const targets = useBrokerCredentials().data?.environments ?? [];
  const ids = { key: useId(), secret: useId(), level: useId() };

  const back = () => {
    setError(null);
    setStep((s) => s - 1);
  };

  async function validate() {
    if (!apiKey.trim() || !apiSecret.trim()) return setError('Please enter both API Key and API Secret');
    setError(null);
    setBusy(true);
    try {
      await saveCredentials(environment, { apiKey: apiKey.trim(), apiSecret: apiSecret.trim(), optionsTradingLevel: level });
      const result = await validateCredentials(environment);
      if (!result.valid || !result.credentials.account) {
        setError('Invalid credentials. Please check your API key and secret.');
        return;
      }
      setLink(result.credentials);
      setApiSecret('');
      setStep(3);
      void refresh();
    } catch {
      setError('Failed to validate credentials');
    } finally {
      setBusy(false);
    }
  }

  const required = DISCLOSURES.filter((d) => d.required).map((d) => d.type);
  const allRequired = required.every((t) => acks[t]);
  async function complete() {
    if (!allRequired) return setError('Please acknowledge all required disclosures');
    setBusy(true);
    setError(null);
    try {
      await acknowledgeDisclosures(
        environment,
        DISCLOSURES.filter((d) => acks[d.type]).map((d) => d.type),
      );
      await refresh();
      onComplete();
    } catch {
      setError('Failed to complete setup');
    } finally {
      setBusy(false);
    }
  }

  const account = link?.account;
  const tradingLevel = account?.trading_level ?? level;
  const target = targets.find((t) => t.environment === environment);
  return (
    <Modal
      title={`Connect Alpaca · Step ${step} of 4: ${WIZARD_STEPS[step - 1]}`}
      onClose={onCancel ?? (() => undefined)}
      locked={busy}
      wide
      footer={
        <>
          {step === 1 && onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          )}
          {step > 1 && (
            <Button variant="secondary" onClick={back} disabled={busy}>
              Back
            </Button>
          )}
          {step === 1 && <Button onClick={() => setStep(2)}>Continue</Button>}
          {step === 2 && (
            <Button onClick={() => void validate()} disabled={busy}>
              {busy ? 'Validating...' : 'Validate & Continue'}
            </Button>
          )}
          {step === 3 && <Button onClick={() => setStep(4)}>Continue</Button>}
          {step === 4 && (
            <Button onClick={() => void complete()} disabled={busy || !allRequired}>
              {busy ? 'Completing...' : 'Complete Setup'}
            </Button>
          )}
        </>
      }
    >
      <ol className="mb-4 flex gap-2 text-xs" aria-label="Steps">
        {WIZARD_STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={i + 1 === step ? 'step' : undefined}
            className={`rounded-full px-2 py-1 ${i + 1 === step ? 'bg-brand-700 text-white' : i + 1 < step ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-700'}`}
          >
            {i + 1}. {name}
          </li>
        ))}
      </ol>

      {step === 1 && (
        <fieldset>
          <legend className="font-semibold text-slate-900">Which Alpaca account do you want to connect?</legend>
          {(['paper', 'live'] as const).map((env) => (
            <label key={env} className="mt-2 flex items-start gap-2 rounded-lg p-3 ring-1 ring-slate-200">
              <input type="radio" name="environment" value={env} checked={environment === env} onChange={() => setEnvironment(env)} className="mt-1" />
              <span>
                <strong>{env === 'paper' ? 'Paper trading' : 'Live trading'}</strong>
                <span className="block text-sm text-slate-700">
                  {env === 'paper' ? 'Alpaca’s simulated account: practise with its paper money.' : 'Your real-money Alpaca account.'}
                </span>
                {env === 'live' && environment === 'live' && (
                  <span className="mt-1 block text-sm font-semibold text-red-800">You are setting up LIVE trading with real money</span>
                )}
              </span>
            </label>
          ))}
          {target?.standIn && (
            <p className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200">
              On this machine a local stand-in answers for Alpaca’s {environment} environment ({target.host}); it is not Alpaca itself.
            </p>
          )}
        </fieldset>
      )}

      {step === 2 && (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">Your keys are sent to our server once, kept encrypted in AWS Secrets Manager, and never shown again.</p>
          <div>
            <label htmlFor={ids.key} className="text-sm font-semibold">
              API Key
            </label>
            <input
              id={ids.key}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              className="mt-1 block w-full rounded-lg px-3 py-2 font-mono ring-1 ring-slate-300"
            />
          </div>
          <div>
            <label htmlFor={ids.secret} className="text-sm font-semibold">
              API Secret
            </label>
            <input
              id={ids.secret}
              type="password"
              value={apiSecret}
              onChange={(e) => setApiSecret(e.target.value)}
              autoComplete="new-password"
              className="mt-1 block w-full rounded-lg px-3 py-2 font-mono ring-1 ring-slate-300"
            />
          </div>
          <div>
            <label htmlFor={ids.level} className="text-sm font-semibold">
              Options trading level
            </label>
            <select
              id={ids.level}
              value={level}
              onChange={(e) => setLevel(Number(e.target.value))}
              className="mt-1 block w-full rounded-lg px-3 py-2 ring-1 ring-slate-300"
            >
              {TRADING_LEVELS.map((l) => (
                <option key={l.level} value={l.level}>
                  {l.level} · {l.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}

      {step === 3 && account && (
        <div className="space-y-3">
          <p className="font-semibold text-emerald-800">Account verified</p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Account</dt>
            <dd className="font-mono">{account.account_number}</dd>
            <dt className="text-slate-700">Status</dt>
            <dd>{account.account_status}</dd>
            <dt className="text-slate-700">Equity</dt>
            <dd className="tabular-nums">{formatUsd(account.equity)}</dd>
            <dt className="text-slate-700">Buying power</dt>
            <dd className="tabular-nums">{formatUsd(account.buying_power)}</dd>
            <dt className="text-slate-700">Options buying power</dt>
            <dd className="tabular-nums">{formatUsd(account.options_buying_power)}</dd>
            <dt className="text-slate-700">Approved options trading level</dt>
            <dd>{account.options_approved_level ?? 'not reported'}</dd>
            <dt className="text-slate-700">Level you trade at</dt>
            <dd>
              {tradingLevel} · {levelName(tradingLevel)}
            </dd>
            <dt className="text-slate-700">Pattern day trader</dt>
            <dd>{account.pattern_day_trader === null ? 'no longer reported by Alpaca' : account.pattern_day_trader ? 'yes' : 'no'}</dd>
          </dl>
          <div>
            <h3 className="font-semibold">Strategies allowed at options trading level {tradingLevel}</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
              {TRADING_LEVELS.filter((l) => l.level > 0 && l.level <= tradingLevel).map((l) => (
                <li key={l.level}>{l.allows}</li>
              ))}
              {tradingLevel === 0 && <li>{TRADING_LEVELS[0].allows}</li>}
            </ul>
            <h3 className="mt-2 font-semibold">Restrictions</h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
              <li>{NAKED_SELLING_NOTE}</li>
              <li>Options orders use whole contracts and day orders only; a spread is placed as one multi-leg order.</li>
              {tradingLevel < 3 && <li>Spreads and other multi-leg strategies need level 3.</li>}
            </ul>
          </div>
        </div>
      )}

      {step === 4 && (
        <div className="space-y-3">
          {DISCLOSURES.map((d) => (
            <label key={d.type} className="flex items-start gap-2 rounded-lg p-3 ring-1 ring-slate-200">
              <input type="checkbox" checked={!!acks[d.type]} onChange={(e) => setAcks((a) => ({ ...a, [d.type]: e.target.checked }))} className="mt-1" />
              <span>
                <strong>{d.title}</strong>{' '}
                {d.required ? (
                  <span className="text-xs font-semibold text-red-800">(required)</span>
                ) : (
                  <span className="text-xs text-slate-700">(optional)</span>
                )}
                <span className="block text-sm text-slate-700">{d.body}</span>
              </span>
            </label>
          ))}
        </div>
      )}

      {error && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </Modal>
  );
}
