import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatOrdinal } from '@shared/format/words';

/**
 * One format across the app: ordinals, counted words and US spelling come from the formatters in shared/format, never
 * made by hand in a page. This scans the web app's source (and, for ordinals and spelling, shared/, whose texts reach
 * the screens: lessons, messages, catalogues) and lists each line that writes one by hand, so "3th pct", "1 contracts"
 * and "Realised" cannot come back.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['web/src', 'shared'];
const WEB = 'web/src/';
const CODE = /\.(ts|tsx)$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (CODE.test(entry.name)) yield full;
  }
}

const lines = FOLDERS.flatMap((folder) =>
  [...sourceFiles(path.join(ROOT, folder))].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((text, i) => ({ at: `${path.relative(ROOT, file)}:${i + 1}`, text })),
  ),
);

const offending = (test: (text: string) => boolean, only = '') =>
  lines.filter((l) => l.at.startsWith(only) && test(l.text)).map((l) => `${l.at}: ${l.text.trim()}`);

/** A figure followed by an ordinal suffix in a template or JSX: `${n}th`, `{rank}st`. */
const MADE_ORDINAL = /\}(st|nd|rd|th)\b/;
/** A written ordinal whose suffix is wrong for its number: "3th", "93th", "11st". */
const wrongOrdinals = (text: string) =>
  [...text.matchAll(/\b(\d+)(st|nd|rd|th)\b/g)].filter(([written, digits]) => formatOrdinal(Number(digits)).replace(/,/g, '') !== written);
/** A plural made by hand: `n === 1 ? '' : 's'`, or "contracts" written after an expression or after a literal 1. */
const MADE_PLURAL = /=== 1 \? '' : 's'|\}\s?contracts\b|\b1 contracts\b/;
/** British spellings the app does not use (US English: realized, as in "Realized P&L"). */
const BRITISH = /\b(un)?realis(e|ed|es|ing)\b/i;

describe('one format for ordinals, counted words and spelling', () => {
  it('writes no ordinal by hand: formatOrdinal makes them', () => {
    expect(offending((t) => MADE_ORDINAL.test(t))).toEqual([]);
    expect(offending((t) => wrongOrdinals(t).length > 0)).toEqual([]);
  });

  it('counts no noun by hand: plural() makes "1 contract" and "2 contracts"', () => {
    expect(offending((t) => MADE_PLURAL.test(t), WEB)).toEqual([]);
  });

  it('spells realized the US way everywhere', () => {
    expect(offending((t) => BRITISH.test(t))).toEqual([]);
  });

  it('would catch each of them', () => {
    expect(MADE_ORDINAL.test('`${Math.round(p)}th percentile`')).toBe(true);
    expect(wrongOrdinals('the 3th pct, the 93th percentile').map(([w]) => w)).toEqual(['3th', '93th']);
    expect(wrongOrdinals('the 3rd, 11th, 12th, 13th, 21st, 22nd, 93rd and 100th')).toEqual([]);
    expect(MADE_PLURAL.test("`${n} contract${n === 1 ? '' : 's'}`")).toBe(true);
    expect(MADE_PLURAL.test('`${legs} legs × ${contracts} contracts`')).toBe(true);
    expect(MADE_PLURAL.test('Exercise 1 contracts')).toBe(true);
    expect(MADE_PLURAL.test("plural(n, 'contract')")).toBe(false);
    expect(BRITISH.test('Realised P&L')).toBe(true);
    expect(BRITISH.test('realizedPnl')).toBe(false);
  });
});
