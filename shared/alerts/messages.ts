import { formatUsd } from '../format/money';
import { formatCount, formatLevel } from '../format/number';
import { contractName } from '../format/options';
import { formatDate } from '../format/time';
import { parseOcc } from '../market/occ';
import { alertUnderlying, type AlertCondition } from './alert';
import type { Observed } from './conditions';

/**
 * The words of alerts, notifications and e-mails (issue 37). They say what happened to the figure the learner chose to
 * watch, as of which close, and link to the chain or the position; they never propose an order, never hurry, never
 * call a move an opportunity (a price alert that nudges towards a trade makes novices trade more and worse: Chapkovski,
 * Khapko and Zoican, "Trading gamification and investor behavior", Management Science 2024).
 */

/** The chain of an underlying (and expiry) or the portfolio, as a link inside the app. */
export function alertLink(condition: AlertCondition): string {
  if (condition.kind === 'position-pnl' || condition.kind === 'expiry') return '/app/portfolio';
  if ('contract' in condition) {
    const occ = parseOcc(condition.contract)!;
    return `/app/optionschain?ticker=${occ.underlying}&expiry=${occ.expiration}`;
  }
  return `/app/optionschain?ticker=${condition.underlying}`;
}

const subjectName = (condition: AlertCondition): string => {
  if (!('contract' in condition)) return condition.underlying;
  const occ = parseOcc(condition.contract)!;
  return contractName(occ);
};

const plural = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/** An alert as its list and its form's summary write it: "SPY closes above $600.00". */
export function describeAlert(condition: AlertCondition): string {
  const name = subjectName(condition);
  switch (condition.kind) {
    case 'price-cross':
      return `${name} closes ${condition.direction} ${formatUsd(condition.level)}`;
    case 'iv-rank':
      return `${name} IV rank at or ${condition.direction} ${formatLevel(condition.level)}`;
    case 'mark':
      return `${name} mark at or ${condition.direction} ${formatUsd(condition.level)}`;
    case 'position-pnl':
      return `${name} position: unrealized ${condition.direction} of ${formatUsd(condition.amount)} or more`;
    case 'expiry':
      return `${name} held, ${plural(condition.tradingDays, 'trading day', 'trading days')} or fewer before expiry`;
    case 'earnings':
      return `${name} reports earnings within ${plural(condition.days, 'day', 'days')}`;
  }
}

export interface NotificationText {
  title: string;
  body: string;
  /** Where the notification leads: the chain or the portfolio. */
  link: string;
}

/** The in-app notification of an alert that fired on a trading day's close. */
export function notificationText(condition: AlertCondition, observed: Observed, tradingDay: string): NotificationText {
  const name = subjectName(condition);
  const asOf = `at the close of ${formatDate(tradingDay)}`;
  const link = alertLink(condition);
  switch (observed.kind) {
    case 'price-cross': {
      const c = condition as Extract<AlertCondition, { kind: 'price-cross' }>;
      const before = observed.previousClose === null ? '' : ` (previous close ${formatUsd(observed.previousClose)})`;
      return {
        title: `${name} closed ${c.direction} ${formatUsd(c.level)}`,
        body: `${name} closed at ${formatUsd(observed.close)}${before} ${asOf}, crossing the level ${formatUsd(c.level)} you set.`,
        link,
      };
    }
    case 'iv-rank': {
      const c = condition as Extract<AlertCondition, { kind: 'iv-rank' }>;
      return {
        title: `${name} IV rank is ${formatLevel(observed.ivRank)}`,
        body: `${name}'s IV rank was ${formatLevel(observed.ivRank)} ${asOf}, at or ${c.direction} the ${formatLevel(c.level)} you set.`,
        link,
      };
    }
    case 'mark': {
      const c = condition as Extract<AlertCondition, { kind: 'mark' }>;
      return {
        title: `${name} marked at ${formatUsd(observed.mark)}`,
        body: `${name} was marked at ${formatUsd(observed.mark)} ${asOf}, at or ${c.direction} the ${formatUsd(c.level)} you set.`,
        link,
      };
    }
    case 'position-pnl': {
      const c = condition as Extract<AlertCondition, { kind: 'position-pnl' }>;
      return {
        title: `${name}: unrealized ${c.direction} of ${formatUsd(Math.abs(observed.unrealizedPnl))}`,
        body: `Your paper position in ${name} showed an unrealized P&L of ${formatUsd(observed.unrealizedPnl)} ${asOf}, beyond the ${c.direction} of ${formatUsd(c.amount)} you set.`,
        link,
      };
    }
    case 'expiry': {
      const left = observed.tradingDaysLeft === 0 ? 'expires today' : `expires in ${plural(observed.tradingDaysLeft, 'trading day', 'trading days')}`;
      return {
        title: `${name} ${left}`,
        body: `${name}, which you hold on paper (${plural(Math.abs(observed.quantity), 'contract', 'contracts')} ${observed.quantity < 0 ? 'short' : 'long'}), ${left}: its expiry is ${formatDate(observed.expiration)}.`,
        link,
      };
    }
    case 'earnings': {
      const when = observed.daysAway === 0 ? 'today' : `in ${plural(observed.daysAway, 'day', 'days')}`;
      return {
        title: `${alertUnderlying(condition)} reports earnings ${when}`,
        body: `${name}'s next earnings report is dated ${formatDate(observed.reportDate)} (${when}), as of ${formatDate(tradingDay)}. Implied volatility often changes around a report.`,
        link,
      };
    }
  }
}

export interface EmailText {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The e-mail of one fired alert: what happened, the link to the chain or the position, why the learner receives it, and
 * the unsubscribe link that works without signing in. `siteUrl` is the site's origin; `unsubscribeUrl` the signed link.
 */
export function alertEmail(note: NotificationText, siteUrl: string, unsubscribeUrl: string): EmailText {
  const url = `${siteUrl.replace(/\/$/, '')}${note.link}`;
  const why = 'You receive this because you set this alert in Options Academy and turned alert e-mails on in Settings.';
  const off = 'Turn alert e-mails off';
  const endOfDay = 'Alerts are checked after each end-of-day ingestion of market data, not during the session.';
  return {
    subject: `Options Academy alert: ${note.title}`,
    text: [note.body, '', `Open: ${url}`, '', endOfDay, why, `${off}: ${unsubscribeUrl}`, ''].join('\n'),
    html: [
      '<!doctype html><html><body>',
      `<p>${escapeHtml(note.body)}</p>`,
      `<p><a href="${escapeHtml(url)}">Open in Options Academy</a></p>`,
      `<p>${escapeHtml(endOfDay)}</p>`,
      `<p>${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">${off}</a>.</p>`,
      '</body></html>',
    ].join(''),
  };
}

/** The plain page the unsubscribe link shows. */
export const UNSUBSCRIBED_PAGE = {
  done: 'Alert e-mails are off. Your alerts still show as notifications in the app; you can turn e-mails on again in Settings.',
  refused: 'This unsubscribe link is not valid. Sign in and turn alert e-mails off in Settings.',
} as const;
