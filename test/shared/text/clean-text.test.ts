import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShareTestimonialBody, TESTIMONIAL_MAX_NAME, TESTIMONIAL_MAX_QUOTE, TESTIMONIAL_MAX_ROLE } from '@shared/community/testimonials';
import { DraftBody } from '@shared/drafts/drafts.api';
import { cleanText } from '@shared/text/clean-text';

/** Characters that must never survive: controls, bidi controls, zero-width and other format characters, lone surrogates. */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const HIDDEN = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ufeff',
  '\u00ad',
  '\u{e0041}',
  '\ud800',
  '\udfff',
];
const BLANKS = [' ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\u2029', '\u3000', '\u3164', '\u2800', '\u115f'];

/** Text as an attacker would send it: ordinary characters of every kind with hidden and blank ones mixed in. */
const hostile = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
      { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 2 }) },
      { weight: 2, arbitrary: fc.constantFrom(...HIDDEN) },
      { weight: 2, arbitrary: fc.constantFrom(...BLANKS) },
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('cleanText', () => {
  it('leaves no control, format or zero-width character and no lone surrogate, whatever comes in', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(cleanText(s)).not.toMatch(FORBIDDEN);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives text with single spaces between words and none at the ends', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = cleanText(s);
        expect(out).toBe(out.trim());
        expect(out).not.toMatch(/\s\s|[^\S ]|[\u3164\u2800\u115f\u1160\uffa0]/u);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent and its output is well-formed NFC that survives a UTF-8 round trip', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = cleanText(s);
        expect(cleanText(out)).toBe(out);
        expect(out.normalize('NFC')).toBe(out);
        expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary text of any script as it was typed', () => {
    const word = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((w) => cleanText(w) === w && !w.includes(' '));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        const text = words.join(' ');
        expect(cleanText(text)).toBe(text);
      }),
    );
    expect(cleanText('Priya Raman, नर्स, 東京 — café ✓')).toBe('Priya Raman, नर्स, 東京 — café ✓');
  });

  it('removes what reorders or hides text, and joins the letters it separated', () => {
    expect(cleanText('Ada\u202e\u2066 txt.exe\u2069')).toBe('Ada txt.exe');
    expect(cleanText('ad\u200bmin')).toBe('admin');
    expect(cleanText('\ufeffPriya\u0000\u0007')).toBe('Priya');
    expect(cleanText('a\ud800b\udc00c')).toBe('abc');
    expect(cleanText('line one\r\n\r\nline two\tend')).toBe('line one line two end');
    expect(cleanText('\u3164\u3164')).toBe('');
    expect(cleanText('cafe\u0301')).toBe('café');
  });
});

describe('the contracts clean public text before they count it', () => {
  const story = { quote: 'The payoff charts finally made spreads click for me.', name: 'Priya', role: 'Nurse', consent: true as const };

  it('stores a story, name and role without hidden characters', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (quote, name, role) => {
        const parsed = ShareTestimonialBody.safeParse({ quote: `${story.quote}${quote}`, name: `Priya${name}`, role, consent: true });
        if (!parsed.success) return;
        for (const v of [parsed.data.quote, parsed.data.name, parsed.data.role ?? '']) expect(v).not.toMatch(FORBIDDEN);
      }),
      { numRuns: 500 },
    );
  });

  it('counts the length after cleaning: padding does not reach the limit, and a name of hidden characters is empty', () => {
    const zw = '\u200b'.repeat(5000);
    expect(ShareTestimonialBody.parse({ ...story, quote: `${'x'.repeat(TESTIMONIAL_MAX_QUOTE)}${zw}` }).quote).toHaveLength(TESTIMONIAL_MAX_QUOTE);
    expect(ShareTestimonialBody.safeParse({ ...story, quote: 'x'.repeat(TESTIMONIAL_MAX_QUOTE + 1) }).success).toBe(false);
    expect(ShareTestimonialBody.safeParse({ ...story, name: '\u200b\u202e\u3164 ' }).error?.issues[0]?.message).toBe('Enter the name to show with your story.');
    expect(ShareTestimonialBody.safeParse({ ...story, name: `${'n'.repeat(TESTIMONIAL_MAX_NAME)}\u2066` }).success).toBe(true);
    expect(ShareTestimonialBody.safeParse({ ...story, role: 'r'.repeat(TESTIMONIAL_MAX_ROLE + 1) }).success).toBe(false);
  });

  it('accepts exactly the stories whose cleaned text fits', () => {
    fc.assert(
      fc.property(hostile, (quote) => {
        // zod counts code points, so a character outside the BMP is one character, as the learner sees it.
        const length = [...cleanText(quote)].length;
        const fits = length >= 10 && length <= TESTIMONIAL_MAX_QUOTE;
        expect(ShareTestimonialBody.safeParse({ ...story, quote }).success).toBe(fits);
      }),
      { numRuns: 1000 },
    );
  });

  it('cleans a draft name and the strategy that names a draft by default', () => {
    const leg = { action: 'buy', optionType: 'call', strike: 600, premium: 5, quantity: 1, expiration: '2027-01-15', underlying: 'SPY' };
    const parsed = DraftBody.parse({ name: ' My\u202e condor\u200b ', underlying: 'SPY', strategy: 'Iron\u2066 Condor', legs: [leg] });
    expect(parsed).toMatchObject({ name: 'My condor', strategy: 'Iron Condor' });
    fc.assert(
      fc.property(hostile, (name) => {
        const result = DraftBody.safeParse({ name, underlying: 'SPY', legs: [leg] });
        expect(result.success).toBe([...cleanText(name)].length <= 80);
        if (result.success) expect(result.data.name ?? '').not.toMatch(FORBIDDEN);
      }),
      { numRuns: 500 },
    );
  });
});
