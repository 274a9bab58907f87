/**
 * The inventory charts, loaded with React.lazy so the chart library is a chunk
 * of its own, fetched only on the dashboard.
 *
 * Library: Chartist 1.5 (SVG, no dependencies). Its bar and pie charts come
 * to about 12 KB gzipped in this chunk (measured from the build); the visx
 * route (@visx/shape + @visx/scale, which bundle d3-scale, d3-shape and
 * friends) is larger for the same two charts, and a canvas library would
 * give screen readers nothing to read. Chartist draws; accessibility is ours:
 * each chart is one role="img" with a summary, and the numbers are a real
 * table (visually hidden, or shown in place of the charts by "Show as table").
 */
import { Button, Card, H2, H3, HTMLTable, SegmentedControl } from '@blueprintjs/core';
import { ChartIcon, ThIcon } from '@blueprintjs/icons';
import { BarChart, PieChart } from 'chartist';
import { useLocationListQuery } from '@stockroom/schema/generated/hooks';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { formatCompactCurrency, formatCount, formatCurrency } from '../../../lib/format';
import {
  AXIS_LABEL_MAX,
  categoryAxisWidth,
  categoryChartLabel,
  locationBars,
  locationChartLabel,
  locationTableRows,
  shortLabel,
  VALUE_TICK_MIN_SPACE,
  stockChartLabel,
  type InventoryBreakdownData,
  type ValueBar,
} from '../inventory-chart-data';

const BAR_ROW_HEIGHT = 36;
const AXIS_HEIGHT = 32;

/**
 * Chartist writes a category's name as the text of a fixed-size span. The
 * name goes into an inner span instead, which CSS clamps to two lines and
 * which ends with an ellipsis when cut, and the whole name goes into the
 * span's title, so a cut name can still be read by pointing at it (and in
 * the table, on "Show as table").
 */
function wrapCategoryLabel(data: { type: string; axis?: { units: { pos: string } }; element?: { getNode(): Element } }, names: readonly string[], index: number) {
  const span = data.element?.getNode().firstElementChild;
  if (!(span instanceof HTMLElement)) return;
  const name = names[index] ?? span.textContent ?? '';
  // Two levels: a flex item cannot clamp its lines with an ellipsis, a block inside one can.
  const box = document.createElement('span');
  box.className = 'dashboard-chart__category';
  const text = document.createElement('span');
  text.className = 'dashboard-chart__category-text';
  text.textContent = span.textContent;
  box.append(text);
  span.replaceChildren(box);
  span.title = name;
  // The clamp cuts the third line without a mark in today's Chromium: the visible text ends with an ellipsis instead.
  let chars = [...(text.textContent ?? '')];
  while (text.scrollHeight > text.clientHeight + 1 && chars.length > 1) {
    chars = chars.slice(0, -1);
    text.textContent = `${chars.join('').trimEnd()}…`;
  }
}

/** The element's width, followed as it changes (0 before the first layout). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Horizontal bars of value, highest first; `label` says them all for a screen reader. */
function ValueBars({ rows, label }: { rows: readonly ValueBar[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Chartist redraws on a window resize with the options it was given; a new category axis width needs a new chart.
  const axisWidth = categoryAxisWidth(useWidth(ref));
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    // Chartist draws the first label at the bottom; the server sends the highest value first.
    const names = rows.map((row) => row.label).reverse();
    const chart = new BarChart(
      node,
      { labels: rows.map((row) => shortLabel(row.label, AXIS_LABEL_MAX)), series: [rows.map((row) => row.value)] },
      {
        horizontalBars: true,
        reverseData: true,
        height: rows.length * BAR_ROW_HEIGHT + AXIS_HEIGHT,
        // Room on the right for the last value's label, which starts at the axis's end.
        chartPadding: { top: 8, right: 48, bottom: 0, left: 0 },
        axisY: { offset: axisWidth, showGrid: false },
        axisX: { onlyInteger: true, scaleMinSpace: VALUE_TICK_MIN_SPACE, labelInterpolationFnc: (value) => formatCompactCurrency(Number(value)) },
      },
    );
    chart.on('draw', (data) => {
      if (data.type === 'label' && data.axis.units.pos === 'y') wrapCategoryLabel(data, names, data.index);
    });
    return () => {
      chart.detach();
    };
  }, [rows, axisWidth]);
  return <div ref={ref} role="img" aria-label={label} className="dashboard-chart dashboard-chart--bars" />;
}

