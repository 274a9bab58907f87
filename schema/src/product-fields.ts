import { PRODUCT_DRAFT_DEFAULTS } from './constants';
import { PRODUCT_DRAFT_FIELDS, Rules, type FieldRule } from './validation';

/**
 * The product's fields, declared once. Each row says what the field is
 * called in the API and in SQL, what it holds, its rule (label, limits and so
 * its messages), and where it takes part: writes, the list's sort, imports,
 * exports, bulk changes. The server derives from this table its GraphQL
 * types, its OpenAPI schemas, the REST body checks, the SQL column lists, the
 * import mapping and the export columns; the client derives its form values.
 * A new plain field is a row here, a migration, and the screens that show it.
 */

/** What a field holds: it decides the GraphQL scalar, the JSON type, the SQL cast and how a spreadsheet cell is read. */
export type ProductFieldType = 'id' | 'text' | 'money' | 'integer' | 'boolean' | 'timestamp';

/** What the API documents say of a field beyond its type and rule; each transport has said it in its own words. */
export interface ProductFieldDocs {
  /** The Product type's field in GraphQL. */
  graphql?: string;
  /** The Product schema's property in OpenAPI. */
  openapi?: string;
  /** CreateProductInput's field. */
  create?: string;
  /** UpdateProductInput's field. */
  update?: string;
  /** The property of the REST request bodies. */
  input?: string;
}

interface FieldBase {
  type: ProductFieldType;
  /** null is a value of the field: "none" (no SKU, no reorder level). */
  nullable?: true;
  docs?: ProductFieldDocs;
}

/** A field a client writes: checked by its rule, stored in its own column. */
export interface WritableProductField extends FieldBase {
  writable: true;
  type: 'text' | 'money' | 'integer' | 'boolean';
  column: string;
  rule: FieldRule;
  /** The header of its column in an export; none: not exported. */
  exportHeader?: string;
  /** The headers an import recognises it by, compared by importHeaderKey (lower case, letters and digits); the export's header first, so an export imports back. */
  importAliases?: readonly string[];
  /** A bulk update may set it on every selected product at once. */
  bulk?: true;
  /** The list may be sorted by it. */
  sortable?: true;
  /** How the activity log names a change of it ("changed the price"); none: its API name. */
  activityName?: string;
  /** The OpenAPI default: what the server stores when a create leaves it out. */
  default?: string | number | boolean;
}

/** A field only the server writes: an id, a timestamp, or what it works out from the others. */
export interface ReadOnlyProductField extends FieldBase {
  writable: false;
  /** The limits its published schema states (a version is a positive SQL integer). */
  rule?: FieldRule;
  /** Its SQL: a column (`created_at`) or an expression over the row. */
  select: string;
  exportHeader?: string;
  /** The export's SQL for it, when it differs from `select`. */
  exportSelect?: string;
}

export type ProductFieldSpec = WritableProductField | ReadOnlyProductField;

