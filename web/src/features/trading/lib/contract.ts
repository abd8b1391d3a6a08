/** +2 for a long position of two, −2 for a short one. */
export const signedQuantity = (q: number) => (q > 0 ? `+${q}` : String(q));
