/**
 * Realistic sample products for `npm run seed` and the products benchmark:
 * pure functions of a seed, so the same seed always yields the same catalogue
 * (ids are left to the database). Every product passes the product field
 * rules (ProductFields in @stockroom/schema).
 */

/** A product as the seed inserts it; price is text with exactly two decimals, so cents stay exact. */
export interface ProductFixture {
  name: string;
  description: string;
  price: string;
  category: string;
  quantity: number;
  imageUrl: string | null;
  featured: boolean;
  sku: string | null;
  barcode: string | null;
  reorderLevel: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** mulberry32: a small, fast 32-bit PRNG; uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
/** Log-uniform in [min, max]: small values common, large ones rare, as prices and stock levels are. */
const logBetween = (random: Random, min: number, max: number) => Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));

/** Categories with their typical price range (in currency units) and the things sold in them. */
export const FIXTURE_CATEGORIES = [
  { name: 'Electronics', price: [9, 2000], nouns: ['Headphones', 'Speaker', 'Monitor', 'Keyboard', 'Mouse', 'Charger', 'Camera', 'Router', 'Tablet', 'Smartwatch'] },
  { name: 'Computers', price: [15, 2000], nouns: ['Laptop', 'Docking Station', 'SSD', 'Webcam', 'Graphics Card', 'Mouse Pad', 'USB Hub', 'Desktop'] },
  { name: 'Home & Kitchen', price: [4, 400], nouns: ['Lamp', 'Kettle', 'Pan', 'Knife Set', 'Cutting Board', 'Mug', 'Toaster', 'Blender', 'Bowl', 'Clock'] },
  { name: 'Furniture', price: [25, 2000], nouns: ['Chair', 'Table', 'Sofa', 'Bookshelf', 'Desk', 'Stool', 'Bed Frame', 'Cabinet', 'Bench'] },
  { name: 'Clothing', price: [5, 300], nouns: ['Shirt', 'Jacket', 'Sweater', 'Hat', 'Gloves', 'Scarf', 'Trousers', 'Hoodie', 'Socks'] },
  { name: 'Shoes', price: [15, 350], nouns: ['Sneakers', 'Boots', 'Sandals', 'Loafers', 'Slippers', 'Running Shoes'] },
  { name: 'Sports & Outdoors', price: [5, 1500], nouns: ['Bike', 'Ball', 'Tent', 'Backpack', 'Water Bottle', 'Yoga Mat', 'Dumbbells', 'Sleeping Bag'] },
  { name: 'Toys & Games', price: [3, 250], nouns: ['Puzzle', 'Board Game', 'Teddy Bear', 'Kite', 'Building Blocks', 'Yo-Yo', 'Doll', 'Train Set'] },
  { name: 'Books', price: [3, 90], nouns: ['Notebook', 'Cookbook', 'Atlas', 'Journal', 'Novel', 'Field Guide', 'Sketchbook'] },
  { name: 'Beauty', price: [2, 150], nouns: ['Soap', 'Shampoo', 'Brush', 'Mirror', 'Lotion', 'Comb', 'Candle'] },
  { name: 'Grocery', price: [1, 60], nouns: ['Coffee', 'Tea', 'Honey', 'Olive Oil', 'Chocolate', 'Pasta', 'Granola', 'Spice Mix'] },
  { name: 'Garden', price: [3, 800], nouns: ['Planter', 'Hose', 'Shovel', 'Rake', 'Birdhouse', 'Watering Can', 'Lantern', 'Hammock'] },
  { name: 'Tools', price: [4, 900], nouns: ['Hammer', 'Wrench', 'Screwdriver Set', 'Drill', 'Saw', 'Toolbox', 'Level', 'Pliers'] },
  { name: 'Automotive', price: [5, 1200], nouns: ['Car Mat', 'Tire Gauge', 'Jump Starter', 'Seat Cover', 'Dash Cam', 'Roof Rack'] },
  { name: 'Office Supplies', price: [1, 500], nouns: ['Pen', 'Stapler', 'Desk Organizer', 'Whiteboard', 'Folder', 'Paper Shredder', 'Label Maker'] },
  { name: 'Pet Supplies', price: [2, 300], nouns: ['Pet Bed', 'Leash', 'Collar', 'Feeder', 'Scratching Post', 'Aquarium', 'Chew Toy'] },
] as const;

