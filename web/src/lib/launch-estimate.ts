/** Spec part 3 §2: the launch estimate for Indian-market live trading is Q1 2026. */
export const INDIA_LAUNCH_ESTIMATE = { label: 'Q1 2026', endsOn: '2026-03-31' } as const;

/** The estimate as a sentence that stays true after the quarter has passed without a launch. */
export function launchEstimateText(
  now: Date,
  estimate: { label: string; endsOn: string } = INDIA_LAUNCH_ESTIMATE,
): { short: string; sentence: string; overdue: boolean } {
  const overdue = now.getTime() > new Date(`${estimate.endsOn}T23:59:59Z`).getTime();
  return overdue
    ? {
        short: `${estimate.label} (delayed)`,
        sentence: `The launch was estimated for ${estimate.label} and has not happened yet. The new date will be announced on this page.`,
        overdue,
      }
    : { short: estimate.label, sentence: `Estimated launch: ${estimate.label}.`, overdue };
}
