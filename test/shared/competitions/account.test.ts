import { describe, expect, it } from 'vitest';
import { COMPETITION_STARTING_CAPITAL, competitionAccountId, competitionAccountSettings } from '@shared/competitions/account';
import { STARTING_CAPITALS } from '@shared/paper/types';
import { PAPER_ACCOUNT_ID } from '@shared/trading/order-venue.port';

describe('the competition account', () => {
  it('starts every entrant with the same capital, the largest a paper account offers', () => {
    expect(COMPETITION_STARTING_CAPITAL).toBe(Math.max(...STARTING_CAPITALS));
  });

  it("keeps the learner's own options level and fills at the far side whatever the paper account's default", () => {
    expect(competitionAccountSettings(1)).toMatchObject({ optionsLevel: 1, fillModel: 'bid-ask' });
    expect(competitionAccountSettings(3)).toMatchObject({ optionsLevel: 3, fillModel: 'bid-ask' });
  });

  it("is a separate account per season, never the learner's paper account", () => {
    expect(competitionAccountId('weekly-2026-11-30')).not.toBe(PAPER_ACCOUNT_ID);
    expect(competitionAccountId('weekly-2026-11-30')).not.toBe(competitionAccountId('weekly-2026-12-07'));
  });
});
