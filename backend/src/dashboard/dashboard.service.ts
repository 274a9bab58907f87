import { toActivityItem, type ActivityItemView } from '../activity/activity-item';
import { recentActivityStatement, type ActivityRow } from '../activity/activity.queries';
import { requireViewer } from '../account/viewer';
import type { RequestContext } from '../account/context';
import { runStatement } from '../db/sql';
import { productStatsStatement } from '../products/product.queries';
import type { ProductStats } from '../products/product.types';
import type { User } from '../account/user.entity';
import { featuresFor, type FeatureHighlightView } from './dashboard.features';
import { inventoryByCategoryStatement, type CategoryRow } from '../products/inventory.queries';

/** Categories a chart shows by name; the rest are summed into one bar. */
export const CHART_CATEGORIES = 8;
export const OTHER_CATEGORIES = 'Other categories';

export interface DashboardView {
  overview: ProductStats & { user: User };
  recentActivity: ActivityItemView[];
  features: FeatureHighlightView[];
  inventory: { byCategory: CategoryRow[]; inStock: number; outOfStock: number };
}

/** The top categories by value, then everything else as one "Other categories" row. */
export function topCategories(rows: CategoryRow[], keep = CHART_CATEGORIES): CategoryRow[] {
  if (rows.length <= keep + 1) return rows;
  const rest = rows.slice(keep);
  const other = rest.reduce(
    (sum, row) => ({ ...sum, products: sum.products + row.products, inStock: sum.inStock + row.inStock, value: sum.value + row.value }),
    { category: OTHER_CATEGORIES, products: 0, inStock: 0, value: 0 },
  );
  return [...rows.slice(0, keep), { ...other, value: Math.round(other.value * 100) / 100 }];
}

export const dashboardService = {
  /** Everything the dashboard shows, read in three statements run side by side. */
  async get(ctx: RequestContext): Promise<DashboardView> {
    const { user } = await requireViewer(ctx);
    const [[stats], activity, categories] = await Promise.all([
      runStatement<ProductStats>(ctx.em, productStatsStatement(user.id)),
      runStatement<ActivityRow>(ctx.em, recentActivityStatement(user.id)),
      runStatement<CategoryRow>(ctx.em, inventoryByCategoryStatement(user.id)),
    ]);
    const inStock = categories.reduce((sum, row) => sum + row.inStock, 0);
    const products = categories.reduce((sum, row) => sum + row.products, 0);
    return {
      overview: { user, ...stats },
      recentActivity: activity.map(toActivityItem),
      features: featuresFor(user.role),
      inventory: { byCategory: topCategories(categories), inStock, outOfStock: products - inStock },
    };
  },
};
