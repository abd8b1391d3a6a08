import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  useClosePosition,
  useCloseStrategy,
  useExercise,
  usePortfolio,
  useRegroupPosition,
  type PortfolioPosition,
  type PortfolioView,
} from '@web/api/paper-account';
import { templateById } from '@shared/strategy/templates';
import { DEFAULT_WHEN_CLOSED, type WhenClosed } from '@web/components/trading/market-hours-note';
import { closeEstimate, closeStrategyEstimate } from '../lib/estimate';

type Strategy = PortfolioView['strategies'][number];

/**
 * The paper portfolio page's orchestration: the portfolio read, the close / close-strategy / exercise / regroup
 * mutations, and which dialog is open (with the estimate it shows). Each close the learner starts gets one key, so
 * confirming again after an error retries that close and never places a second one.
 */
export function usePaperPortfolio() {
  const portfolio = usePortfolio();
  const [closing, setClosing] = useState<PortfolioPosition | null>(null);
  const [closeKey, setCloseKey] = useState('');
  // While the market is closed a close waits for the next session unless the learner takes the practice shortcut.
  const [closeWhen, setCloseWhen] = useState<WhenClosed>(DEFAULT_WHEN_CLOSED);
  const [closingStrategy, setClosingStrategy] = useState<Strategy | null>(null);
  const [exercising, setExercising] = useState<PortfolioPosition | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const close = useClosePosition();
  const closeStrategy = useCloseStrategy();
  const regroup = useRegroupPosition();
  const exercise = useExercise();
  const { hash, search } = useLocation();
  // A link from a template (`?template=bull-call-spread`) opens the account at the level that template needs.
  const fromTemplate = templateById(new URLSearchParams(search).get('template') ?? '') ?? null;
  const loaded = !!portfolio.data;
  // A link to #account-settings (the builder's "change" next to the level) lands on the settings, not the top.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  const data = portfolio.data;
  const legsOf = (id: string) => (data?.positions ?? []).filter((p) => p.group?.id === id);
  const startClose = (p: PortfolioPosition) => {
    setClosing(p);
    setCloseKey(crypto.randomUUID());
  };
  const exercised = exercise.data ? [exercise.data.activity.text, exercise.data.warning].filter(Boolean).join(' ') : null;

  return {
    portfolio,
    fromTemplate,
    closeWhen,
    setCloseWhen,
    legsOf,
    /** What the last action said: an exercise's outcome, or why a close or a move failed. */
    message: exercised ?? (close.error?.message || regroup.error?.message || null),
    busy: exercise.isPending || close.isPending || closeStrategy.isPending || regroup.isPending,
    startClose,
    startExercise: (p: PortfolioPosition) => {
      exercise.reset();
      setExercising(p);
    },
    move: (p: PortfolioPosition, groupId: string | null, name?: string) => regroup.mutate({ symbol: p.symbol, groupId, name }),
    startCloseStrategy: (s: Strategy) => {
      setClosingStrategy(s);
      setCloseKey(crypto.randomUUID());
    },
    /** The close of one position being confirmed, with its estimate. */
    closing:
      closing && data
        ? {
            position: closing,
            estimate: closeEstimate(closing, data.account.settings),
            busy: close.isPending,
            error: close.error?.message,
            cancel: () => {
              setClosing(null);
              close.reset();
            },
            confirm: () => close.mutate({ symbol: closing.symbol, clientOrderId: closeKey, whenClosed: closeWhen }, { onSuccess: () => setClosing(null) }),
          }
        : null,
    /** The close of a whole strategy being confirmed, with its estimate. */
    closingStrategy:
      closingStrategy && data
        ? {
            strategy: closingStrategy,
            estimate: closeStrategyEstimate(legsOf(closingStrategy.id), data.account.settings),
            busy: closeStrategy.isPending,
            error: closeStrategy.error?.message,
            cancel: () => {
              setClosingStrategy(null);
              closeStrategy.reset();
            },
            confirm: () =>
              closeStrategy.mutate({ id: closingStrategy.id, clientOrderId: closeKey, whenClosed: closeWhen }, { onSuccess: () => setClosingStrategy(null) }),
          }
        : null,
    /** The exercise being confirmed; selling instead opens the close of the same position. */
    exercising: exercising
      ? {
          position: exercising,
          busy: exercise.isPending,
          error: exercise.error?.message,
          cancel: () => {
            setExercising(null);
            exercise.reset();
          },
          sellInstead: () => {
            setExercising(null);
            exercise.reset();
            startClose(exercising);
          },
          confirm: () => exercise.mutate({ symbol: exercising.symbol }, { onSuccess: () => setExercising(null) }),
        }
      : null,
    resetOpen,
    setResetOpen,
  };
}
