import { pnlDirection } from '@shared/format/money';

const TONE = { gain: 'text-emerald-800', loss: 'text-red-700', flat: 'text-slate-700' } as const;

/** The text colour of a P&L figure; the figure itself carries its sign (formatPnl), so colour is never the only cue. */
export const pnlTone = (x: number): string => TONE[pnlDirection(x)];