/** A chart's numbers as a table: each row headed by its first cell. `className` hides it or shows it in the chart's place. */
function FigureTable({ className, caption, headers, rows }: { className: string; caption: string; headers: string[]; rows: { key: string; cells: string[] }[] }) {
  return (
    <div className={className}>
      <HTMLTable compact>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [head, ...rest] }) => (
            <tr key={key}>
              <th scope="row">{head}</th>
              {rest.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The inventory's value by category: the bars, and every category in the table. */
function CategoryValue({ rows, asTable, tableWrapClass }: { rows: InventoryBreakdownData['byCategory']; asTable: boolean; tableWrapClass: string }) {
  return (
    <>
      {!asTable && <ValueBars rows={rows.map((row) => ({ label: row.category, value: row.value }))} label={categoryChartLabel(rows)} />}
      <FigureTable
        className={tableWrapClass}
        caption="Inventory value by category"
        headers={['Category', 'Products', 'In stock', 'Value']}
        rows={rows.map((row) => ({ key: row.category, cells: [row.category, formatCount(row.products), formatCount(row.inStock), formatCurrency(row.value)] }))}
      />
    </>
  );
}

type ValueSplit = 'category' | 'location';

const SPLIT_OPTIONS: { label: string; value: ValueSplit }[] = [
  { label: 'Category', value: 'category' },
  { label: 'Location', value: 'location' },
];

/**
 * The inventory's value by location: the top-level places as bars (each with
 * what is below it), every place in the table. The locations and their figures
 * are asked for only when this split is chosen, so the dashboard's own request
 * stays as it is.
 */
function LocationValue({ asTable, tableWrapClass }: { asTable: boolean; tableWrapClass: string }) {
  const { data, error, loading, refetch } = useLocationListQuery();
  if (!data && loading) return <p className="dashboard__figure-note">Loading the locations…</p>;
  if (!data) {
    return (
      <p className="dashboard__figure-note" role="alert">
        {error ? 'Could not load the locations.' : 'No locations.'}{' '}
        <Button variant="minimal" size="small" onClick={() => void refetch().catch(() => undefined)}>
          Try again
        </Button>
      </p>
    );
  }
  const bars = locationBars(data.locations);
  return (
    <>
      {!asTable && <ValueBars rows={bars} label={locationChartLabel(bars)} />}
      <FigureTable
        className={tableWrapClass}
        caption="Inventory value by location, each with the places below it"
        headers={['Location', 'Products', 'Value']}
        rows={locationTableRows(data.locations).map((row) => ({ key: row.id, cells: [row.path, formatCount(row.itemCount), formatCurrency(row.stockValue)] }))}
      />
    </>
  );
}

function StockDonut({ inStock, outOfStock }: { inStock: number; outOfStock: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new PieChart(
      ref.current,
      {
        series: [
          { value: inStock, className: 'dashboard-chart__slice--in', meta: 'In stock' },
          { value: outOfStock, className: 'dashboard-chart__slice--out', meta: 'Out of stock' },
        ],
      },
      { donut: true, donutWidth: 28, showLabel: false, ignoreEmptyValues: true, height: 180, chartPadding: 8 },
    );
    return () => {
      chart.detach();
    };
  }, [inStock, outOfStock]);
  return (
    <div className="dashboard-donut">
      <div ref={ref} role="img" aria-label={stockChartLabel({ inStock, outOfStock })} className="dashboard-chart dashboard-chart--donut" />
      {/* The table below reads the same numbers out; the legend is for the eye. */}
      <ul className="dashboard-donut__legend" aria-hidden="true">
        <li>
          <span className="dashboard-donut__swatch dashboard-donut__swatch--in" />
          In stock: {formatCount(inStock)}
        </li>
        <li>
          <span className="dashboard-donut__swatch dashboard-donut__swatch--out" />
          Out of stock: {formatCount(outOfStock)}
        </li>
      </ul>
    </div>
  );
}

export interface InventoryChartsProps {
  inventory: InventoryBreakdownData;
}

export default function InventoryCharts({ inventory }: InventoryChartsProps) {
  const [asTable, setAsTable] = useState(false);
  const [split, setSplit] = useState<ValueSplit>('category');
  const headingId = useId();
  // The wrapper hides the table, not the table itself: a table never gets narrower than its content.
  const tableWrapClass = asTable ? 'dashboard-chart-table' : 'visually-hidden';
  return (
    <Card className="dashboard__panel dashboard__charts">
      <section aria-labelledby={headingId}>
        <div className="dashboard__panel-head">
          <H2 id={headingId} className="dashboard__panel-title">
            Inventory
          </H2>
          <Button
            variant="minimal"
            size="small"
            icon={asTable ? <ChartIcon /> : <ThIcon />}
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
          >
            Show as table
          </Button>
        </div>
        <div className="dashboard__chart-grid">
          <figure className="dashboard__figure">
            <div className="dashboard__figure-head">
              <H3 className="dashboard__figure-title">Value by {split}</H3>
              <SegmentedControl
                aria-label="Split the value by"
                size="small"
                options={SPLIT_OPTIONS}
                value={split}
                onValueChange={(value) => setSplit(value as ValueSplit)}
              />
            </div>
            {split === 'location' ? (
              <LocationValue asTable={asTable} tableWrapClass={tableWrapClass} />
            ) : (
              <CategoryValue rows={inventory.byCategory} asTable={asTable} tableWrapClass={tableWrapClass} />
            )}
          </figure>
          <figure className="dashboard__figure">
            <H3 className="dashboard__figure-title">In stock vs out of stock</H3>
            {!asTable && <StockDonut inStock={inventory.inStock} outOfStock={inventory.outOfStock} />}
            <FigureTable
              className={tableWrapClass}
              caption="Products in and out of stock"
              headers={['Stock', 'Products']}
              rows={[
                { key: 'in', cells: ['In stock', formatCount(inventory.inStock)] },
                { key: 'out', cells: ['Out of stock', formatCount(inventory.outOfStock)] },
              ]}
            />
          </figure>
        </div>
      </section>
    </Card>
  );
}
