import { activityService } from '../activity/activity.service';
import type { ActivityItemView } from '../activity/activity-item';
import { requireCaller } from '../account/viewer';
import { requireMember } from '../account/workspace-access';
import type { RequestContext } from '../account/context';
import type { ProductView } from '../product-record/product-view.types';
import { inventoryService, type CategoryRow } from '../products/catalogue/inventory.service';
import { productService } from '../products/catalogue/product.service';
import type { ProductStats } from '../products/catalogue/product.types';
import type { User } from '../account/user.entity';
import { featuresFor, type FeatureHighlightView } from './dashboard.features';

/** Categories a chart shows by name; the rest are summed into one bar. */
export const CHART_CATEGORIES = 8;
export const OTHER_CATEGORIES = 'Other categories';

export interface DashboardView {
  overview: ProductStats & { user: User; returning: boolean; needsReordering: number };
  recentActivity: ActivityItemView[];
  features: FeatureHighlightView[];
  needsReordering: ProductView[];
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
  /** Everything the dashboard shows, from the catalogue's and activity's services, read side by side. */
  async get(ctx: RequestContext): Promise<DashboardView> {
    // Checked once before the three reads, so they share the viewer rather than each looking up the session.
    const { user } = await requireCaller(ctx, 'read');
    await requireMember(ctx, 'readProducts');
    const [stats, recentActivity, categories, returning, reorder] = await Promise.all([
      productService.stats(ctx),
      activityService.recent(ctx),
      inventoryService.byCategory(ctx),
      activityService.hasSignedIn(ctx),
      inventoryService.needsReordering(ctx),
    ]);
    const inStock = categories.reduce((sum, row) => sum + row.inStock, 0);
    const products = categories.reduce((sum, row) => sum + row.products, 0);
    return {
      overview: { user, ...stats, returning, needsReordering: reorder.count },
      recentActivity,
      features: featuresFor(user.role),
      needsReordering: reorder.products,
      inventory: { byCategory: topCategories(categories), inStock, outOfStock: products - inStock },
    };
  },
};
