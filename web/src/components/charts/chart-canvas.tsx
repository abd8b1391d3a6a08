import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type SeriesMarker,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { formatShortDate } from '@shared/format/time';
import type { ChartModel, ChartPalette, Overlays } from './chart-model';

/**
 * The drawing itself, with TradingView's open-source lightweight-charts (Apache-2.0, bundled: no remote script). Loaded
 * lazily by price-chart.tsx, so no page pays for it before a chart is shown. The figures, toggles, keyboard readout and
 * text summary live in price-chart.tsx; this file only draws them.
 */
export interface ChartCanvasProps {
  model: ChartModel;
  overlays: Overlays;
  palette: ChartPalette;
  /** The session the keyboard readout is on (index into model.days), drawn as the crosshair; null: none. */
  selected: number | null;
  height: number;
}

interface Drawn {
  chart: IChartApi;
  close: ISeriesApi<SeriesType>;
}

const priceFormat = { type: 'custom' as const, minMove: 0.01, formatter: (p: number) => formatNumber(p) };
const volFormat = { type: 'custom' as const, minMove: 0.0001, formatter: (v: number) => formatPercent(v) };

export default function ChartCanvas({ model, overlays, palette, selected, height }: ChartCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      height,
      // The licence asks for TradingView's attribution notice and a link to tradingview.com on the page: the link is the
      // text below the chart, so the logo (a link inside the canvas box, which is hidden from assistive technology) is off.
      layout: { background: { color: palette.background }, textColor: palette.text, panes: { separatorColor: palette.grid }, attributionLogo: false },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderColor: palette.grid },
      timeScale: { borderColor: palette.grid },
      localization: { timeFormatter: (t: Time) => (typeof t === 'string' ? formatShortDate(t) : String(t)) },
      // Keyboard users move the readout with the arrow keys on the region around (price-chart.tsx); the chart itself
      // keeps the mouse and touch gestures.
    });
    const time = (date: string) => date as Time;

    // Sessions with only a stored close (before the daily bars' 30 days) as a line; the kept bars as candles.
    const close = chart.addSeries(LineSeries, { color: palette.close, lineWidth: 1, priceFormat, lastValueVisible: false, priceLineVisible: false });
    close.setData(model.days.map((d) => ({ time: time(d.date), value: d.close })));
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: palette.up,
      downColor: palette.down,
      borderUpColor: palette.up,
      borderDownColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
      priceFormat,
    });
    candles.setData(model.days.flatMap((d) => (d.candle ? [{ time: time(d.date), close: d.close, ...d.candle }] : [])));

    const volume = chart.addSeries(HistogramSeries, {
      color: palette.volume,
      priceScaleId: 'volume',
      priceFormat: { type: 'custom', minMove: 1, formatter: (v: number) => formatCount(v) },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    volume.setData(model.days.flatMap((d) => (d.volume === null ? [] : [{ time: time(d.date), value: d.volume }])));

    const line = (color: string, points: { date: string; value: number }[], dashed = false, pane = 0) => {
      const s = chart.addSeries(
        LineSeries,
        {
          color,
          lineWidth: 2,
          lineStyle: dashed ? LineStyle.Dashed : LineStyle.Solid,
          priceFormat: pane === 0 ? priceFormat : volFormat,
          lastValueVisible: false,
          priceLineVisible: false,
          crosshairMarkerVisible: pane !== 0,
        },
        pane,
      );
      s.setData(points.map((p) => ({ time: time(p.date), value: p.value })));
      return s;
    };
    if (overlays.sma20) line(palette.sma20, model.sma20);
    if (overlays.sma50) line(palette.sma50, model.sma50);
    let coneUpper: ISeriesApi<SeriesType> | null = null;
    if (overlays.cone && model.cone) {
      coneUpper = line(
        palette.cone,
        model.cone.points.map((p) => ({ date: p.date, value: p.upper })),
        true,
      );
      line(
        palette.cone,
        model.cone.points.map((p) => ({ date: p.date, value: p.lower })),
        true,
      );
    }
    if (overlays.earnings) {
      const marker = (date: string): SeriesMarker<Time> => ({ time: time(date), position: 'aboveBar', color: palette.earnings, shape: 'circle', text: 'E' });
      createSeriesMarkers(
        close,
        model.earnings.filter((e) => !e.upcoming).map((e) => marker(e.date)),
      );
      if (coneUpper)
        createSeriesMarkers(
          coneUpper,
          model.earnings.filter((e) => e.upcoming).map((e) => marker(e.date)),
        );
    }
    if (overlays.volatility) {
      const known = (key: 'iv30' | 'hv20') => model.volatility.flatMap((p) => (p[key] === null ? [] : [{ date: p.date, value: p[key] }]));
      line(palette.iv, known('iv30'), false, 1);
      line(palette.hv, known('hv20'), false, 1);
      chart.panes()[1]?.setHeight(Math.round(height * 0.28));
    }
    chart.timeScale().fitContent();
    drawn.current = { chart, close };
    return () => {
      drawn.current = null;
      chart.remove();
    };
  }, [model, overlays, palette, height]);

  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const day = selected === null ? undefined : model.days[selected];
    if (day) d.chart.setCrosshairPosition(day.close, day.date as Time, d.close);
    else d.chart.clearCrosshairPosition();
  }, [selected, model]);

  return (
    <>
      <div ref={box} aria-hidden="true" data-testid="chart-canvas" style={{ height }} />
      <p className="text-xs text-slate-700">
        Chart drawn with{' '}
        <a href="https://www.tradingview.com/" className="underline" target="_blank" rel="noreferrer">
          TradingView Lightweight Charts™
        </a>
        , copyright © 2025 TradingView, Inc.
      </p>
    </>
  );
}
