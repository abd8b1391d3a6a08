/**
 * The first-visit rule (spec part 1 §4, part 3 §2): a visitor who has never seen the landing page is
 * sent from any other path to /, with the path they asked for remembered; visiting / marks the
 * landing page as seen; once seen, a signed-in learner's /optionschain becomes /app/optionschain.
 */
export const LANDING_SEEN_KEY = 'options-academy.landing-seen';
/** Per tab: the deep link that a first visit interrupted. */
export const FIRST_VISIT_ORIGIN_KEY = 'options-academy.first-visit-origin';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface Where {
  pathname: string;
  search?: string;
  hash?: string;
}

function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can be switched off (private modes, policies): behave as a returning visitor.
    return fallback;
  }
}

export const hasSeenLanding = (local: Store = localStorage): boolean => safely(() => local.getItem(LANDING_SEEN_KEY) !== null, true);

export const markLandingSeen = (local: Store = localStorage, at = new Date()): void =>
  safely(() => {
    if (local.getItem(LANDING_SEEN_KEY) === null) local.setItem(LANDING_SEEN_KEY, at.toISOString());
  }, undefined);

/** The path to remember when this location must first go to the landing page; null when it may open. */
export function firstVisitOrigin(where: Where, seen: boolean): string | null {
  if (seen || where.pathname === '/') return null;
  return `${where.pathname}${where.search ?? ''}${where.hash ?? ''}`;
}

/** Only a path of this site, never another origin (//host) and never / itself. */
export function safeOrigin(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw === '/') return null;
  return raw;
}

export const rememberOrigin = (origin: string, session: Store = sessionStorage): void =>
  safely(() => session.setItem(FIRST_VISIT_ORIGIN_KEY, origin), undefined);

export const readOrigin = (session: Store = sessionStorage): string | null => safely(() => safeOrigin(session.getItem(FIRST_VISIT_ORIGIN_KEY)), null);

export const forgetOrigin = (session: Store = sessionStorage): void => safely(() => session.removeItem(FIRST_VISIT_ORIGIN_KEY), undefined);

/** Where the public chain sends a visitor: the in-app chain for a signed-in learner who has seen the landing page. */
export function optionsChainTarget(search: string, seen: boolean, signedIn: boolean): string | null {
  return seen && signedIn ? `/app/optionschain${search}` : null;
}
