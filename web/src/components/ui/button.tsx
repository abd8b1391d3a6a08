import type { ComponentProps } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'md' | 'lg';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-500',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-300',
};

const SIZES: Record<Size, string> = {
  md: 'rounded-lg px-4 py-2.5 text-sm',
  lg: 'rounded-xl px-6 py-3 text-base',
};

/** The button look, for links that act as buttons (a call to action is a link when it navigates). */
export const buttonClass = (variant: Variant = 'primary', size: Size = 'md') =>
  `inline-flex items-center justify-center gap-2 font-semibold transition-colors disabled:cursor-not-allowed ${SIZES[size]} ${VARIANTS[variant]}`;

export function Button({ variant = 'primary', size = 'md', className = '', ...props }: ComponentProps<'button'> & { variant?: Variant; size?: Size }) {
  return <button type="button" {...props} className={`${buttonClass(variant, size)} ${className}`} />;
}
