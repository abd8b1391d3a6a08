import { describe, expect, it } from 'vitest';
import { byAvailability, FEATURES } from '@web/features/landing/lib/features';
import { NAV_GROUPS } from '@web/app/shell/nav';

describe('what the landing page advertises', () => {
  it('splits features into what works and what is coming, keeping their order', () => {
    const features = [
      { id: 'a', needs: ['/app/x'] },
      { id: 'b', needs: ['/app/y', '/app/z'] },
      { id: 'c', needs: ['/app/x'] },
    ];
    const { available, coming } = byAvailability(features, new Set(['/app/z']));
    expect(available.map((f) => f.id)).toEqual(['a', 'c']);
    expect(coming.map((f) => f.id)).toEqual(['b']);
  });

  it('ties every feature to pages of the app, so the planned-pages list decides', () => {
    const paths = new Set(NAV_GROUPS.flatMap((g) => g.items.flatMap((i) => [i.to, ...(i.also ?? [])])));
    for (const f of FEATURES) {
      expect(f.needs.length, f.title).toBeGreaterThan(0);
      for (const p of f.needs) expect(paths.has(p), `${f.title}: ${p}`).toBe(true);
    }
  });
});
