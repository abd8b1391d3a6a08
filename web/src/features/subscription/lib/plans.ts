/** The plans the subscription-success page names (spec part 1 §2); no payment is ever taken. */
export interface Plan {
  id: 'monthly' | 'yearly' | 'pro' | 'enterprise';
  name: string;
  price: string;
}

export const PLANS: Record<Plan['id'], Plan> = {
  monthly: { id: 'monthly', name: 'Monthly Plan', price: '$29/month' },
  yearly: { id: 'yearly', name: 'Annual Plan', price: '$290/year' },
  pro: { id: 'pro', name: 'Pro Plan', price: '$49/month' },
  enterprise: { id: 'enterprise', name: 'Enterprise Plan', price: '$199/month' },
};

/** `plan` defaults to monthly, and an unknown plan falls back to monthly. */
export function planFor(raw: string | null): Plan {
  const key = (raw ?? '').trim().toLowerCase();
  return Object.hasOwn(PLANS, key) ? PLANS[key as Plan['id']] : PLANS.monthly;
}

/** A coupon code as shown back: letters, digits, dash and underscore, at most 40 characters. */
export function couponFor(raw: string | null): string | null {
  const code = (raw ?? '').trim();
  return /^[A-Za-z0-9_-]{1,40}$/.test(code) ? code.toUpperCase() : null;
}

export const PROCESSING_MS = 1000;
