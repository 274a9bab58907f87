import { IMAGE_FORMATS, PAGINATION, PRODUCT_DRAFT_DEFAULTS, ROLES, USER_STATUS } from './constants';
import { readMoneyText } from './money';
import { AuthMessages, ProductMessages, StockMessages, ValidationMessages as M } from './messages';

/**
 * Field rules (lengths, ranges, formats), declared once. The server validates every input
 * with them and the client forms use the same functions, so a message never
 * differs between the two.
 */
export interface TextRule {
  kind: 'text';
  label: string;
  required: boolean;
  /** null is a value with a meaning (e.g. "no image"); without this, null is refused like any other wrong value. */
  nullable?: boolean;
  min?: number;
  max: number;
  format?: 'email' | 'password' | 'imageUrl' | 'sku' | 'barcode';
}

export interface NumberRule {
  kind: 'number';
  label: string;
  required: boolean;
  nullable?: boolean;
  min: number;
  max: number;
  integer?: boolean;
  decimals?: number;
  /** Money: a value typed or imported as text is read as people write prices (readMoneyText), "12,50" and "$4.99" included. */
  money?: true;
}

/** true or false; never text ('' or 'yes' is a format error, not "absent"). */
export interface BooleanRule {
  kind: 'boolean';
  label: string;
  required: boolean;
  nullable?: boolean;
}

/** One of a fixed set of strings (a sort field, a sort order). */
export interface ChoiceRule {
  kind: 'choice';
  label: string;
  required: boolean;
  nullable?: boolean;
  options: readonly string[];
}

export type FieldRule = TextRule | NumberRule | BooleanRule | ChoiceRule;

export const PRODUCT_SORT_FIELDS = ['name', 'price', 'date'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** The files a product export can be: CSV, or an Excel workbook. */
export const PRODUCT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ProductExportFormat = (typeof PRODUCT_EXPORT_FORMATS)[number];
/**
 * Why a product's quantity changed, one per stock movement. A person adjusting
 * stock gives one of STOCK_ADJUSTMENT_REASONS; the app writes the others
 * itself: INITIAL for a new product, COUNT for a stocktake, CORRECTION for a
 * quantity edited in the product form, IMPORT and BULK for imports and bulk
 * changes, TRANSFER_OUT and TRANSFER_IN for the two halves of a transfer
 * between locations.
 */
export const STOCK_MOVEMENT_REASONS = ['INITIAL', 'SALE', 'RECEIPT', 'RETURN', 'DAMAGE', 'COUNT', 'CORRECTION', 'IMPORT', 'BULK', 'TRANSFER_OUT', 'TRANSFER_IN'] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];
/** The reasons an adjustment may give. A sale or damage takes stock away, a receipt or return adds it, a correction goes either way. */
export const STOCK_ADJUSTMENT_REASONS = ['SALE', 'RECEIPT', 'RETURN', 'DAMAGE', 'CORRECTION'] as const satisfies readonly StockMovementReason[];
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];
const STOCK_OUT_REASONS: readonly StockMovementReason[] = ['SALE', 'DAMAGE'];
const STOCK_IN_REASONS: readonly StockMovementReason[] = ['RECEIPT', 'RETURN'];
/** The reason an adjustment without one records: a sale takes stock away, a receipt adds it. */
export const defaultAdjustmentReason = (delta: number): StockAdjustmentReason => (delta < 0 ? 'SALE' : 'RECEIPT');

