/**
 * The Reserve Bank of India's policy repo rate, the risk-free rate the product prices Indian options with.
 *
 * The repo rate is the overnight rate at which the RBI lends to banks, quoted as a simple annual rate. Compounded
 * daily, an overnight rate ρ is the continuous rate 365·ln(1 + ρ/365), within 0.0005 percentage points of ρ at these
 * levels; `continuousRepoRate` gives it for the pricing core, whose r is continuously compounded.
 */

export interface RepoRateDecision {
  /** The day the Monetary Policy Committee announced the rate; it applies with immediate effect. */
  effectiveFrom: string;
  /** Simple annual rate, 0.0525 = 5.25%. */
  rate: number;
  source: { title: string; publisher: string; date: string; url: string };
}

/**
 * The decisions that set the rate, oldest first. The rate was cut to 5.50% on 6 June 2025 and to 5.25% on
 * 5 December 2025; the MPC kept it at 5.25% on 6 February, 8 April and 5 June 2026 (stored reports below). No report of
 * the August or October 2026 decisions was found (searched again on 30 November 2026: the stored reports of an August or
 * October decision are of 2025, when the rate stayed at 5.50%): the rate is as last confirmed on 5 June 2026, and the
 * pages that use it say so (`RBI_REPO_RATE_UNCONFIRMED_AFTER`).
 */
export const RBI_REPO_RATE_DECISIONS: readonly RepoRateDecision[] = [
  {
    effectiveFrom: '2025-06-06',
    rate: 0.055,
    source: {
      title: 'RBI MPC meeting: Governor Sanjay Malhotra announces repo rate cut of 50 basis points',
      publisher: 'News9 Live',
      date: '2025-06-06',
      url: 'https://www.news9live.com/business/economy/rbi-monetary-policy-committee-mpc-announcements-governor-sanjay-malhotra-repo-rate-inflation-gdp-2863687/amp',
    },
  },
  {
    effectiveFrom: '2025-12-05',
    rate: 0.0525,
    source: {
      title: 'RBI MPC meeting: Central bank slashes repo rate by 25 bps to 5.25% from 5.5%',
      publisher: 'Business Today',
      date: '2025-12-05',
      url: 'https://www.businesstoday.in/amp/latest/economy/story/rbi-mpc-meeting-central-bank-slashes-repo-rate-by-25-bps-to-525-from-55-505183-2025-12-05',
    },
  },
];

/** The latest date the current rate was confirmed in a stored source: the MPC's unchanged decision of 5 June 2026. */
export const RBI_REPO_RATE_LAST_CONFIRMED = {
  date: '2026-06-05',
  source: {
    title: 'Premature to talk about a rate hike, says RBI Governor (MPC of 3–5 June 2026 kept the repo rate at 5.25%)',
    publisher: 'The Hindu BusinessLine (via news.warptechlab.com)',
    date: '2026-06-24',
    url: 'https://news.warptechlab.com/news/216883467',
  },
} as const;

/** The MPC decisions after the last confirmation that no stored source reports: the rate may have changed since. */
export const RBI_REPO_RATE_UNCONFIRMED_AFTER = { date: '2026-06-05', decisions: ['August 2026', 'October 2026'] } as const;

/** The repo rate in force on a date (simple annual); the earliest known one for dates before the list. */
export function repoRateOn(date: string): RepoRateDecision {
  let current = RBI_REPO_RATE_DECISIONS[0]!;
  for (const d of RBI_REPO_RATE_DECISIONS) if (d.effectiveFrom <= date) current = d;
  return current;
}

/** The latest known decision: the rate the product prices with today. */
export const RBI_REPO_RATE: RepoRateDecision = RBI_REPO_RATE_DECISIONS[RBI_REPO_RATE_DECISIONS.length - 1]!;

/** An overnight simple rate compounded daily, as the continuous rate the pricing core takes: 365·ln(1 + ρ/365). */
export const continuousRepoRate = (simple: number): number => 365 * Math.log1p(simple / 365);
