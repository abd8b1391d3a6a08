import { useState } from 'react';
import { SegmentedControl } from '@web/components/ui/segmented-control';
import { curlExample, typescriptExample } from '../lib/examples';
import { CodeBlock } from './copy-button';

type Language = 'curl' | 'typescript';
const LANGUAGES = [
  { value: 'curl' as const, label: 'curl' },
  { value: 'typescript' as const, label: 'TypeScript' },
];

/** Read the SPY chain and place a paper spread, against this site, with a placeholder token. */
export function Examples({ origin }: { origin: string }) {
  const [language, setLanguage] = useState<Language>('curl');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="space-y-3">
      <SegmentedControl
        label="Example language"
        options={LANGUAGES}
        value={language}
        onSelect={setLanguage}
        className="inline-flex rounded-lg bg-slate-100 p-1"
        itemClassName={(checked) =>
          `rounded-md px-3 py-1.5 text-sm font-semibold ${checked ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`
        }
      />
      {language === 'curl' ? (
        <CodeBlock title="curl" language="shell" code={curlExample({ origin, today })} />
      ) : (
        <CodeBlock title="TypeScript" language="TypeScript" code={typescriptExample({ origin })} />
      )}
    </div>
  );
}
