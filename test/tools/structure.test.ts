import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The structure check of `npm run structure` (.dependency-cruiser.cjs): cycles and back-references between areas. */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = join(repo, '.dependency-cruiser.cjs');

interface Violation {
  rule: string;
  from: string;
  /** The module imported; for a cycle, the next module on it. */
  to: string;
}

/** Runs the check as `npm run structure` does (the same reporter family, whose exit code counts the errors), in `cwd`. */
function structureCheck(cwd: string): Promise<{ code: number; violations: Violation[]; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, 'shared', 'functions', 'web/src', '--config', config, '--output-type', 'err'],
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // `  error <rule>: <from> → <to>`, or for a cycle `  error <rule>: <from> →` with the next module on the next line.
        const lines = stdout.split('\n');
        const violations: Violation[] = [];
        lines.forEach((line, i) => {
          const m = /^\s*error (\S+): (\S+) →\s*(\S*)/.exec(line);
          if (m) violations.push({ rule: m[1]!, from: m[2]!, to: m[3] || (lines[i + 1] ?? '').trim().split(/\s/)[0]! });
        });
        resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, violations, output: stdout + stderr });
      },
    );
  });
}

describe('the structure check', () => {
  let fixture: string;

  beforeAll(async () => {
    // A small tree with the areas' real names: one cycle in functions/, one back-reference (market, below paper,
    // imports paper), one area in no layer, and imports that follow the direction (paper imports the kernel and market).
    fixture = await mkdtemp(join(tmpdir(), 'structure-'));
    const files: Record<string, string> = {
      'tsconfig.json': '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "bundler", "strict": true } }\n',
      'shared/kernel/money.ts': 'export const cents = (x: number): number => Math.round(x * 100) / 100;\n',
      'shared/market/quote.ts': "import { cents } from '../kernel/money';\nexport const mid = (bid: number, ask: number): number => cents((bid + ask) / 2);\n",
      'shared/market/marks.ts': "import { cash } from '../paper/account';\nexport const marked = (): number => cash + 1;\n",
      'shared/paper/account.ts': "import { cents } from '../kernel/money';\nimport { mid } from '../market/quote';\nexport const cash = cents(mid(1, 2));\n",
      'shared/gadgets/gadget.ts': "import { cents } from '../kernel/money';\nexport const gadget = cents(1);\n",
      'functions/ping.ts': "import { pong } from './pong';\nexport const ping = (): string => `ping ${pong.name}`;\n",
      'functions/pong.ts': "import { ping } from './ping';\nexport function pong(): string {\n  return ping();\n}\n",
      'web/src/main.ts': "import { cash } from '../../shared/paper/account';\nexport const shown = String(cash);\n",
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(fixture, path)), { recursive: true });
      await writeFile(join(fixture, path), text);
    }
  });

  afterAll(async () => {
    await rm(fixture, { recursive: true, force: true });
  });

  it('fails on a cycle, on an area importing one above it, and on an area in no layer, naming each', async () => {
    const { code, violations } = await structureCheck(fixture);
    expect(code).not.toBe(0);
    const cycles = violations.filter((v) => v.rule === 'no-cycles');
    expect(cycles.length).toBeGreaterThan(0);
    for (const cycle of cycles) expect([cycle.from, cycle.to].sort()).toEqual(['functions/ping.ts', 'functions/pong.ts']);
    const others = violations.filter((v) => v.rule !== 'no-cycles').map((v) => `${v.rule}: ${v.from} -> ${v.to}`);
    expect(others.sort()).toEqual([
      'shared-area-in-a-layer: shared/gadgets/gadget.ts -> shared/kernel/money.ts',
      'shared-direction-market: shared/market/marks.ts -> shared/paper/account.ts',
    ]);
  }, 120_000);

  it('passes on the repository as it is', async () => {
    const { code, violations, output } = await structureCheck(repo);
    expect(violations).toEqual([]);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  }, 120_000);
});
