import type { ReactNode } from 'react';

/**
 * A table (or anything) wider than a phone's screen, scrolling sideways in a region of its own. The region takes the
 * keyboard's focus and has a name, so a keyboard user can scroll it with the arrow keys and a screen reader says what
 * it holds (axe: scrollable-region-focusable). Named by `label`, or by the heading whose id is `labelledBy`.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className = '',
  children,
}: { className?: string; children: ReactNode } & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never })) {
  return (
    <div className={`relative overflow-x-auto ${className}`.trim()} tabIndex={0} role="region" aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
