/** Analysis definitions (issue 22; research-peers.md §4): pure functions the analysis pages and the lessons share. */
export * from './volatility';
export * from './sentiment';
export * from './regime';
