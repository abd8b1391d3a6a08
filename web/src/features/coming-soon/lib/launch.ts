/** How long the thank-you shows before the form returns (spec part 3 §9). */
export const THANK_YOU_MS = 5000;
