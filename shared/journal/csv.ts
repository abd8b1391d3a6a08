import type { JournalEntry } from './journal.api';
import type { ClosedTradeRow } from './stats';
import { toCsv } from '../text/csv';

/** The journal's closed trades as CSV (shared/text/csv.ts writes and escapes the cells). */
export function tradesCsv(rows: readonly ClosedTradeRow[]): string {
  const sorted = [...rows].sort((a, b) => a.closedAt.localeCompare(b.closedAt));
  return toCsv(
    [
      'id',
      'account',
      'strategy',
      'underlying',
      'opened_at',
      'closed_at',
      'close_date_new_york',
      'pnl',
      'r_multiple',
      'max_profit',
      'exit_reason',
      'legs',
      'setup_tags',
      'mistake_tags',
      'reflected',
    ],
    sorted.map((r) => [
      r.id,
      r.account,
      r.strategy,
      r.underlying,
      r.openedAt,
      r.closedAt,
      r.date,
      r.pnl.toFixed(2),
      r.risk ? (r.pnl / r.risk).toFixed(2) : '',
      r.maxProfit === null ? 'unlimited' : r.maxProfit.toFixed(2),
      r.exitReason,
      r.legs,
      r.setupTags,
      r.mistakeTags,
      r.reflected ? 'yes' : 'no',
    ]),
  );
}

export function entriesCsv(entries: readonly JournalEntry[], opts: { truncated?: boolean } = {}): string {
  const csv = toCsv(
    [
      'id',
      'date',
      'kind',
      'trade_id',
      'title',
      'outlook',
      'thesis',
      'profit_target_pct',
      'stop',
      'time_exit',
      'confidence',
      'emotion_before',
      'emotion_after',
      'setup_tags',
      'mistake_tags',
      'lesson',
      'grade',
      'body',
      'xp_awarded',
      'created_at',
      'updated_at',
    ],
    entries.map((e) => [
      e.id,
      e.date,
      e.kind,
      e.tradeId,
      e.title,
      e.outlook,
      e.thesis,
      e.plannedExit.profitTargetPct,
      e.plannedExit.stop,
      e.plannedExit.time,
      e.confidence,
      [e.emotionBefore.choice, e.emotionBefore.text].filter(Boolean).join(': '),
      [e.emotionAfter.choice, e.emotionAfter.text].filter(Boolean).join(': '),
      e.setupTags,
      e.mistakeTags,
      e.lesson,
      e.grade,
      e.body,
      e.xpAwarded ? 'yes' : 'no',
      e.createdAt,
      e.updatedAt,
    ]),
  );
  return opts.truncated ? `${csv}# The export stopped at ${entries.length} entries (the size limit of one download).\r\n` : csv;
}
