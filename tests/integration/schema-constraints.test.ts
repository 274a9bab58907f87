import type { MikroORM } from '@mikro-orm/postgresql';
import { ROLES, Rules, STOCK_MOVEMENT_REASONS, TextPatterns, USER_STATUS, type NumberRule, type TextRule } from '@stockroom/schema';
import { openDatabase } from '../../backend/src/app/database';
import { createDatabase } from '../support/test-app';

/*
 * The shared rules and the database state the same limits: the longest and
 * shortest text, the price and quantity ranges, the roles and statuses. The
 * entities take their numbers from the rules, but a migration keeps the
 * numbers it was written with, so this reads the migrated database itself and
 * holds it to the rules: change a rule and this fails until a migration follows.
 */

/** Each stored text column and the rule its values pass. */
const TEXT_COLUMNS: Array<[table: string, column: string, rule: TextRule]> = [
  ['users', 'email', Rules.email],
  ['users', 'first_name', Rules.firstName],
  ['users', 'last_name', Rules.lastName],
  ['users', 'avatar', Rules.imageUrl],
  ['products', 'name', Rules.productName],
  ['products', 'description', Rules.description],
  ['products', 'category', Rules.category],
  ['products', 'image_url', Rules.imageUrl],
  ['products', 'sku', Rules.sku],
  ['products', 'barcode', Rules.barcode],
  // A copy of the product's name when the entry was written: it needs the name's room, the name's own column checks the rest.
  ['activity_log', 'subject', { ...Rules.productName, min: undefined }],
  ['stock_movements', 'note', Rules.movementNote],
];

/** Each stored number column and the rule its values pass. */
const NUMBER_COLUMNS: Array<[table: string, column: string, rule: NumberRule]> = [
  ['products', 'price', Rules.price],
  ['products', 'quantity', Rules.quantity],
  // What a movement left is a product's quantity at that moment.
  ['stock_movements', 'quantity_after', Rules.quantity],
];

/** Each column held to a list of values and the shared list. */
const CHOICE_COLUMNS: Array<[table: string, column: string, values: readonly string[]]> = [
  ['users', 'role', Object.values(ROLES)],
  ['users', 'status', Object.values(USER_STATUS)],
  ['stock_movements', 'reason', STOCK_MOVEMENT_REASONS],
];

interface Limits {
  /** Bounds on the value itself (`"price" >= 0.01`). */
  min?: number;
  max?: number;
  /** Bounds on its length in characters (`char_length("name") >= 2`). */
  minLength?: number;
  maxLength?: number;
  /** The values an `in (...)` check allows. */
  values?: string[];
  /** numeric(p, s): the digits after the point. */
  scale?: number;
  /** The regular expression a `~` check holds the text to. */
  pattern?: string;
}

/**
 * What a database enforces on the columns of `tables`: varchar lengths and
 * numeric scales from information_schema, and the bounds and lists of every
 * CHECK constraint as PostgreSQL prints it back (pg_get_constraintdef), e.g.
 * `CHECK (((quantity >= 0) AND (quantity <= 100000)))`,
 * `CHECK ((char_length((name)::text) >= 2))`,
 * `CHECK ((role = ANY (ARRAY['Member'::text, 'Admin'::text])))`.
 */
async function enforcedLimits(orm: MikroORM, tables: string[]): Promise<Map<string, Limits>> {
  const connection = orm.em.getConnection();
  const names = tables.map((table) => `'${table}'`).join(', ');
  const limits = new Map<string, Limits>();
  const of = (table: string, column: string) => {
    const key = `${table}.${column}`;
    if (!limits.has(key)) limits.set(key, {});
    return limits.get(key)!;
  };
  const columns = await connection.execute<Array<{ table_name: string; column_name: string; character_maximum_length: number | null; numeric_scale: number | null }>>(
    `SELECT table_name, column_name, character_maximum_length, numeric_scale FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name IN (${names})`,
  );
  for (const row of columns) {
    if (row.character_maximum_length !== null) of(row.table_name, row.column_name).maxLength = row.character_maximum_length;
    if (row.numeric_scale !== null && row.numeric_scale > 0) of(row.table_name, row.column_name).scale = row.numeric_scale;
  }
  const checks = await connection.execute<Array<{ table_name: string; definition: string }>>(
    `SELECT rel.relname AS table_name, pg_get_constraintdef(con.oid) AS definition
     FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
     WHERE con.contype = 'c' AND rel.relname IN (${names})`,
  );
  for (const { table_name: table, definition } of checks) {
    let understood = false;
    for (const [, lengthOf, column, operator, value] of definition.matchAll(/(char_length\(\()?"?(\w+)"?(?:\)::text\))? (>=|<=) \(?([\d.]+)/g)) {
      const key = lengthOf ? (operator === '>=' ? 'minLength' : 'maxLength') : operator === '>=' ? 'min' : 'max';
      of(table, column)[key] = Number(value);
      understood = true;
    }
    const matches = /\(\(?"?(\w+)"?\)?(?:::text)? ~ '([^']*)'::text\)/.exec(definition);
    if (matches) {
      of(table, matches[1]).pattern = matches[2];
      understood = true;
    }
    const list = /"?(\w+)"? = ANY \(ARRAY\[(.*)\]\)/.exec(definition);
    if (list) {
      of(table, list[1]).values = [...list[2].matchAll(/'([^']*)'::text/g)].map((match) => match[1]);
      understood = true;
    }
    // A constraint this reader cannot parse would silently escape the comparison.
    if (!understood) throw new Error(`Unrecognised check constraint on ${table}: ${definition}`);
  }
  return limits;
}

