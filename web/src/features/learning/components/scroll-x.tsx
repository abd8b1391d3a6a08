import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content is wider (a table, a long formula on a phone). Only while it does
 * overflow is it a tab stop, so a keyboard can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable) without
 * adding a stop for every formula that fits.
 */
export function ScrollX({
  as: Tag = 'div',
  className = '',
  label,
  children,
}: {
  as?: 'div' | 'span' | 'dd';
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      if (el.scrollWidth > el.clientWidth + 1) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Tag ref={ref as never} className={`overflow-x-auto ${className}`} aria-label={label}>
      {children}
    </Tag>
  );
}
