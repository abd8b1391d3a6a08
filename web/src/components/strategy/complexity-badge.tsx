import type { Complexity } from '@shared/strategy';

const STYLE: Record<Complexity, string> = {
  beginner: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  intermediate: 'bg-amber-50 text-amber-950 ring-amber-200',
  advanced: 'bg-red-50 text-red-900 ring-red-200',
};

/** Spec part 3 §2: beginner, intermediate or advanced. */
export function ComplexityBadge({ complexity }: { complexity: Complexity }) {
  return (
    <span className={`inline-block shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${STYLE[complexity]}`}>
      {complexity}
    </span>
  );
}
