/** The disclosures a learner acknowledges (spec part 3 §3: kinds, title, version '1.0', body). */
export const DISCLOSURES = [
  {
    type: 'options_risk',
    version: '1.0',
    title: 'Characteristics and Risks of Standardized Options',
    required: true,
    body: 'Options carry a high level of risk and are not suitable for every investor. A buyer can lose the whole premium paid; a seller can lose far more than the premium received. Options expire: time decay lowers their value as expiry nears. Read the OCC booklet "Characteristics and Risks of Standardized Options" before trading options with real money.',
  },
  {
    type: 'pdt_rules',
    version: '1.0',
    title: 'Pattern Day Trader rules',
    required: true,
    body: 'Opening and closing the same position on the same day is a day trade. Four or more day trades within five trading days mark an account as a pattern day trader, which then needs at least $25,000 of equity to keep day trading. Options Academy counts your day trades and warns you before the fourth.',
  },
  {
    type: 'margin_trading',
    version: '1.0',
    title: 'Margin trading',
    required: false,
    body: 'Trading on margin means borrowing from your broker. Losses can exceed your deposit, and the broker can sell your positions without notice when your equity falls below its requirement. The paper account is a cash-style account: it never borrows.',
  },
] as const;
