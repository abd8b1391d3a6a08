import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { AlertFigures, AlertsRepository } from '../alerts.port';

/** What the alerts use cases need: the learner's alerts and notifications, clock and ids. */
export interface AlertsDeps {
  repo: AlertsRepository;
  clock: Clock;
  ids: IdGenerator;
  /** A pause before deciding again after a lost race (shared/backoff.ts jitteredBackoff); none in unit tests. */
  backoff?: (attempt: number) => Promise<void>;
}

/** What evaluating the alerts after an ingestion needs besides: the stored figures. */
export interface EvaluateDeps extends AlertsDeps {
  figures: AlertFigures;
}
