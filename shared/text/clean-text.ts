/**
 * Text that learners write and others read (stories, names and roles on the landing page) or that names what they keep
 * (drafts), cleaned before any length check (issue 16, 12). The contracts apply it with `z.string().transform(cleanText)`
 * and then check the length, so a limit counts what is stored and shown, and the API document's input stays a string.
 *
 * What goes:
 * - lone surrogates (half of a UTF-16 pair: no character at all, and invalid in UTF-8 and JSON elsewhere);
 * - control characters (Unicode Cc) and format characters (Unicode Cf): the bidi embeddings, overrides and isolates
 *   (U+202A–U+202E, U+2066–U+2069) that reorder what surrounds them, the marks U+200E/U+200F/U+061C, zero-width space,
 *   non-joiner and joiner (U+200B–U+200D), word joiner, the byte-order mark, soft hyphens and the invisible tag
 *   characters. Emoji joined by U+200D fall apart into their parts, a price worth paying for text nobody can hide
 *   things in.
 * What becomes a space: line breaks, tabs and other whitespace, and the letters that render as blank (the Hangul fillers
 * and the Braille blank), so a name cannot look empty or be padded. Runs of spaces become one; the ends are trimmed.
 * The result is in Unicode normalization form C, so the same text is stored and counted the same way however typed.
 */
const LONE_SURROGATE = /\p{Cs}/gu;
const BLANK = /[\s\u3164\u115f\u1160\uffa0\u2800]+/gu;
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Whitespace that is also a control character (tab, line breaks, U+0085): it separates words, so it becomes a space first. */
const SPACING_CONTROL = /[\t\n\v\f\r\u0085]/g;

export function cleanText(input: string): string {
  return input.replace(LONE_SURROGATE, '').replace(SPACING_CONTROL, ' ').replace(INVISIBLE, '').normalize('NFC').replace(BLANK, ' ').trim();
}
