import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SegmentOption<T extends string | number> {
  value: T;
  label: ReactNode;
}

/**
 * A row of buttons that acts as one radio group (WAI-ARIA radio group pattern,
 * https://www.w3.org/WAI/ARIA/apg/patterns/radio/): one Tab stop (the chosen button, or the first when none is),
 * the arrow keys move the choice along the row and wrap, Home and End go to the ends. `onSelect` gets the
 * button clicked or moved to; a caller that lets a second click clear the choice decides that itself.
 */
export function SegmentedControl<T extends string | number>({
  label,
  options,
  value,
  onSelect,
  className,
  itemClassName,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T | null;
  onSelect: (value: T) => void;
  className?: string;
  itemClassName: (checked: boolean, value: T) => string;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = options.findIndex((o) => o.value === value);
  const tabStop = current >= 0 ? current : 0;

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = options.length;
    const from = current >= 0 ? current : 0;
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (from + 1) % n
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (from - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    onSelect(options[to]!.value);
    buttons.current[to]?.focus();
  };

  return (
    <div role="radiogroup" aria-label={label} className={className} onKeyDown={move}>
      {options.map((o, i) => (
        <button
          key={String(o.value)}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          tabIndex={i === tabStop ? 0 : -1}
          onClick={() => onSelect(o.value)}
          className={itemClassName(o.value === value, o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
