import { useState } from 'react';
import { usePlaceOrder, type ComplianceCheck, type OrderRequest, type PlacedOrder } from '@web/api/paper-account';
import { ApiError } from '@web/lib/api-client';

/**
 * The one order flow of the web: review → confirm → submit → result, whatever the venue (the paper account or a
 * connected Alpaca account; POST /api/orders with the account's id). The trade ticket (for every account) and the
 * builder's Trade All each render their own form and confirmation around it. `draft` is what the confirmation shows
 * (the order and whatever the caller computed for it); the client order id is made once per review, so a retry of the
 * same confirmation never places twice.
 */
export type OrderFlowStep<D> =
  | { step: 'edit' }
  | { step: 'review'; draft: D; clientOrderId: string }
  | { step: 'submit'; draft: D; clientOrderId: string }
  | { step: 'result'; draft: D; placed: PlacedOrder };

export interface OrderFlowOptions<D> {
  toRequest: (draft: D, clientOrderId: string) => OrderRequest;
  onPlaced?: (placed: PlacedOrder, draft: D) => void;
  /** The words of a refusal, from the server's message and the checks that blocked it (the message alone by default). */
  describeError?: (message: string, blocking: ComplianceCheck[] | undefined) => string;
}

export function useOrderFlow<D>(opts: OrderFlowOptions<D>) {
  const place = usePlaceOrder();
  const [state, setState] = useState<OrderFlowStep<D>>({ step: 'edit' });
  const [error, setError] = useState<string | null>(null);
  /** The checks the last answer carried: those of a placed order, or those that blocked it. */
  const [checks, setChecks] = useState<ComplianceCheck[]>([]);
  /** The checks that blocked the last refusal, kept after its confirmation closes; cleared by the next review. */
  const [refusal, setRefusal] = useState<ComplianceCheck[]>([]);

  const review = (draft: D, clientOrderId: string = crypto.randomUUID()) => {
    setError(null);
    setRefusal([]);
    setState({ step: 'review', draft, clientOrderId });
  };
  /** Changes what the confirmation shows (a dry run's checks arriving) without a new client order id. */
  const update = (fn: (draft: D) => D) => setState((s) => (s.step === 'review' || s.step === 'submit' ? { ...s, draft: fn(s.draft) } : s));
  const cancel = () => {
    setError(null);
    setState({ step: 'edit' });
  };
  const reset = () => {
    setError(null);
    setChecks([]);
    setRefusal([]);
    setState({ step: 'edit' });
  };
  const confirm = () => {
    if (state.step !== 'review') return;
    const { draft, clientOrderId } = state;
    setError(null);
    setState({ step: 'submit', draft, clientOrderId });
    place.mutate(opts.toRequest(draft, clientOrderId), {
      onSuccess: (placed) => {
        setChecks(placed?.checks ?? []);
        setState({ step: 'result', draft, placed });
        opts.onPlaced?.(placed, draft);
      },
      onError: (e) => {
        const blocking = e instanceof ApiError ? (e.body as { checks?: ComplianceCheck[] } | null)?.checks : undefined;
        const message = e instanceof ApiError ? e.message : 'Something went wrong. Please try again.';
        setError(opts.describeError ? opts.describeError(message, blocking) : message);
        if (blocking) {
          setChecks(blocking);
          setRefusal(blocking);
        }
        // Back to the confirmation, with the same client order id: confirming again is a retry, never a second order.
        setState({ step: 'review', draft, clientOrderId });
      },
    });
  };

  return {
    state,
    /** The confirmation is open (reviewing, or submitting from it). */
    confirming: state.step === 'review' || state.step === 'submit' ? state : null,
    result: state.step === 'result' ? state : null,
    busy: state.step === 'submit',
    error,
    checks,
    setChecks,
    refusal,
    review,
    update,
    /** Clears a refusal's words once its cause is fixed (the trading level raised from the confirmation). */
    clearError: () => setError(null),
    cancel,
    confirm,
    reset,
  };
}