/** What the rules say the database should enforce, in the same shape. */
function expectedLimits(): Map<string, Limits> {
  const limits = new Map<string, Limits>();
  for (const [table, column, rule] of TEXT_COLUMNS) {
    const pattern = rule.format === 'sku' || rule.format === 'barcode' ? TextPatterns[rule.format] : undefined;
    limits.set(`${table}.${column}`, { maxLength: rule.max, ...(rule.min !== undefined && { minLength: rule.min }), ...(pattern && { pattern }) });
  }
  for (const [table, column, rule] of NUMBER_COLUMNS) {
    limits.set(`${table}.${column}`, { min: rule.min, max: rule.max, ...(rule.decimals !== undefined && { scale: rule.decimals }) });
  }
  for (const [table, column, values] of CHOICE_COLUMNS) limits.set(`${table}.${column}`, { values: [...values] });
  return limits;
}

/** The enforced limits of the columns the rules speak about. */
function limitsOfRuledColumns(enforced: Map<string, Limits>): Record<string, Limits> {
  return Object.fromEntries([...expectedLimits().keys()].map((key) => [key, enforced.get(key) ?? {}]));
}

const TABLES = ['users', 'products', 'activity_log', 'stock_movements'];

/** The shortest a text rule allows (these rules all have one). */
function shortest(rule: TextRule): number {
  if (rule.min === undefined) throw new Error(`${rule.label} has no shortest length`);
  return rule.min;
}
const NAME_MIN = shortest(Rules.productName);
const DESCRIPTION_MIN = shortest(Rules.description);
const CATEGORY_MIN = shortest(Rules.category);

let orm: MikroORM;
beforeAll(async () => {
  orm = await openDatabase(await createDatabase());
});
afterAll(() => orm.close());

describe('schema constraints', () => {
  it('hold every stored text, number and choice to the limits of the shared rules', async () => {
    const enforced = await enforcedLimits(orm, TABLES);
    expect(limitsOfRuledColumns(enforced)).toEqual(Object.fromEntries(expectedLimits()));
  });

  it('refuse a value just outside a rule and store one at its edge, even when a write bypasses the service', async () => {
    const connection = orm.em.getConnection();
    const [owner] = await connection.execute<Array<{ id: string }>>(
      `INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (gen_random_uuid(), 'edge@example.com', 'A', 'B', 'x') RETURNING id`,
    );
    const insert = (product: { name: string; description: string; category: string; price: number; quantity: number }) =>
      connection.execute(`INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity) VALUES (gen_random_uuid(), ?, (SELECT id FROM workspaces WHERE personal_user_id = ?), ?, ?, ?, ?, ?)`, [
        owner.id,
        owner.id,
        product.name,
        product.description,
        product.price,
        product.category,
        product.quantity,
      ]);
    const atEdge = {
      name: 'n'.repeat(NAME_MIN),
      description: 'd'.repeat(DESCRIPTION_MIN),
      category: 'c'.repeat(CATEGORY_MIN),
      price: Rules.price.min,
      quantity: Rules.quantity.max,
    };
    await expect(insert(atEdge)).resolves.toBeDefined();
    await expect(insert({ ...atEdge, name: 'n'.repeat(Rules.productName.max), price: Rules.price.max, quantity: Rules.quantity.min })).resolves.toBeDefined();
    await expect(insert({ ...atEdge, name: 'n'.repeat(NAME_MIN - 1) })).rejects.toThrow(/products_name_length_check/);
    await expect(insert({ ...atEdge, description: 'd'.repeat(DESCRIPTION_MIN - 1) })).rejects.toThrow(/products_description_length_check/);
    await expect(insert({ ...atEdge, category: 'c'.repeat(CATEGORY_MIN - 1) })).rejects.toThrow(/products_category_length_check/);
    await expect(insert({ ...atEdge, name: 'n'.repeat(Rules.productName.max + 1) })).rejects.toThrow(/too long/);
    await expect(insert({ ...atEdge, price: Rules.price.min - 0.01 })).rejects.toThrow(/products_price_check/);
    await expect(insert({ ...atEdge, quantity: Rules.quantity.max + 1 })).rejects.toThrow(/products_quantity_check/);
    await expect(connection.execute(`UPDATE users SET first_name = '' WHERE id = ?`, [owner.id])).rejects.toThrow(/users_first_name_length_check/);
  });

  it('would notice drift: a database whose limit differs from the rule fails the comparison', async () => {
    const drifted = await openDatabase(await createDatabase());
    try {
      await drifted.em.getConnection().execute(`ALTER TABLE products DROP CONSTRAINT products_name_length_check`);
      await drifted.em.getConnection().execute(`ALTER TABLE products ADD CONSTRAINT products_name_length_check CHECK (char_length(name) >= ${NAME_MIN + 1})`);
      // The search column is generated from the category: PostgreSQL changes no column a generated one reads.
      await drifted.em.getConnection().execute(`ALTER TABLE products DROP COLUMN search_text`);
      await drifted.em.getConnection().execute(`ALTER TABLE products ALTER COLUMN category TYPE varchar(${Rules.category.max + 1})`);
      const limits = limitsOfRuledColumns(await enforcedLimits(drifted, TABLES));
      expect(limits['products.name'].minLength).toBe(NAME_MIN + 1);
      expect(limits['products.category'].maxLength).toBe(Rules.category.max + 1);
      expect(limits).not.toEqual(Object.fromEntries(expectedLimits()));
    } finally {
      await drifted.close();
    }
  });
});