/** Where a product's stock stands (stockStatus in stock-status.ts says which). */
export const STOCK_STATUSES = ['IN_STOCK', 'LOW_STOCK', 'OUT_OF_STOCK'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Newest first unless the caller asks otherwise. */
export const DEFAULT_PRODUCT_SORT = { sortBy: 'date', sortOrder: 'desc' } as const satisfies { sortBy: ProductSortField; sortOrder: SortOrder };

const text = (label: string, rest: Omit<TextRule, 'kind' | 'label'>): TextRule => ({ kind: 'text', label, ...rest });
const number = (label: string, rest: Omit<NumberRule, 'kind' | 'label'>): NumberRule => ({ kind: 'number', label, ...rest });
const boolean = (label: string): BooleanRule => ({ kind: 'boolean', label, required: false });
const choice = (label: string, options: readonly string[]): ChoiceRule => ({ kind: 'choice', label, required: false, options });

/** The largest PostgreSQL `integer` (and GraphQL `Int`): every whole-number rule stays at or below it. */
export const INT32_MAX = 2_147_483_647;

/** 254 is the longest address SMTP can deliver to (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** argon2 hashes any length; the cap keeps a hash request from being a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_LENGTH = 8;
/** The password rule in words, shown beside password fields. */
export const PASSWORD_POLICY = `At least ${PASSWORD_MIN_LENGTH} characters with upper case, lower case, a number and a special character.`;

export const Rules = {
  email: text('Email', { required: true, max: EMAIL_MAX_LENGTH, format: 'email' }),
  password: text('Password', { required: true, min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, format: 'password' }),
  /** Sign-in checks only presence: the policy is not revealed to a guesser. */
  currentPassword: text('Password', { required: true, max: PASSWORD_MAX_LENGTH }),
  /** The change-password form: the password in use, then the new one under the policy. */
  existingPassword: text('Current password', { required: true, max: PASSWORD_MAX_LENGTH }),
  newPassword: text('New password', { required: true, min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, format: 'password' }),
  firstName: text('First name', { required: true, min: 1, max: 50 }),
  lastName: text('Last name', { required: true, min: 1, max: 50 }),
  productName: text('Product name', { required: true, min: 2, max: 100 }),
  description: text('Description', { required: true, min: 10, max: 1000 }),
  category: text('Category', { required: true, min: 2, max: 50 }),
  price: number('Price', { required: true, min: 0.01, max: 999999.99, decimals: 2, money: true }),
  quantity: number('Quantity', { required: true, min: 0, max: 100000, integer: true }),
  /** The shop's own code for a product: unique in the owner's catalogue ignoring case; blank or null is none. */
  sku: text('SKU', { required: false, nullable: true, max: 64, format: 'sku' }),
  /** A GS1 barcode (EAN-8, UPC-A, EAN-13 or GTIN-14) with its check digit; blank or null is none. */
  barcode: text('Barcode', { required: false, nullable: true, max: 14, format: 'barcode' }),
  /** null (like an empty text) means "no image": an update with null removes it. */
  imageUrl: text('Image URL', { required: false, nullable: true, max: 500, format: 'imageUrl' }),
  page: number('Page', { required: false, min: 1, max: 10_000_000, integer: true }),
  limit: number('Limit', { required: false, min: 1, max: PAGINATION.maxLimit, integer: true }),
  /** A search term; the cap keeps one request from being an expensive pattern. */
  search: text('Search', { required: false, max: 100 }),
  /** Filtering by a category: optional, otherwise the category rule. */
  categoryFilter: text('Category', { required: false, min: 1, max: 50 }),
  featured: boolean('Featured'),
  inStockFilter: boolean('In stock'),
  stockStatusFilter: choice('Stock status', STOCK_STATUSES),
  /** Low Stock at or under this quantity; blank or null: no level. */
  reorderLevel: number('Reorder level', { required: false, nullable: true, min: 0, max: 100000, integer: true }),
  sortBy: choice('Sort by', PRODUCT_SORT_FIELDS),
  sortOrder: choice('Sort order', SORT_ORDERS),
  role: choice('Role', Object.values(ROLES)),
  status: choice('Status', Object.values(USER_STATUS)),
  /** A sale (negative) or a delivery (positive); never zero. */
  stockDelta: number('Quantity change', { required: true, min: -100000, max: 100000, integer: true }),
  /** Why stock is adjusted; left out (or null), the sign of the change says (SALE or RECEIPT). */
  stockReason: { ...choice('Reason', STOCK_ADJUSTMENT_REASONS), nullable: true },
  /** What a person wrote beside a stock movement ("broken in transit"); blank or null is no note. */
  movementNote: text('Note', { required: false, nullable: true, max: 200 }),
  /** The version an edit was made against; the column is a 32-bit integer, so a larger one is refused here, not by PostgreSQL. */
  version: number('Version', { required: false, min: 1, max: INT32_MAX, integer: true }),
  /** The token of an emailed reset or verification link (43 characters of base64url; the cap only bounds input). */
  linkToken: text('Token', { required: true, max: 200 }),
  /** A six-digit authenticator code or a recovery code, as typed (spaces and dashes allowed; the cap only bounds input). */
  verificationCode: text('Code', { required: true, max: 32 }),
  /** The token a sign-in answer with `mfaRequired` carries to its second step. */
  mfaToken: text('Token', { required: true, max: 200 }),
} satisfies Record<string, FieldRule>;

export type RuleName = keyof typeof Rules;

/** At least one upper case, lower case, digit and non-alphanumeric character. */
/**
 * The password policy's parts, in PASSWORD_POLICY's order, each in the words
 * a weak password's message lists it by. Together they are isStrongPassword.
 */
export const PASSWORD_REQUIREMENTS: ReadonlyArray<{ words: string; met: (password: string) => boolean }> = [
  { words: `at least ${PASSWORD_MIN_LENGTH} characters`, met: (password) => characterCount(password) >= PASSWORD_MIN_LENGTH },
  { words: 'an upper-case letter', met: (password) => /[A-Z]/.test(password) },
  { words: 'a lower-case letter', met: (password) => /[a-z]/.test(password) },
  { words: 'a number', met: (password) => /[0-9]/.test(password) },
  { words: 'a special character', met: (password) => /[^A-Za-z0-9]/.test(password) },
];

/** The words of each part of the policy that `password` misses; none for a strong one. */
export const missingPasswordRequirements = (password: string): string[] => PASSWORD_REQUIREMENTS.filter(({ met }) => !met(password)).map(({ words }) => words);

export function isStrongPassword(value: string): boolean {
  return characterCount(value) >= PASSWORD_MIN_LENGTH && STRONG_PASSWORD.test(value);
}

/** Only absolute http(s) URLs: a `javascript:` or `data:` URL never reaches an <img> or <a>. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The shapes the text checks test, as regular expression sources in the
 * dialect JSON Schema's `pattern` uses (ECMA-262, unanchored unless written
 * so). The checks below compile these very strings and the OpenAPI document
 * states them (`textRulePattern`), so the two cannot disagree.
 */
export const TextPatterns = {
  /** PostgreSQL text cannot hold NUL; refusing it keeps such a value a 400, not a server error. */
  noNul: '^[^\\u0000]*$',
  /** Something besides whitespace: a blank required field is missing (isBlank trims exactly the characters `\\s` matches). */
  nonBlank: '\\S',
  email: '^[^\\s@\\u0000]+@[^\\s@\\u0000]+\\.[^\\s@\\u0000]+$',
  /** At least one upper case, lower case, digit and non-alphanumeric character. */
  strongPassword: '^(?=[\\s\\S]*[A-Z])(?=[\\s\\S]*[a-z])(?=[\\s\\S]*[0-9])(?=[\\s\\S]*[^A-Za-z0-9])',
  /** The path the app serves an uploaded image under: a generated name, never the uploader's. */
  uploadPath: `^/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.values(IMAGE_FORMATS).map((format) => format.extension).join('|')})$`,
  /** An absolute http(s) URL (the scheme in any case, as URL parsers read it) with a host; it must also parse as a URL. */
  httpUrl: '^[hH][tT][tT][pP][sS]?://[^\\s/?#\\u0000][^\\u0000]*$',
  /** Letters, digits and - _ . / : what a label printer and a spreadsheet both keep as typed. */
  sku: '^[A-Za-z0-9._/-]+$',
  /** The lengths GS1 barcodes come in: EAN-8, UPC-A (12), EAN-13 and GTIN-14. */
  barcode: '^(?:[0-9]{8}|[0-9]{12,14})$',
} as const;

const NO_NUL = new RegExp(TextPatterns.noNul, 'u');
const STRONG_PASSWORD = new RegExp(TextPatterns.strongPassword, 'u');
const EMAIL_PATTERN = new RegExp(TextPatterns.email, 'u');
const HTTP_URL_PATTERN = new RegExp(TextPatterns.httpUrl, 'u');
export const UPLOAD_PATH_PATTERN = new RegExp(TextPatterns.uploadPath);
const SKU_PATTERN = new RegExp(TextPatterns.sku);
const BARCODE_PATTERN = new RegExp(TextPatterns.barcode);

/**
 * The GS1 check digit (the last one) of an EAN-8, UPC-A, EAN-13 or GTIN-14:
 * from the right, the digits before it weigh 3, 1, 3, 1...; the check digit
 * brings the weighted sum to a multiple of ten.
 */
export function hasValidCheckDigit(barcode: string): boolean {
  const digits = [...barcode].map(Number);
  const check = digits.pop();
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return check === (10 - (sum % 10)) % 10;
}

/** The pattern of an ECMA-262 source with its anchors dropped, to be embedded in a larger one. */
const unanchored = (source: string) => source.replace(/^\^/, '').replace(/\$$/, '');

/**
 * One JSON Schema `pattern` for a text rule: what the check of that rule
 * accepts, written for the value as sent (the check trims it first, so
 * surrounding whitespace is allowed here wherever the check would trim it away).
 */
export function textRulePattern(rule: TextRule): string {
  const noNul = `(?=${TextPatterns.noNul})`;
  switch (rule.format) {
    case 'email':
      return `^${noNul}\\s*${unanchored(TextPatterns.email)}\\s*$`;
    case 'password':
      return `^${noNul}${unanchored(TextPatterns.strongPassword)}`;
    case 'imageUrl':
      // Optional: a blank value is no image.
      return `^${noNul}\\s*(?:(?:${unanchored(TextPatterns.httpUrl)})|(?:${unanchored(TextPatterns.uploadPath)}))?\\s*$`;
    case 'sku':
    case 'barcode':
      // Optional: a blank value is none.
      return `^\\s*(?:${unanchored(TextPatterns[rule.format])})?\\s*$`;
    default:
      return rule.required ? `^${noNul}\\s*${TextPatterns.nonBlank}` : TextPatterns.noNul;
  }
}

/** An image the app may show: an absolute http(s) URL, or one of its own uploads. */
export function isImageUrl(value: string): boolean {
  return (HTTP_URL_PATTERN.test(value) && isHttpUrl(value)) || UPLOAD_PATH_PATTERN.test(value);
}

/** Absent as the rules see it: missing, null, or only whitespace (a blank `?page=%20` is no page, not page 0). */
export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Every id in the app is a UUID; anything else is 'Invalid ID format' before it reaches the database. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** Characters as a person (and PostgreSQL's varchar) counts them: an emoji is one, not two UTF-16 units. */
export const characterCount = (value: string) => [...value].length;

function validateText(rule: TextRule, value: unknown): string | undefined {
  if (typeof value !== 'string' || !NO_NUL.test(value)) return M.invalidFormat(rule.label);
  const trimmed = value.trim();
  // An address is stored lower-cased, and lower-casing can lengthen it ('İ' becomes 'i' and a combining dot), so its limit counts that form.
  const length = characterCount(rule.format === 'email' ? trimmed.toLowerCase() : trimmed);
  if (rule.format === 'password') {
    if (characterCount(value) > rule.max) return M.maxLength(rule.label, rule.max);
    // The sign-up, reset and change-password forms say what is missing; sign-in (Rules.currentPassword) never checks the policy.
    return isStrongPassword(value) ? undefined : AuthMessages.weakPasswordMissing(missingPasswordRequirements(value));
  }
  if (rule.min !== undefined && length < rule.min) return M.minLength(rule.label, rule.min);
  if (length > rule.max) return M.maxLength(rule.label, rule.max);
  if (rule.format === 'email' && !EMAIL_PATTERN.test(trimmed)) return M.invalidEmail;
  if (rule.format === 'imageUrl' && !isImageUrl(trimmed)) return M.invalidFormat(rule.label);
  if (rule.format === 'sku' && !SKU_PATTERN.test(trimmed)) return ProductMessages.skuCharacters;
  if (rule.format === 'barcode') {
    if (!BARCODE_PATTERN.test(trimmed)) return ProductMessages.barcodeShape;
    if (!hasValidCheckDigit(trimmed)) return ProductMessages.barcodeCheckDigit;
  }
  return undefined;
}

/**
 * How far a number may sit from one with `decimals` places and still be that
 * number: JavaScript clients that compute a price send binary-float noise
 * (0.1 + 2.01 is 2.1100000000000003), which is the cent they meant, while
 * 2.115 is a third decimal place. The limits still hold for the number as
 * sent, as JSON Schema's minimum and maximum read it.
 */
export const DECIMAL_TOLERANCE = 1e-6;

/** The number with `decimals` places that `value` stands for, or undefined when it has more. */
export function toDecimals(value: number, decimals: number): number | undefined {
  const scale = 10 ** decimals;
  const nearest = Math.round(value * scale) / scale;
  return Math.abs(value - nearest) <= DECIMAL_TOLERANCE ? nearest : undefined;
}

/** Text as a number rule reads it: money as people write prices; the message when money text has no single reading. */
function numberOfText(rule: NumberRule, text: string): number | { message: string } {
  if (!rule.money) return Number(text);
  const reading = readMoneyText(text);
  if ('value' in reading) return reading.value;
  return { message: reading.problem === 'ambiguous' ? M.ambiguousNumber(rule.label) : M.number(rule.label) };
}

function validateNumber(rule: NumberRule, value: unknown): string | undefined {
  const read = typeof value === 'string' && value.trim() !== '' ? numberOfText(rule, value) : value;
  if (typeof read === 'object' && read !== null && 'message' in read) return (read as { message: string }).message;
  const n = read;
  if (typeof n !== 'number' || !Number.isFinite(n)) return M.number(rule.label);
  if (rule.integer && !Number.isInteger(n)) return M.wholeNumber(rule.label);
  if (rule.decimals !== undefined && toDecimals(n, rule.decimals) === undefined) return M.decimals(rule.label, rule.decimals);
  if (n < rule.min) return M.minValue(rule.label, String(rule.min));
  if (n > rule.max) return M.maxValue(rule.label, String(rule.max));
  return undefined;
}

/**
 * The message for one value, or undefined when it is valid. null is never
 * "absent": a required field sent as null is missing, any other field takes
 * null only when its rule gives null a meaning (`nullable`), so a null can
 * never reach a NOT NULL column.
 */
export function validateField(rule: FieldRule, value: unknown): string | undefined {
  if (value === null) return rule.required ? M.required(rule.label) : rule.nullable ? undefined : M.notNull(rule.label);
  const absent = rule.kind === 'boolean' ? value === undefined : isBlank(value);
  if (absent) return rule.required ? M.required(rule.label) : undefined;
  switch (rule.kind) {
    case 'text':
      return validateText(rule, value);
    case 'number':
      return validateNumber(rule, value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : M.invalidFormat(rule.label);
    case 'choice':
      return typeof value === 'string' && rule.options.includes(value) ? undefined : M.invalidFormat(rule.label);
  }
}

export type FieldErrors = Record<string, string>;

/**
 * Validates the named fields of an input against their rules and returns a
 * map of field -> message (empty when everything is valid). `fields` maps the
 * input's own keys to rule names, since e.g. a product's `name` uses the
 * `productName` rule.
 */
export function validateFields(fields: Record<string, FieldRule>, input: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, rule] of Object.entries(fields)) {
    const message = validateField(rule, input[key]);
    if (message) errors[key] = message;
  }
  return errors;
}

/** Like validateFields, for a partial update: only the fields `input` carries are checked (a PUT may send any of them). */
export function validatePresentFields(fields: Record<string, FieldRule>, input: Record<string, unknown>): FieldErrors {
  const present = Object.fromEntries(Object.entries(fields).filter(([key]) => input[key] !== undefined));
  return validateFields(present, input);
}

/** Password confirmation on sign-up, reset and change-password forms. */
export function validatePasswordConfirmation(password: unknown, confirmation: unknown): string | undefined {
  if (isBlank(confirmation)) return M.required('Password confirmation');
  return password === confirmation ? undefined : M.passwordsDoNotMatch;
}

/** Input shapes the server and client validate the same way. */
export const SignUpFields = {
  firstName: Rules.firstName,
  lastName: Rules.lastName,
  email: Rules.email,
  password: Rules.password,
};

/**
 * A sign-up as the API takes it. The original client sends the whole form,
 * `confirmPassword` included: when it is there, anything but the password
 * itself is refused.
 */
export function validateSignUp(input: Record<string, unknown>): FieldErrors {
  const errors = validateFields(SignUpFields, input);
  const confirmation = input.confirmPassword;
  if (confirmation !== undefined && confirmation !== null && confirmation !== input.password) errors.confirmPassword = M.passwordsDoNotMatch;
  return errors;
}
export const SignInFields = { email: Rules.email, password: Rules.currentPassword };
export const ForgotPasswordFields = { email: Rules.email };
export const ResetPasswordFields = { email: Rules.email, resetToken: Rules.linkToken, newPassword: Rules.password };
export const VerifyEmailFields = { email: Rules.email, token: Rules.linkToken };
export const ProfileFields = { firstName: Rules.firstName, lastName: Rules.lastName, email: Rules.email };
export const ChangePasswordFields = { currentPassword: Rules.existingPassword, newPassword: Rules.newPassword };
/**
 * What changing an account's email asks for besides the new address: the
 * caller's own password, so a stolen session cannot take the account over.
 * These are the forms' rules; the server also takes a sign-in or step-up in
 * the last 10 minutes instead of the password (ChangePasswordFields too).
 */
export const EmailChangeFields = { currentPassword: Rules.existingPassword };
export const UserListFields = { page: Rules.page, limit: Rules.limit, search: Rules.search };
/** What an admin may change of another user, besides the profile fields. */
export const UserAdminFields = { role: Rules.role, status: Rules.status };

/** The fields a new product may leave empty: each then takes its draft value (PRODUCT_DRAFT_DEFAULTS). */
export const PRODUCT_DRAFT_FIELDS = ['description', 'category', 'quantity'] as const;

/**
 * A create with its draft values filled in: a draft field left out or sent
 * blank ('' or only spaces, what an untouched form field holds) takes its
 * draft value. null stays null, refused by the rules like any other missing
 * required value: it is a value sent on purpose, not an empty field.
 */
export function withDraftDefaults<T extends Record<string, unknown>>(input: T): T {
  const filled: Record<string, unknown> = { ...input };
  for (const field of PRODUCT_DRAFT_FIELDS) {
    const value = input[field];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) filled[field] = PRODUCT_DRAFT_DEFAULTS[field];
  }
  return filled as T;
}

