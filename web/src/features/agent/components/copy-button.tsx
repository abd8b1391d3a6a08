import { useEffect, useId, useState } from 'react';
import { Button } from '@web/components/ui/button';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard and says so beside the button; a refused clipboard asks the reader to select it instead. */
export function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={() => void copy()} aria-label={`${label} ${what}`}>
        {label}
      </Button>
      <span role="status" className={`text-sm ${state === 'failed' ? 'text-red-800' : 'text-emerald-800'}`}>
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'The browser refused the clipboard: select the text and copy it.' : ''}
      </span>
    </span>
  );
}

/** A block of code to copy: the text as written, with a Copy button above it. */
export function CodeBlock({ code, title, language }: { code: string; title: string; language: string }) {
  const titleId = useId();
  return (
    <figure className="min-w-0" aria-labelledby={titleId}>
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </span>
        <CopyButton text={code} what={`the ${title} example`} />
      </figcaption>
      <pre
        className="mt-2 max-h-[28rem] overflow-auto rounded-xl bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 [color-scheme:dark]"
        tabIndex={0}
        aria-label={`${title} (${language})`}
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
