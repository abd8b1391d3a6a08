import { describe, expect, it } from 'vitest';
import { AlertConditionSchema, type AlertCondition } from '@shared/alerts/alert';
import type { Observed } from '@shared/alerts/conditions';
import { alertEmail, alertLink, describeAlert, notificationText, UNSUBSCRIBED_PAGE } from '@shared/alerts/messages';

const DAY = '2026-11-25';
const cases: [unknown, Observed][] = [
  [
    { kind: 'price-cross', underlying: 'SPY', direction: 'above', level: 600 },
    { kind: 'price-cross', close: 601.5, previousClose: 598 },
  ],
  [
    { kind: 'price-cross', underlying: 'SPY', direction: 'below', level: 600 },
    { kind: 'price-cross', close: 599, previousClose: null },
  ],
  [
    { kind: 'iv-rank', underlying: 'AAPL', direction: 'above', level: 50 },
    { kind: 'iv-rank', ivRank: 62.5 },
  ],
  [
    { kind: 'iv-rank', underlying: 'AAPL', direction: 'below', level: 20 },
    { kind: 'iv-rank', ivRank: 12 },
  ],
  [
    { kind: 'mark', contract: 'SPY261218C00600000', direction: 'above', level: 10 },
    { kind: 'mark', mark: 10.25 },
  ],
  [
    { kind: 'mark', contract: 'SPY261218C00600000', direction: 'below', level: 10 },
    { kind: 'mark', mark: 9.75 },
  ],
  [
    { kind: 'position-pnl', contract: 'SPY261218C00600000', direction: 'gain', amount: 200 },
    { kind: 'position-pnl', unrealizedPnl: 250 },
  ],
  [
    { kind: 'position-pnl', contract: 'SPY261218C00600000', direction: 'loss', amount: 200 },
    { kind: 'position-pnl', unrealizedPnl: -250 },
  ],
  [
    { kind: 'expiry', contract: 'SPY261127P00550000', tradingDays: 1 },
    { kind: 'expiry', expiration: '2026-11-27', tradingDaysLeft: 1, quantity: -1 },
  ],
  [
    { kind: 'expiry', contract: 'SPY261127P00550000', tradingDays: 0 },
    { kind: 'expiry', expiration: '2026-11-27', tradingDaysLeft: 0, quantity: 3 },
  ],
  [
    { kind: 'earnings', underlying: 'AAPL', days: 7 },
    { kind: 'earnings', reportDate: '2026-12-01', daysAway: 6 },
  ],
  [
    { kind: 'earnings', underlying: 'AAPL', days: 0 },
    { kind: 'earnings', reportDate: DAY, daysAway: 0 },
  ],
];
const all = cases.map(([c, o]) => [AlertConditionSchema.parse(c), o] as [AlertCondition, Observed]);

/** Words that would turn a message about a figure into a nudge towards an order. */
const TRADE_PROMPTING =
  /\b(buy|buying|sell|selling|trade now|place (an |a )?(order|trade)|don'?t miss|act now|act fast|hurry|opportunity|last chance|before it'?s too late)\b/i;

function everyText(): string[] {
  const texts: string[] = [UNSUBSCRIBED_PAGE.done, UNSUBSCRIBED_PAGE.refused];
  for (const [condition, observed] of all) {
    const note = notificationText(condition, observed, DAY);
    const mail = alertEmail(note, 'https://example.test', 'https://example.test/api/unsubscribe?token=t');
    texts.push(describeAlert(condition), note.title, note.body, mail.subject, mail.text, mail.html);
  }
  return texts;
}

describe('every alert, notification and e-mail text', () => {
  it('covers every kind of alert', () => {
    expect(new Set(all.map(([c]) => c.kind))).toEqual(new Set(['price-cross', 'iv-rank', 'mark', 'position-pnl', 'expiry', 'earnings']));
  });

  it('never contains a word that prompts a trade', () => {
    for (const text of everyText()) expect(text).not.toMatch(TRADE_PROMPTING);
  });

  it('the check itself catches such words', () => {
    for (const bad of ['Buy SPY now', 'time to sell', "Don't miss this move", 'Trade now', 'a rare opportunity']) expect(bad).toMatch(TRADE_PROMPTING);
  });
});

describe('what a notification says and where it leads', () => {
  it('a price alert says the close, the level and the day, and links to the chain', () => {
    const [condition, observed] = all[0]!;
    expect(notificationText(condition, observed, DAY)).toEqual({
      title: 'SPY closed above $600.00',
      body: 'SPY closed at $601.50 (previous close $598.00) at the close of Wed, Nov 25, 2026, crossing the level $600.00 you set.',
      link: '/app/optionschain?ticker=SPY',
    });
  });

  it("a contract's alert links to its chain and expiry; a position's to the portfolio", () => {
    expect(alertLink(all[4]![0])).toBe('/app/optionschain?ticker=SPY&expiry=2026-12-18');
    expect(alertLink(all[6]![0])).toBe('/app/portfolio');
    expect(alertLink(all[8]![0])).toBe('/app/portfolio');
  });

  it('an expiry notification names the contract and the days left', () => {
    const [condition, observed] = all[8]!;
    expect(notificationText(condition, observed, DAY).title).toBe('SPY Nov 27, 2026 $550 Put expires in 1 trading day');
  });
});

describe('the alert e-mail', () => {
  const note = notificationText(all[0]![0], all[0]![1], DAY);
  const mail = alertEmail(note, 'https://academy.example/', 'https://academy.example/api/unsubscribe?token=abc');

  it('links to the page on the site, says it is end of day, and carries the unsubscribe link in both parts', () => {
    expect(mail.subject).toBe('Options Academy alert: SPY closed above $600.00');
    expect(mail.text).toContain('https://academy.example/app/optionschain?ticker=SPY');
    expect(mail.text).toContain('end-of-day');
    expect(mail.text).toContain('https://academy.example/api/unsubscribe?token=abc');
    expect(mail.html).toContain('href="https://academy.example/api/unsubscribe?token=abc"');
  });

  it('escapes what it puts in the HTML', () => {
    const html = alertEmail({ title: 't', body: '<script>x</script>', link: '/app' }, 'https://a.example', 'https://a.example/u?x=1&y=2').html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('x=1&amp;y=2');
  });
});