/** A stock adjustment as adjustStock and POST /api/products/{id}/stock take it. */
export const StockAdjustmentFields = { delta: Rules.stockDelta, reason: Rules.stockReason, note: Rules.movementNote };
/** A stocktake: the quantity counted on the shelf, which becomes the product's quantity. */
export const StockCountFields = { quantity: Rules.quantity, note: Rules.movementNote };
/** A page of a product's stock history. */
export const StockMovementListFields = { page: Rules.page, limit: Rules.limit };

/**
 * A stock adjustment's field messages: each rule, then what the rules alone
 * cannot say: a change of zero changes nothing, and a sale or damage must take
 * stock away while a receipt or return adds it. A reason outside the list is
 * named with the reasons it may be.
 */
export function validateStockAdjustment(input: Record<string, unknown>): FieldErrors {
  const errors = validateFields(StockAdjustmentFields, input);
  if (errors.reason) errors.reason = StockMessages.unknownReason(STOCK_ADJUSTMENT_REASONS);
  if (errors.delta || errors.reason) return errors;
  const delta = Number(input.delta);
  const reason = input.reason as StockAdjustmentReason | undefined | null;
  if (delta === 0) errors.delta = ProductMessages.zeroDelta;
  else if (reason && delta > 0 && STOCK_OUT_REASONS.includes(reason)) errors.delta = StockMessages.mustTakeStock;
  else if (reason && delta < 0 && STOCK_IN_REASONS.includes(reason)) errors.delta = StockMessages.mustAddStock;
  return errors;
}

export const ProductListFields = {
  page: Rules.page,
  limit: Rules.limit,
  search: Rules.search,
  category: Rules.categoryFilter,
  inStock: Rules.inStockFilter,
  stockStatus: Rules.stockStatusFilter,
  sortBy: Rules.sortBy,
  sortOrder: Rules.sortOrder,
};

