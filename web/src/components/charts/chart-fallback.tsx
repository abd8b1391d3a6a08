import { Component, type ReactNode } from 'react';

/** Spec part 3 §7: the words where the chart widget cannot be drawn. */
export const CHART_FAILED = 'Failed to load TradingView widget';

/** The spec's message, and why when it is known. */
export function ChartFailed({ detail }: { detail?: string }) {
  return (
    <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="chart-failed">
      <p className="font-semibold">{CHART_FAILED}</p>
      {detail && <p className="mt-1">{detail}</p>}
    </div>
  );
}

/**
 * Where the chart's code cannot load (after the retry policy's tries and one reload) or throws while drawing: the spec's
 * message in its place, and the rest of the page goes on. Small and static, so a page can hold it before the chart loads.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ChartFailed /> : this.props.children;
  }
}
