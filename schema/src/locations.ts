import { Rules, type NumberRule, type TextRule } from './validation';

/**
 * Places where a workspace keeps stock, as a tree (warehouse > aisle > shelf),
 * and transfers between them: the rules and messages server and client share.
 */

/** The location every workspace has from its first moment; stock without a named place is there. */
export const DEFAULT_LOCATION_NAME = 'Main';
/** Between a location and its ancestors' names in its path: "Back room / Shelf B3". */
export const LOCATION_PATH_SEPARATOR = ' / ';
/** How deep the tree goes: a parent that would put a location deeper is refused. */
export const LOCATION_DEPTH_MAX = 8;
/** The products one transfer may move at once. */
export const TRANSFER_LINES_MAX = 500;

export const LocationFields = {
  name: { kind: 'text', label: 'Name', required: true, min: 1, max: 60 } satisfies TextRule,
  /** The code on a shelf's label (unique in a workspace, ignoring case); blank or null is none. */
  code: { kind: 'text', label: 'Code', required: false, nullable: true, max: 30 } satisfies TextRule,
};

/** How many units a transfer moves: at least one. */
export const transferQuantityRule: NumberRule = { ...Rules.quantity, label: 'Quantity', min: 1 };

export const TransferFields = {
  quantity: transferQuantityRule,
  note: Rules.movementNote,
};

export const LocationMessages = {
  notFound: 'Location not found',
  duplicateCode: 'A location with this code already exists',
  holdsStock: 'Move the stock out of this location first',
  defaultNotDeleted: 'The default location cannot be deleted',
  ownDescendant: 'A location cannot be placed inside itself or one of its sub-locations',
  tooDeep: `Locations can be nested at most ${LOCATION_DEPTH_MAX} deep`,
  sameLocation: 'Choose two different locations',
  notEnoughAt: (locationName: string) => `Not enough stock at ${locationName}`,
  noLines: 'Choose at least one product to move',
  tooManyLines: `A transfer may move at most ${TRANSFER_LINES_MAX} products`,
  repeatedProduct: 'Each product may appear once in a transfer',
} as const;

/** A location named in a request body (a stock change's place, a transfer's ends): an id; blank or null is none. */
export const locationIdRule: TextRule = { kind: 'text', label: 'Location', required: false, nullable: true, max: 36 };

/** What one row of a product export is: a product, or a product at one location (where it holds stock). */
export const PRODUCT_EXPORT_ROWS = ['product', 'location'] as const;
export type ProductExportRows = (typeof PRODUCT_EXPORT_ROWS)[number];
/** The columns an export by location adds after the product's. */
export const LOCATION_EXPORT_HEADERS = { path: 'location', quantity: 'location_quantity' } as const;
export const unknownExportRows = `Rows must be one of ${PRODUCT_EXPORT_ROWS.join(', ')}`;
