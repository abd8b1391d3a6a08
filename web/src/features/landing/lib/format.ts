const integer = new Intl.NumberFormat('en-US');

/** The landing page's counts: 1,234. */
export const formatCount = (n: number): string => integer.format(n);
