/**
 * The market's wiring moved to functions/wiring/market.ts. This re-export stays only while the broker and trading
 * wiring and the screener handler, changed on other branches at the same time, still import the old path; delete it
 * once nothing does.
 */
export { marketDeps } from '../wiring/market';
