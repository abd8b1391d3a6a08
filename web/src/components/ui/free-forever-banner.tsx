import { Link } from 'react-router-dom';

/** Spec part 1 §1: every feature is free, and the academy is for learning, not for maximising profit. */
export function FreeForeverBanner({ className = '' }: { className?: string }) {
  return (
    <aside aria-label="Free forever" className={`bg-brand-800 px-4 py-2 text-center text-sm font-medium text-white ${className}`}>
      All features are free forever. Options Academy is for learning, not for maximising profit.{' '}
      <Link to="/subscription" className="whitespace-nowrap underline underline-offset-2 hover:text-brand-100 focus-visible:outline-white">
        Why free?
      </Link>
    </aside>
  );
}
