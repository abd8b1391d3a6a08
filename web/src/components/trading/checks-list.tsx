import type { ComplianceCheck } from '@shared/compliance/checks';

const STYLE = {
  error: { icon: '✕', cls: 'bg-red-50 text-red-900 ring-red-200', label: 'Blocks the order' },
  warning: { icon: '!', cls: 'bg-amber-50 text-amber-950 ring-amber-200', label: 'Warning' },
  info: { icon: '✓', cls: 'bg-emerald-50 text-emerald-950 ring-emerald-200', label: 'Passed' },
} as const;

/** The pre-trade compliance checks, in the words the rules use (spec part 3 §8). */
export function ChecksList({ checks, label = 'Compliance checks' }: { checks: readonly ComplianceCheck[]; label?: string }) {
  if (!checks.length) return null;
  return (
    <ul className="space-y-1.5" aria-label={label}>
      {checks.map((c, i) => {
        const s = STYLE[c.severity];
        return (
          <li key={`${c.type}-${i}`} className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm ring-1 ${s.cls}`}>
            <span aria-hidden className="font-bold">
              {s.icon}
            </span>
            <span>
              <span className="sr-only">{s.label}: </span>
              {c.message}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
