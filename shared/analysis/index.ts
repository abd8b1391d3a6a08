/** Analysis definitions (issue 22: the figures as practitioners define them; each file names its source): pure functions the analysis pages and the lessons share. */
export * from '../metrics/volatility';
export * from '../metrics/sentiment';
export * from './regime';
