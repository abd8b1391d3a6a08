import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/local-stack';

const WEB = path.join(REPO_ROOT, 'web', 'src');
const ALIASES: Record<string, string> = { '@web/': WEB, '@shared/': path.join(REPO_ROOT, 'shared') };

function resolve(from: string, spec: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  const base = alias ? path.join(ALIASES[alias]!, spec.slice(alias.length)) : spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  return null;
}

/**
 * What the browser loads before the first page can show: main.tsx and everything it imports statically, followed
 * through the source (a dynamic `import()` starts a chunk of its own and is not followed). Packages are named, not read.
 */
function firstLoad(): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(WEB, 'main.tsx')];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file) || !/\.(ts|tsx)$/.test(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const spec = m[1]!;
      const target = resolve(file, spec);
      if (target) queue.push(target);
      else if (!spec.startsWith('.') && !spec.startsWith('@web/') && !spec.startsWith('@shared/')) packages.add(spec);
    }
  }
  return { files, packages };
}

describe("the landing page's first load", () => {
  const { files, packages } = firstLoad();
  const rel = (f: string) => path.relative(WEB, f);

  it('reaches the landing page through the router', () => {
    expect([...files].map(rel)).toEqual(expect.arrayContaining(['main.tsx', 'app/router.tsx', 'app/public-pages.tsx']));
  });

  it("carries none of the app's page list, its /app routes or its shell: they load with the first /app page", () => {
    for (const kept of ['app/pages.tsx', 'app/app-routes.tsx', 'app/shell/app-shell.tsx']) expect([...files].map(rel)).not.toContain(kept);
  });

  it('carries no Amplify configuration code: it loads once there is a configuration to give it', () => {
    expect([...files].map(rel)).not.toContain('lib/amplify.ts');
    expect(packages).not.toContain('aws-amplify');
  });
});
