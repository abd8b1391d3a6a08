import { ulid } from 'ulid';
import { jitteredBackoff } from '@shared/backoff';
import type { AlertsDeps, EvaluateDeps } from '@shared/alerts/use-cases/deps';
import { dynamoAlertsRepository } from '../adapters/dynamo/alerts-repository';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { storedAlertFigures } from '../adapters/market/alert-figures';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { sleep, systemClock } from '../commons/clock';
import { marketDeps } from './market';

/** The composition root of alerts and notifications: the learner's items in the one table. */
export function alertsDeps(): AlertsDeps {
  return { repo: dynamoAlertsRepository(), clock: systemClock, ids: { newId: () => ulid() }, backoff: jitteredBackoff(sleep) };
}

/** The alerts' consumer of ChainIngested: the alerts, the stored figures, the market's status for the trading day. */
export function evaluateAlertsConsumerDeps() {
  const market = marketDeps();
  const evaluate: EvaluateDeps = {
    ...alertsDeps(),
    figures: storedAlertFigures({
      summaries: dynamoSummaryStore(),
      quotes: marketQuoteSource(market.reader, market.clock),
      paper: dynamoPaperAccountRepository(),
    }),
  };
  return { evaluate, market: market.store, receipts: dynamoEventReceipts() };
}