/** The table. Its order is the export's column order (and the import's field order). */
export const PRODUCT_FIELDS = {
  sku: {
    writable: true,
    type: 'text',
    nullable: true,
    column: 'sku',
    rule: Rules.sku,
    exportHeader: 'sku',
    importAliases: ['sku', 'skucode', 'itemcode', 'productcode', 'articlenumber', 'partnumber'],
    docs: {
      graphql: "The shop's own code, unique in the catalogue ignoring case",
      create: 'Blank or null: none',
      update: 'Blank or null removes it',
      input: 'Unique in your catalogue ignoring case (409 otherwise); blank or null: none',
    },
  },
  name: {
    writable: true,
    type: 'text',
    column: 'name',
    rule: Rules.productName,
    exportHeader: 'name',
    importAliases: ['name', 'productname', 'title', 'product', 'itemname', 'item'],
    sortable: true,
    activityName: 'name',
  },
  description: {
    writable: true,
    type: 'text',
    column: 'description',
    rule: Rules.description,
    exportHeader: 'description',
    importAliases: ['description', 'productdescription', 'details', 'desc'],
    activityName: 'description',
    default: PRODUCT_DRAFT_DEFAULTS.description,
  },
  category: {
    writable: true,
    type: 'text',
    column: 'category',
    rule: Rules.category,
    exportHeader: 'category',
    importAliases: ['category', 'productcategory', 'department'],
    bulk: true,
    activityName: 'category',
    default: PRODUCT_DRAFT_DEFAULTS.category,
  },
  price: {
    writable: true,
    type: 'money',
    column: 'price',
    rule: Rules.price,
    exportHeader: 'price',
    importAliases: ['price', 'priceusd', 'unitprice', 'cost', 'retailprice', 'saleprice'],
    bulk: true,
    sortable: true,
    activityName: 'price',
    docs: { graphql: 'Exact to the cent (stored as NUMERIC(10,2))', openapi: 'Exact to the cent' },
  },
  /** What the shop pays for it: money like the price, within its limits; null: not recorded. */
  costPrice: {
    writable: true,
    type: 'money',
    nullable: true,
    column: 'cost_price',
    rule: { ...Rules.price, label: 'Cost price', required: false, nullable: true },
    exportHeader: 'cost_price',
    importAliases: ['costprice', 'unitcost', 'purchaseprice', 'buyprice', 'wholesaleprice'],
    activityName: 'cost price',
    docs: {
      graphql: 'What the shop pays for it, exact to the cent; null: not recorded',
      openapi: 'What the shop pays for it, exact to the cent; null: not recorded',
      create: 'null: none',
      update: 'null removes it',
      input: 'What you pay for it; null: none',
    },
  },
  quantity: {
    writable: true,
    type: 'integer',
    column: 'quantity',
    rule: Rules.quantity,
    exportHeader: 'quantity',
    importAliases: ['quantity', 'qty', 'stock', 'instock', 'onhand', 'quantityonhand', 'stocklevel', 'inventory'],
    activityName: 'quantity',
    default: PRODUCT_DRAFT_DEFAULTS.quantity,
  },
  reorderLevel: {
    writable: true,
    type: 'integer',
    nullable: true,
    column: 'reorder_level',
    rule: Rules.reorderLevel,
    exportHeader: 'reorder_level',
    importAliases: ['reorderlevel', 'reorderpoint', 'minstock', 'minimumstock', 'reorderat'],
    bulk: true,
    docs: {
      graphql: 'Low Stock at or under this quantity',
      create: '0 to 100000; null: none',
      update: 'null removes it',
      input: 'Low Stock at or under this quantity (and above 0); null: none',
    },
  },
  barcode: {
    writable: true,
    type: 'text',
    nullable: true,
    column: 'barcode',
    rule: Rules.barcode,
    exportHeader: 'barcode',
    importAliases: ['barcode', 'ean', 'ean13', 'ean8', 'upc', 'upca', 'gtin', 'gtin14'],
    docs: {
      graphql: 'EAN-8, UPC-A, EAN-13 or GTIN-14',
      create: 'Blank or null: none',
      update: 'Blank or null removes it',
      input: 'EAN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit; blank or null: none',
    },
  },
  featured: {
    writable: true,
    type: 'boolean',
    column: 'featured',
    rule: Rules.featured,
    exportHeader: 'featured',
    importAliases: ['featured', 'isfeatured'],
    bulk: true,
    activityName: 'featured flag',
    default: false,
  },
  imageUrl: {
    writable: true,
    type: 'text',
    nullable: true,
    column: 'image_url',
    rule: Rules.imageUrl,
    exportHeader: 'image_url',
    importAliases: ['imageurl', 'image', 'imagelink', 'photo', 'picture', 'photourl'],
    activityName: 'image',
    docs: { input: 'An http(s) URL, or the `url` of an upload to /api/products/images (`/uploads/<name>`)' },
  },
  createdAt: {
    writable: false,
    type: 'timestamp',
    select: 'created_at',
    exportHeader: 'created_at',
    exportSelect: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  },
  updatedAt: {
    writable: false,
    type: 'timestamp',
    select: 'updated_at',
    exportHeader: 'updated_at',
    exportSelect: `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  },
  id: { writable: false, type: 'id', select: 'id', exportHeader: 'id', exportSelect: 'id::text' },
  owner: { writable: false, type: 'id', select: 'created_by', docs: { graphql: 'Id of the user who created it', openapi: 'Id of the user who created it' } },
  inStock: { writable: false, type: 'boolean', select: 'quantity > 0', docs: { graphql: 'quantity > 0', openapi: 'quantity > 0' } },
  lowStock: {
    writable: false,
    type: 'boolean',
    select: `stock_status(quantity, reorder_level) = 'LOW_STOCK'`,
    docs: { graphql: '0 < quantity <= reorderLevel', openapi: '0 < quantity <= reorderLevel' },
  },
  version: {
    writable: false,
    type: 'integer',
    select: 'version',
    rule: Rules.version,
    docs: {
      graphql: 'Send it back with updateProduct: an update naming an older version is refused (CONFLICT) when a field it sends changed since',
      openapi: 'Send it back with PUT: a stale one gets 409 when a field sent changed since',
    },
  },
} as const satisfies Record<string, ProductFieldSpec>;

type Table = typeof PRODUCT_FIELDS;
export type ProductFieldName = keyof Table;
/** The fields a client writes (owner, version and the timestamps are the server's). */
export type WritableProductFieldName = { [K in ProductFieldName]: Table[K] extends { writable: true } ? K : never }[ProductFieldName];
export type BulkProductFieldName = { [K in ProductFieldName]: Table[K] extends { bulk: true } ? K : never }[ProductFieldName];
export type ImportedProductFieldName = { [K in ProductFieldName]: Table[K] extends { importAliases: readonly string[] } ? K : never }[ProductFieldName];
export type ExportedProductFieldName = { [K in ProductFieldName]: Table[K] extends { exportHeader: string } ? K : never }[ProductFieldName];

/** A value of each type as the API answers it. */
interface AnswerTypes {
  id: string;
  text: string;
  money: number;
  integer: number;
  boolean: boolean;
  timestamp: Date;
}
type ValueOf<F extends ProductFieldSpec> = AnswerTypes[F['type']] | (F extends { nullable: true } ? null : never);

/** A product as both transports answer with it. */
export type ProductAnswer = { [K in ProductFieldName]: ValueOf<Table[K]> };
/** A product's writable fields as the service stores them (text trimmed, numbers as numbers, blank optional values null). */
export type ProductValues = { [K in WritableProductFieldName]: ValueOf<Table[K]> };

const entries = Object.entries(PRODUCT_FIELDS) as Array<[ProductFieldName, ProductFieldSpec]>;
const namesWhere = <K extends ProductFieldName>(test: (field: ProductFieldSpec) => boolean) => entries.filter(([, field]) => test(field)).map(([name]) => name as K);

/** The spec of a field, typed as the table's union (the literal row is `PRODUCT_FIELDS[name]`). */
export const productField = (name: ProductFieldName): ProductFieldSpec => PRODUCT_FIELDS[name];
/** The writable fields' rows, for code that reads their column and rule. */
export const writableField = (name: WritableProductFieldName): WritableProductField => PRODUCT_FIELDS[name];

export const WRITABLE_PRODUCT_FIELDS = namesWhere<WritableProductFieldName>((field) => field.writable);
export const BULK_PRODUCT_FIELDS = namesWhere<BulkProductFieldName>((field) => field.writable && field.bulk === true);
export const IMPORTED_PRODUCT_FIELDS = namesWhere<ImportedProductFieldName>((field) => field.writable && field.importAliases !== undefined);
export const EXPORTED_PRODUCT_FIELDS = namesWhere<ExportedProductFieldName>((field) => field.exportHeader !== undefined);
export const SORTABLE_PRODUCT_FIELDS = namesWhere<WritableProductFieldName>((field) => field.writable && field.sortable === true);

/**
 * The published order of the fields where it differs from the table's: the
 * OpenAPI document, the answers' JSON and the request bodies have always
 * listed them so, and generated clients follow it. A field not named here
 * comes after these, in the table's order, so a new field needs no entry.
 */
const PUBLISHED_ORDER = {
  answer: ['id', 'owner', 'name', 'description', 'price', 'category', 'quantity', 'inStock', 'reorderLevel', 'lowStock', 'imageUrl', 'sku', 'barcode', 'featured', 'createdAt', 'updatedAt', 'version'],
  openapiAnswer: ['id', 'name', 'description', 'price', 'category', 'quantity', 'inStock', 'imageUrl', 'reorderLevel', 'lowStock', 'sku', 'barcode', 'featured', 'owner', 'createdAt', 'updatedAt', 'version'],
  input: ['name', 'description', 'price', 'category', 'quantity', 'imageUrl', 'featured', 'sku', 'reorderLevel', 'barcode'],
} as const satisfies Record<string, readonly ProductFieldName[]>;

function inOrder<K extends ProductFieldName>(first: readonly ProductFieldName[], names: readonly K[]): K[] {
  const listed = first.filter((name): name is K => (names as readonly ProductFieldName[]).includes(name));
  return [...listed, ...names.filter((name) => !listed.includes(name))];
}

/** Every field, in the order an answer's JSON (and the SQL that reads it) gives them. */
export const PRODUCT_ANSWER_ORDER = inOrder(PUBLISHED_ORDER.answer, Object.keys(PRODUCT_FIELDS) as ProductFieldName[]);
/** Every field, in the order of the OpenAPI Product schema. */
export const PRODUCT_OPENAPI_ORDER = inOrder(PUBLISHED_ORDER.openapiAnswer, Object.keys(PRODUCT_FIELDS) as ProductFieldName[]);
/** The writable fields, in the order of the request bodies (and of the per-field messages of a refused write). */
export const PRODUCT_INPUT_ORDER = inOrder(PUBLISHED_ORDER.input, WRITABLE_PRODUCT_FIELDS);

const rulesOf = <K extends WritableProductFieldName>(names: readonly K[]) => Object.fromEntries(names.map((name) => [name, writableField(name).rule])) as { [P in K]: FieldRule };

/** A product as the create form and createProduct send it: every writable field by its rule (what the REST body accepts, too). */
export const ProductFields = rulesOf(PRODUCT_INPUT_ORDER);

/** A create must carry these: required by its rule and with no draft value to take instead. */
export const PRODUCT_CREATE_REQUIRED = PRODUCT_INPUT_ORDER.filter((name) => writableField(name).rule.required && !(PRODUCT_DRAFT_FIELDS as readonly string[]).includes(name));

/** The changes an update may make to every selected product at once (each checked by the product's own rule). */
export const BulkChangeFields = rulesOf(BULK_PRODUCT_FIELDS);

/** The product fields a column of an imported file can fill, each with the rule its cells are checked by. */
export const IMPORT_FIELD_RULES = rulesOf(IMPORTED_PRODUCT_FIELDS);

/** The header of each exported field's column, in the file's order. */
export const PRODUCT_EXPORT_HEADERS = Object.fromEntries(EXPORTED_PRODUCT_FIELDS.map((name) => [name, productField(name).exportHeader!])) as Record<ExportedProductFieldName, string>;

/** The word a sentence uses for a changed field ("Changed the price and quantity"), where it is not the field's API name. */
export const PRODUCT_ACTIVITY_NAMES = Object.fromEntries(
  entries.flatMap(([name, field]) => (field.writable && field.activityName ? [[name, field.activityName]] : [])),
) as Partial<Record<WritableProductFieldName, string>>;

/**
 * A product with every writable field empty: text blank, numbers 0, false,
 * and null where null is a value. What an import fills a new row's cells into.
 */
export const blankProductValues = (): ProductValues =>
  Object.fromEntries(
    WRITABLE_PRODUCT_FIELDS.map((name) => {
      const field = writableField(name);
      return [name, field.nullable ? null : field.type === 'text' ? '' : field.type === 'boolean' ? false : 0];
    }),
  ) as ProductValues;
