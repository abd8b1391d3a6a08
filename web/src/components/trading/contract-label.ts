import { contractName } from '@shared/format/options';
import { parseOcc } from '@shared/market/occ';

/** "SPY Dec 18, 2026 $600 Call": an OCC symbol as a learner reads it, the same name as the activity list's. */
export function contractLabel(symbol: string): string {
  const o = parseOcc(symbol);
  return o ? contractName(o) : symbol;
}
