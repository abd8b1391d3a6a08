import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLANNED_PAGES } from '@web/features/placeholders/planned-pages';
import { REPO_ROOT } from '../../../support/local-stack';

describe('the list of pages not built yet', () => {
  it('says for each what it will do and who builds it', () => {
    for (const page of PLANNED_PAGES) {
      expect(page.summary.length, page.path).toBeGreaterThan(40);
      expect(page.area, page.path).toBeTruthy();
    }
    expect(new Set(PLANNED_PAGES.map((p) => p.path)).size).toBe(PLANNED_PAGES.length);
  });

  it('is the list README.md gives under "Pages not built yet"', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.split('## Pages not built yet')[1]?.split('\n## ')[0] ?? '';
    const listed = [...section.matchAll(/^\| `\/app\/([\w/-]+)`/gm)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set(PLANNED_PAGES.map((p) => p.path)));
  });
});
