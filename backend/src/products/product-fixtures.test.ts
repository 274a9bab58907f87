import { ProductFields, validateFields } from '@stockroom/schema';
import { FIXTURE_CATEGORIES, productFixtures, seededRandom, type ProductFixture } from './product-fixtures';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function sample(count: number, seed = 7): ProductFixture[] {
  const next = productFixtures(seed, NOW);
  return Array.from({ length: count }, next);
}

describe('seededRandom', () => {
  it('is uniform in [0, 1) and repeats for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 10_000 }, a);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(Array.from({ length: 10_000 }, b)).toEqual(values);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    expect(seededRandom(43)()).not.toBe(seededRandom(42)());
  });
});

describe('productFixtures', () => {
  const products = sample(20_000);

  it('gives the same catalogue for the same seed and another for another seed', () => {
    expect(sample(50, 7)).toEqual(products.slice(0, 50));
    expect(sample(50, 8)).not.toEqual(products.slice(0, 50));
  });

  it('passes every product field rule', () => {
    const invalid = products.filter((p) => Object.keys(validateFields(ProductFields, { ...p, imageUrl: p.imageUrl ?? undefined })).length);
    expect(invalid).toEqual([]);
  });

  it('gives nine in ten a SKU unique in the catalogue, three in four a valid EAN-13, and numbers a later seed after the products so far', () => {
    const skus = products.map((p) => p.sku).filter((sku) => sku !== null);
    expect(skus.length).toBe(products.length * 0.9);
    expect(new Set(skus.map((sku) => sku!.toLowerCase())).size).toBe(skus.length);
    expect(products.filter((p) => p.barcode !== null).length).toBe(products.length * 0.75);
    const later = productFixtures(7, NOW, products.length + 1);
    const laterSkus = Array.from({ length: 100 }, later).map((p) => p.sku);
    expect(laterSkus.some((sku) => sku !== null && skus.includes(sku))).toBe(false);
  });

  it('gives seven in ten a reorder level a shop would set, so a share of the catalogue is Low Stock', () => {
    const levels = products.map((p) => p.reorderLevel).filter((level) => level !== null);
    expect(levels.length).toBe(products.length * 0.7);
    expect(new Set(levels)).toEqual(new Set([5, 10, 20, 50, 100]));
    const low = products.filter((p) => p.reorderLevel !== null && p.quantity > 0 && p.quantity <= p.reorderLevel).length / products.length;
    expect(low).toBeGreaterThan(0.05);
    expect(low).toBeLessThan(0.4);
  });

  it('names products like a shop does, in known categories', () => {
    const categories = new Set<string>(FIXTURE_CATEGORIES.map((c) => c.name));
    for (const { name, category } of products.slice(0, 500)) {
      expect(name).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)? [A-Z][a-z]+ [A-Z][\w -]+$/);
      expect(categories.has(category)).toBe(true);
    }
    expect(new Set(products.map((p) => p.category)).size).toBe(FIXTURE_CATEGORIES.length);
    expect(new Set(products.map((p) => p.name)).size).toBeGreaterThan(5000);
  });

  it('keeps descriptions within 10-1000 characters, mostly short', () => {
    const lengths = products.map((p) => p.description.length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(1000);
    expect(lengths.filter((n) => n > 600).length).toBeGreaterThan(0);
    expect(lengths.filter((n) => n <= 300).length / lengths.length).toBeGreaterThan(0.6);
  });

  it('prices in exact cents within the limits, mostly 1-2000', () => {
    const outside = products.filter(({ price }) => !/^\d{1,6}\.\d{2}$/.test(price) || Number(price) < 0.01 || Number(price) > 999999.99);
    expect(outside).toEqual([]);
    const usual = products.filter((p) => Number(p.price) >= 1 && Number(p.price) <= 2000).length;
    expect(usual / products.length).toBeGreaterThan(0.95);
    expect(products.some((p) => Number(p.price) > 2000)).toBe(true);
  });

  it('leaves about a tenth out of stock and the rest within 1-100000', () => {
    const out = products.filter((p) => p.quantity === 0).length / products.length;
    expect(out).toBeGreaterThan(0.08);
    expect(out).toBeLessThan(0.12);
    expect(products.every((p) => Number.isInteger(p.quantity) && p.quantity >= 0 && p.quantity <= 100_000)).toBe(true);
    expect(products.some((p) => p.quantity > 10_000)).toBe(true);
    expect(products.filter((p) => Number(p.price) > 2000).every((p) => p.quantity <= 40)).toBe(true);
  });

  it('features a few, gives most an http(s) image and leaves some without', () => {
    const featured = products.filter((p) => p.featured).length / products.length;
    expect(featured).toBeGreaterThan(0.03);
    expect(featured).toBeLessThan(0.07);
    const withImage = products.filter((p) => p.imageUrl !== null);
    expect(withImage.length / products.length).toBeGreaterThan(0.6);
    expect(withImage.length).toBeLessThan(products.length);
    expect(withImage.every((p) => /^https?:\/\/images\.example\.com\/products\/[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp)$/.test(p.imageUrl!))).toBe(true);
  });

  it('spreads creation over the past year, with updates after creation and never in the future', () => {
    const wrong = products.filter(
      ({ createdAt, updatedAt }) => createdAt.getTime() <= NOW - YEAR_MS || updatedAt < createdAt || updatedAt.getTime() > NOW,
    );
    expect(wrong).toEqual([]);
    expect(products.some((p) => p.updatedAt > p.createdAt)).toBe(true);
    const olderThanHalfAYear = products.filter((p) => p.createdAt.getTime() < NOW - YEAR_MS / 2).length / products.length;
    expect(olderThanHalfAYear).toBeGreaterThan(0.45);
    expect(olderThanHalfAYear).toBeLessThan(0.55);
  });
});
