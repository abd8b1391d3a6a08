/** The product mark (the favicon's rising line) and name; drawn inline, no image request. */
/** `compact`: the name hides on phone widths, where the header needs the room for its buttons. */
export function Logo({ tone = 'dark', className = '', compact = false }: { tone?: 'dark' | 'light'; className?: string; compact?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${tone === 'dark' ? 'text-brand-900' : 'text-white'} ${className}`}>
      <svg aria-hidden viewBox="0 0 32 32" className="h-7 w-7 shrink-0">
        <rect width="32" height="32" rx="7" fill={tone === 'dark' ? '#065f46' : '#ecfdf5'} />
        <path
          d="M7 22 L13 14 L18 18 L25 9"
          fill="none"
          stroke={tone === 'dark' ? '#ecfdf5' : '#065f46'}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={compact ? 'sr-only sm:not-sr-only' : ''}>Options Academy</span>
    </span>
  );
}
