import { describe, expect, it } from 'vitest';
import { closingCta, heroCta, welcomeLine, type Visitor } from '@web/features/landing/lib/cta';

const signedIn = (name: string, email: string): Visitor => ({ status: 'signedIn', name, email });

describe('the landing page calls to action', () => {
  it('sends a signed-in learner to the app', () => {
    expect(heroCta(signedIn('Ada', 'ada@example.com'))).toEqual({ label: 'Go to App', to: '/app' });
    expect(closingCta(signedIn('Ada', 'ada@example.com'))).toEqual({ label: 'Go to App', to: '/app' });
  });

  it('sends everyone else to sign up, free and never a trial, also while the session is still loading', () => {
    for (const visitor of [{ status: 'signedOut' }, { status: 'loading' }] as Visitor[]) {
      expect(heroCta(visitor)).toEqual({ label: 'Sign Up Free', to: '/signup' });
      expect(closingCta(visitor)).toEqual({ label: 'Sign Up Free', to: '/signup' });
    }
  });
});

describe('the welcome line', () => {
  it('uses the full name, else the email before the at-sign, else User', () => {
    expect(welcomeLine(signedIn('Grace Hopper', 'grace@example.com'))).toBe('Welcome, Grace Hopper');
    expect(welcomeLine(signedIn('', 'grace.h@example.com'))).toBe('Welcome, grace.h');
    expect(welcomeLine(signedIn('', ''))).toBe('Welcome, User');
    expect(welcomeLine({ status: 'signedOut' })).toBeNull();
  });
});
