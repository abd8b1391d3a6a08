import { useId, useState } from 'react';
import { CredentialsPanel } from './credentials-panel';
import { SetupWizard } from './setup-wizard';
import { Button } from '../ui/button';

/**
 * The 'Live Trading with Alpaca' card (spec part 3 §2): the credentials panel and the setup-wizard launcher. On
 * completion the wizard closes and the alert 'Alpaca account connected successfully!' appears.
 */
export function LiveTradingCard({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [wizard, setWizard] = useState(false);
  const titleId = useId();
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            Live Trading with Alpaca
          </h2>
          <p className="text-sm text-slate-700">Trade your own Alpaca account from Options Academy, under the same compliance checks as paper trading.</p>
        </div>
        <Button onClick={() => setWizard(true)}>Connect with the setup wizard</Button>
      </div>
      <div className="mt-4">
        <CredentialsPanel onLaunchWizard={() => setWizard(true)} defaultOpen={defaultOpen} />
      </div>
      {wizard && (
        <SetupWizard
          onCancel={() => setWizard(false)}
          onComplete={() => {
            setWizard(false);
            window.alert('Alpaca account connected successfully!');
          }}
        />
      )}
    </section>
  );
}
