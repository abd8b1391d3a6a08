import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments stand on their own: a comment never cites a file outside the repository (the research notes, the design
 * and examples files the product was planned from, a path into the folder beside the repository or an absolute machine
 * path). It states its rule in its own words and names the public source (a paper, a book, an exchange rule, a vendor's
 * API page) instead. This scans every comment of the source folders and lists each offending comment by file and line.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['shared', 'functions', 'web', 'infra', 'local', 'test', 'bench', 'tools'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.data', 'coverage']);
const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Files whose comments are only `#` or `//` lines: every line is read. */
const PLAIN = /\.(sh|cpp|hpp|h|css)$/;

/** What a comment may not cite; built from pieces so this file's own text does not match. */
const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a research note', pattern: new RegExp(['research', '-(peers|brokers)'].join(''), 'i') },
  { what: 'the design file', pattern: new RegExp(['DESIGN', '\\.md'].join('')) },
  { what: 'the examples file', pattern: new RegExp(['EXAMPLES', '\\.md'].join('')) },
  { what: 'a path outside the repository', pattern: new RegExp(['\\.\\./', 'shared/'].join('')) },
  { what: 'an absolute machine path', pattern: new RegExp(['(^|[\\s(\'"`])/', 'work/'].join('')) },
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (CODE.test(entry.name) || PLAIN.test(entry.name)) yield full;
  }
}

/** Every comment of a TypeScript or JavaScript file, with the line it starts on (1-based). */
function comments(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const found: { line: number; text: string }[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      found.push({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return found;
}

/** The offending comments of one file as `file:line: what it cites`. */
function offences(relative: string, text: string): string[] {
  const found: string[] = [];
  const check = (line: number, comment: string) => {
    comment.split('\n').forEach((row, i) => {
      for (const { what, pattern } of FORBIDDEN) if (pattern.test(row)) found.push(`${relative}:${line + i}: cites ${what}: ${row.trim()}`);
    });
  };
  // Parsing is the slow part: only a file that mentions something forbidden somewhere is parsed for its comments.
  if (!FORBIDDEN.some(({ pattern }) => pattern.test(text))) return found;
  if (CODE.test(relative)) for (const c of comments(relative, text)) check(c.line, c.text);
  else check(1, text);
  return found;
}

describe('comments cite no file outside the repository', () => {
  it('finds such a citation in a comment, and not in code', () => {
    const cited = ['research', '-peers.md §4.1'].join('');
    expect(offences('x.ts', `const a = 1; // IV rank as ${cited} defines it\n`)).toHaveLength(1);
    expect(offences('x.ts', `/**\n * from ${['/', 'work/'].join('')}shared/notes\n */\nexport const b = 2;\n`)).toEqual([
      `x.ts:2: cites an absolute machine path: * from ${['/', 'work/'].join('')}shared/notes`,
    ]);
    expect(offences('x.ts', `import { c } from '${['../', 'shared/'].join('')}market/dates';\n`)).toEqual([]);
    expect(offences('x.tsx', `export const d = (\n  <p>\n    {/* ${['DESIGN', '.md'].join('')} */}\n  </p>\n);\n`)).toHaveLength(1);
  });

  it('holds for every comment of the source folders', () => {
    const found: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sourceFiles(path.join(ROOT, folder))) {
        const relative = path.relative(ROOT, file);
        found.push(...offences(relative, readFileSync(file, 'utf8')));
      }
    }
    expect(found).toEqual([]);
  });
});
