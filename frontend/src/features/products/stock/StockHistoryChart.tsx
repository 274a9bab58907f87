/**
 * A product's quantity over time, loaded with React.lazy so the chart library
 * (Chartist, the one the dashboard uses) is fetched only by the detail page's
 * stock history, never by the list or the sign-in page.
 *
 * Chartist draws; the words are ours: the chart is one role="img" whose name
 * sums it up, and the history list beside it holds every number.
 *
 * Its styles come with StockHistory, the one place it is drawn. Imported here as
 * well, the stylesheet was a module the page and this chunk shared, and the build
 * merged the product page into that shared chunk (its page shell lost its preloads).
 */
import { FixedScaleAxis, Interpolation, LineChart } from 'chartist';
import { useEffect, useRef } from 'react';
import { formatCount } from '../../../lib/format';
import { chartTimeLabel, quantityChartLabel, type QuantityPoint } from './stock-movements';

const HEIGHT = 200;
/** The y labels' font size (stock-history.css): each label is moved down by half of it, so its middle sits on its line. */
const LABEL_HALF_HEIGHT = 6;
/**
 * Four time labels need about 340 px; a phone's chart has less, so it shows three
 * (the first, the middle and the last moment) and they never run into each other.
 */
const NARROW_CHART = 'screen and (max-width: 480px)';

export interface StockHistoryChartProps {
  /** Oldest first. */
  points: readonly QuantityPoint[];
}

export default function StockHistoryChart({ points }: StockHistoryChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || points.length === 0) return;
    const first = points[0].time;
    const last = points[points.length - 1].time;
    // A little room either side, so the first and last steps are not drawn on the axes; a single
    // moment (one movement, or several within a second) still gets an axis a minute wide.
    const margin = Math.max((last - first) * 0.04, 30_000);
    const low = first - margin;
    const span = last + margin - low;
    const chart = new LineChart(
      node,
      { series: [points.map((point) => ({ x: point.time, y: point.quantity }))] },
      {
        height: HEIGHT,
        low: 0,
        showArea: true,
        // The quantity holds until the next movement changes it.
        lineSmooth: Interpolation.step(),
        chartPadding: { top: 20, right: 24, bottom: 0, left: 0 },
        axisX: {
          type: FixedScaleAxis,
          low,
          high: low + span,
          divisor: 3,
          labelInterpolationFnc: (value) => chartTimeLabel(Number(value), span),
        },
        axisY: {
          onlyInteger: true,
          offset: 48,
          labelOffset: { x: 0, y: LABEL_HALF_HEIGHT },
          labelInterpolationFnc: (value) => formatCount(Number(value)),
        },
      },
      [[NARROW_CHART, { axisX: { divisor: 2 } }]],
    );
    return () => {
      chart.detach();
    };
  }, [points]);
  return <div ref={ref} role="img" aria-label={quantityChartLabel(points)} className="stock-chart" data-testid="stock-chart" />;
}