const ADJECTIVES = [
  'Ergonomic', 'Rustic', 'Sleek', 'Handcrafted', 'Refined', 'Practical', 'Intelligent', 'Gorgeous', 'Incredible', 'Fantastic',
  'Licensed', 'Generic', 'Unbranded', 'Modern', 'Classic', 'Compact', 'Durable', 'Elegant', 'Lightweight', 'Premium',
  'Recycled', 'Tasty', 'Awesome', 'Small', 'Large', 'Bespoke', 'Oriental', 'Luxurious', 'Heavy Duty', 'Portable',
] as const;

const MATERIALS = [
  'Steel', 'Wooden', 'Concrete', 'Plastic', 'Cotton', 'Granite', 'Rubber', 'Metal', 'Soft', 'Fresh',
  'Frozen', 'Bronze', 'Leather', 'Bamboo', 'Ceramic', 'Glass', 'Aluminum', 'Wool', 'Marble', 'Linen',
] as const;

const COLORS = ['black', 'white', 'grey', 'navy', 'red', 'olive', 'teal', 'sand', 'charcoal', 'ivory', 'mint', 'orange'] as const;
const AUDIENCES = ['everyday use', 'busy families', 'professionals', 'students', 'small offices', 'outdoor lovers', 'first-time buyers', 'collectors', 'travel', 'gifting'] as const;
const FEATURES = [
  'reinforced seams', 'a soft-touch finish', 'a scratch-resistant surface', 'rounded edges', 'a non-slip base', 'a removable cover',
  'a two-year warranty', 'recyclable packaging', 'a low-noise motor', 'quick-release clips', 'a water-resistant coating', 'spare parts included',
] as const;

/** Sentences a description is built from; `{...}` are filled in per product. */
const SENTENCES: ReadonlyArray<(p: { name: string; material: string; random: Random }) => string> = [
  (p) => `The ${p.name} is made from ${p.material.toLowerCase()} materials and built to last.`,
  (p) => `Designed for ${pick(p.random, AUDIENCES)}, with ${pick(p.random, FEATURES)}.`,
  (p) => `Available in ${pick(p.random, COLORS)} and ${pick(p.random, COLORS)}.`,
  (p) => `Measures ${between(p.random, 5, 120)} x ${between(p.random, 5, 120)} cm and weighs ${(between(p.random, 1, 250) / 10).toFixed(1)} kg.`,
  (p) => `Customers like its ${pick(p.random, ADJECTIVES).toLowerCase()} look and ${pick(p.random, FEATURES)}.`,
  (p) => `Ships within ${between(p.random, 1, 5)} business days.`,
  () => `Care: wipe clean with a damp cloth; do not bleach.`,
  (p) => `Part of our ${pick(p.random, ADJECTIVES).toLowerCase()} collection, ideal for ${pick(p.random, AUDIENCES)}.`,
  () => `Each unit is checked by hand before it leaves the warehouse.`,
  (p) => `Comes with ${pick(p.random, FEATURES)} and a printed quick-start guide.`,
  (p) => `Rated ${(between(p.random, 35, 50) / 10).toFixed(1)} out of 5 by ${between(p.random, 3, 4000)} customers.`,
  (p) => `Returns are free within ${pick(p.random, [14, 30, 60])} days of delivery.`,
  () => `Made in small batches by a family-run workshop.`,
  () => `Fits neatly on a shelf and packs flat for storage.`,
  (p) => `Our best seller in ${pick(p.random, COLORS)} this season.`,
  (p) => `Includes ${pick(p.random, FEATURES)} at no extra cost.`,
];

const DESCRIPTION_MAX = 1000;
const PRICE_MAX_CENTS = 99_999_999;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Prices cluster around the category's range, mostly 1-2000; a few are below 1 or far above (up to the 999999.99 limit). */
function priceCents(random: Random, [min, max]: readonly [number, number]): number {
  const roll = random();
  let value: number;
  if (roll < 0.005) value = between(random, 1, 99) / 100;
  else if (roll < 0.015) value = logBetween(random, 2000, 1_000_000);
  else value = logBetween(random, min, max);
  let cents = Math.round(value * 100);
  // Shelf prices: most end in .99 or .49, some are round.
  const ending = random();
  if (cents >= 100 && ending < 0.5) cents = Math.floor(cents / 100) * 100 + 99;
  else if (cents >= 100 && ending < 0.65) cents = Math.floor(cents / 100) * 100 + 49;
  else if (cents >= 1000 && ending < 0.75) cents = Math.floor(cents / 100) * 100;
  return Math.min(Math.max(cents, 1), PRICE_MAX_CENTS);
}

