import { formatCount, formatCurrency } from '../../lib/format';

export interface CategoryValueRow {
  category: string;
  products: number;
  inStock: number;
  value: number;
}

export interface InventoryBreakdownData {
  byCategory: readonly CategoryValueRow[];
  inStock: number;
  outOfStock: number;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Nothing to chart: the catalogue is empty. */
export const isEmptyInventory = (data: InventoryBreakdownData): boolean => data.inStock + data.outOfStock === 0;

/** The bar chart's label for screen readers: every category and its value, highest first as the server sends them. */
export function categoryChartLabel(rows: readonly CategoryValueRow[]): string {
  if (rows.length === 0) return 'Inventory value by category: no products.';
  const parts = rows.map((row) => `${row.category} ${formatCurrency(row.value)}`);
  return `Inventory value by category, ${plural(rows.length, 'category', 'categories')}: ${parts.join(', ')}.`;
}

/** The donut's label for screen readers, with percentages of the whole catalogue. */
export function stockChartLabel({ inStock, outOfStock }: Pick<InventoryBreakdownData, 'inStock' | 'outOfStock'>): string {
  const total = inStock + outOfStock;
  if (total === 0) return 'Stock: no products.';
  const pct = (n: number) => `${Math.round((n / total) * 100)}%`;
  return `Stock of ${plural(total, 'product', 'products')}: ${formatCount(inStock)} in stock (${pct(inStock)}), ${formatCount(outOfStock)} out of stock (${pct(outOfStock)}).`;
}

/** Category names for a narrow axis: long ones are cut with an ellipsis (the table keeps them whole). */
export function shortLabel(label: string, max = 14): string {
  const chars = [...label];
  return chars.length <= max ? label : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** The longest category name the bar chart's axis draws (in two lines at most); the label's tooltip and the table keep it whole. */
export const AXIS_LABEL_MAX = 40;

/**
 * How wide the bar chart's category axis is, from the chart's width: a third
 * of it, so long names get two readable lines on a desk, but never so much
 * that the bars have no room on a phone.
 */
export function categoryAxisWidth(chartWidth: number): number {
  return Math.round(Math.min(Math.max(chartWidth / 3, 88), 180));
}

/**
 * The least room between value ticks, so that abbreviated values ("$1.5M",
 * "$250K") never touch: a phone's chart gets two or three ticks, a desk's five or six.
 */
export const VALUE_TICK_MIN_SPACE = 64;

/** A location with its figures, as the Locations list gives them (its own and every place below it). */
export interface LocationValue {
  id: string;
  name: string;
  path: string;
  parentId?: string | null;
  itemCount: number;
  stockValue: number;
}

/** A bar of the value chart: what it stands for and its value. */
export interface ValueBar {
  label: string;
  value: number;
}

/**
 * The bars of the value split by location: the top-level places, each with
 * everything below it, highest first, so the bars add up to the inventory's
 * value (a nested place's value is already in its parent's).
 */
export function locationBars(locations: readonly LocationValue[]): ValueBar[] {
  return locations
    .filter((location) => !location.parentId)
    .map((location) => ({ label: location.name, value: location.stockValue }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/** The table of the split by location: every place by its path, so a nested one reads under its parent. */
export const locationTableRows = (locations: readonly LocationValue[]): LocationValue[] =>
  [...locations].sort((a, b) => a.path.localeCompare(b.path, undefined, { sensitivity: 'base' }));

/** The location chart's label for screen readers: every top-level place and its value, highest first. */
export function locationChartLabel(bars: readonly ValueBar[]): string {
  if (bars.length === 0) return 'Inventory value by location: no locations.';
  const parts = bars.map((bar) => `${bar.label} ${formatCurrency(bar.value)}`);
  return `Inventory value by location, ${plural(bars.length, 'top-level place', 'top-level places')}: ${parts.join(', ')}.`;
}
