import { describe, expect, it } from 'vitest';
import { groupOfPath, pageNameOf } from '@web/app/shell/nav';

describe('the shell around the learning pages', () => {
  it('names every page under /app/learning “Learning” and opens the Education group for it', () => {
    for (const path of ['/app/learning', '/app/learning/options_basics/why-options', '/app/learning/options_greeks/quiz']) {
      expect(pageNameOf(path), path).toBe('Learning');
      expect(groupOfPath(path), path).toBe('education');
    }
    expect(pageNameOf('/app/learningx')).toBe('Dashboard');
  });
});
