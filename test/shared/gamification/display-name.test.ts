import { describe, expect, it } from 'vitest';
import { displayNameOf } from '@shared/gamification/display-name';

describe("the boards' pseudonym", () => {
  it('gives a learner without a profile a pseudonym on the boards, never their e-mail', () => {
    expect(displayNameOf('abc')).toMatch(/^Trader [0-9A-F]{6}$/);
    expect(displayNameOf('abc')).toBe(displayNameOf('abc'));
    expect(displayNameOf('abc')).not.toBe(displayNameOf('abd'));
  });
});