/**
 * About 10 % out of stock; the rest mostly in the tens and hundreds, a few
 * warehouses' worth (up to 100000). Dear items (over 2000) are stocked in ones and tens.
 */
function quantity(random: Random, cents: number): number {
  const roll = random();
  if (roll < 0.1) return 0;
  if (cents > 200_000) return Math.round(logBetween(random, 1, 40));
  if (roll < 0.8) return Math.round(logBetween(random, 1, 500));
  if (roll < 0.97) return Math.round(logBetween(random, 500, 10_000));
  return Math.round(logBetween(random, 10_000, 100_000));
}

/** Mostly short (a line or two), some long, never outside 10-1000 characters. */
function description(random: Random, name: string, material: string): string {
  const roll = random();
  const target = roll < 0.7 ? between(random, 40, 250) : roll < 0.95 ? between(random, 250, 600) : between(random, 600, DESCRIPTION_MAX);
  const context = { name, material, random };
  // Sentences in a shuffled order, each once before any repeats.
  const order = SENTENCES.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let text = '';
  for (let i = 0; text.length < target; i++) {
    const next = SENTENCES[order[i % order.length]](context);
    text = text ? `${text} ${next}` : next;
  }
  if (text.length > DESCRIPTION_MAX) text = `${text.slice(0, text.lastIndexOf(' ', DESCRIPTION_MAX - 1)).replace(/[.,;:]+$/, '')}.`;
  return text;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** About 3 in 4 have an image (a reserved example.com host, so nothing is ever fetched from a real one). */
function imageUrl(random: Random, category: string, name: string): string | null {
  const roll = random();
  if (roll < 0.25) return null;
  const scheme = roll < 0.28 ? 'http' : 'https';
  const id = Math.floor(random() * 0xffffffff).toString(16).padStart(8, '0');
  return `${scheme}://images.example.com/products/${slug(category)}/${slug(name)}-${id}.${pick(random, ['jpg', 'jpg', 'png', 'webp'])}`;
}

/** The GS1 check digit that completes `digits` (12 of an EAN-13). */
function gs1CheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/**
 * The codes of the `number`th product of a catalogue, counted from 1: nine in
 * ten have a SKU (category prefix and number, unique in the catalogue) and
 * three in four an EAN-13 in the 200-299 range GS1 leaves to shops for their
 * own articles. Derived from the number, not drawn from the seed's sequence,
 * so adding them left every other field of a seed's catalogue as it was.
 */
export function fixtureCodes(number: number, category: string): { sku: string | null; barcode: string | null } {
  const sku = number % 10 === 0 ? null : `${category.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}-${String(number).padStart(7, '0')}`;
  const digits = `2${String(number % 100_000_000_000).padStart(11, '0')}`;
  return { sku, barcode: number % 4 === 0 ? null : digits + gs1CheckDigit(digits) };
}

/** Reorder levels a shop would set, by how fast things go. */
const REORDER_LEVELS = [5, 10, 20, 50, 100];

/**
 * The reorder level of the `number`th product: seven in ten have one, so a
 * catalogue has its share of Low Stock. Derived from the number, like the
 * codes, so it left every other field of a seed's catalogue as it was.
 */
export function fixtureReorderLevel(number: number): number | null {
  return number % 10 < 7 ? REORDER_LEVELS[Math.floor(number / 10) % REORDER_LEVELS.length] : null;
}

/**
 * Returns a function that yields one product after another, the same sequence
 * for the same seed. Creation times spread evenly over the year before `now`;
 * about a third were edited since.
 */
export function productFixtures(seed: number, now: number = Date.now(), firstNumber = 1): () => ProductFixture {
  const random = seededRandom(seed);
  let number = firstNumber - 1;
  return () => {
    number += 1;
    const category = pick(random, FIXTURE_CATEGORIES);
    const material = pick(random, MATERIALS);
    const name = `${pick(random, ADJECTIVES)} ${material} ${pick(random, category.nouns)}`;
    const cents = priceCents(random, category.price);
    const createdAt = now - Math.floor(random() * YEAR_MS);
    const updatedAt = random() < 0.35 ? createdAt + Math.floor(random() * (now - createdAt)) : createdAt;
    return {
      name,
      description: description(random, name, material),
      price: (cents / 100).toFixed(2),
      category: category.name,
      quantity: quantity(random, cents),
      imageUrl: imageUrl(random, category.name, name),
      featured: random() < 0.05,
      ...fixtureCodes(number, category.name),
      reorderLevel: fixtureReorderLevel(number),
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    };
  };
}
