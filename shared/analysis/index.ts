/** Analysis definitions (issue 22; research-peers.md §4): pure functions the analysis pages and the lessons share. */
export * from '../metrics/volatility';
export * from '../metrics/sentiment';
export * from './regime';
