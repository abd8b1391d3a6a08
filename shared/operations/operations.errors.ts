/** The operators' messages (spec part 2, the error catalogue, word for word where it gives them). */
export const OPERATIONS_TEXTS = {
  schedulerUnavailable: 'Scheduler initialization failed. The app will continue without automatic data updates.',
  startFailed: 'Failed to start scheduler',
  stopFailed: 'Failed to stop scheduler',
  fetchFailed: (reason: string) => `Failed to fetch data: ${reason}`,
  unknownFetchError: 'Unknown error during fetch',
  refreshFailed: 'Failed to refresh stats',
  notControllable: (jobId: string) => `There is no schedule ${jobId} that operators start and stop.`,
  notTracked: (tickers: string) => `Not a tracked underlying: ${tickers}.`,
} as const;
