import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';

const TIP_WIDTH = 240;

/**
 * A column header whose one-sentence explanation shows on hover and on keyboard focus. The tip is
 * positioned fixed, so the table's scroll box cannot clip it; Escape hides it (WCAG 1.4.13).
 */
export function ColumnHeader({ label, help, className = '', rowSpan }: { label: string; help: string; className?: string; rowSpan?: number }) {
  const tipId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [style, setStyle] = useState<CSSProperties | null>(null);

  const show = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const left = Math.min(Math.max(8, rect.left + rect.width / 2 - TIP_WIDTH / 2), window.innerWidth - TIP_WIDTH - 8);
    setStyle({ position: 'fixed', top: rect.bottom + 6, left, width: TIP_WIDTH });
  };
  const hide = () => setStyle(null);

  const open = style !== null;
  useEffect(() => {
    if (!open) return;
    // A fixed tip must follow its header when the table or the page scrolls (focusing a header can scroll it into view).
    window.addEventListener('scroll', show, true);
    return () => window.removeEventListener('scroll', show, true);
  }, [open]);

  return (
    <th scope="col" rowSpan={rowSpan} className={className} onMouseEnter={show} onMouseLeave={hide}>
      <button
        ref={buttonRef}
        type="button"
        aria-describedby={tipId}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(e) => e.key === 'Escape' && hide()}
        className="cursor-help whitespace-nowrap border-b border-dotted border-slate-500 font-semibold"
      >
        {label}
      </button>
      <span
        id={tipId}
        role="tooltip"
        style={style ?? undefined}
        className={`${style ? 'block' : 'hidden'} z-50 rounded-lg bg-slate-900 px-3 py-2 text-left text-xs font-normal normal-case leading-snug tracking-normal whitespace-normal text-white shadow-lg`}
      >
        {help}
      </span>
    </th>
  );
}
