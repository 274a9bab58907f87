import { formatCount } from './numbers';

/**
 * The message catalogue: every validation, auth, user, product and general
 * message the app shows. Server and client both import these so a user sees
 * the same words whichever side caught the problem.
 */
/** "1 product", "1,250 products": a count and its noun, as every message and screen says it. */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/** 'a', 'a and b', 'a, b and c' */
const wordList = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

export const AuthMessages = {
  invalidCredentials: 'Invalid email or password',
  sessionExpired: 'Your session has expired. Please log in again',
  invalidToken: 'Invalid authentication token',
  accessDenied: 'Access denied. Insufficient permissions',
  emailTaken: 'An account with this email already exists',
  userNotFound: 'User not found',
  weakPassword: 'Password does not meet security requirements',
  /** The weak-password message with the parts of the policy the password misses: 'Password does not meet security requirements: it needs a number and a special character'. */
  weakPasswordMissing: (missing: readonly string[]) => `Password does not meet security requirements: it needs ${wordList(missing)}`,
  accountLocked: 'Account temporarily locked due to multiple failed login attempts',
  accountInactive: 'Account is inactive. Please contact support',
  /** The answer to a throttled auth call (429). */
  tooManyRequests: 'Too many requests. Please wait a moment and try again',
  forgotPasswordSent: 'If an account exists, a reset link has been sent.',
  resetSuccess: 'Password reset successful',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  verifyLinkInvalid: 'This verification link is invalid or has expired',
  emailVerified: 'Email address verified',
  verificationSent: 'If the account needs it, a verification email has been sent.',
  signedOut: 'Signed out',
} as const;

/** 15 minutes, 1 minute, 45 seconds, 2 hours: a lock's length in words, rounded up so a wait is never understated. */
export function durationInWords(seconds: number): string {
  const whole = Math.max(Math.ceil(seconds), 1);
  const unit = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
  if (whole < 60) return unit(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60 || minutes % 60 !== 0) return unit(minutes, 'minute');
  return unit(minutes / 60, 'hour');
}

/**
 * What a sign-in form adds to the invalid-credentials and locked messages,
 * from the numbers the server sends with them (attemptsLeft, lockoutSeconds,
 * retryAfterSeconds): the lockout never comes as a surprise, nor lasts an
 * unknown time.
 */
export const LockoutMessages = {
  attemptsLeft: (attempts: number, lockoutSeconds: number) =>
    `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} left before sign-in is locked for ${durationInWords(lockoutSeconds)}.`,
  lockedNow: (lockoutSeconds: number) => `Sign-in is now locked for ${durationInWords(lockoutSeconds)}.`,
  tryAgainIn: (retryAfterSeconds: number) => `Try again in ${durationInWords(retryAfterSeconds)}.`,
} as const;

/** Recent activity's words that server and client both write: the server's item titles, and the client's day added to them. */
export const ActivityMessages = {
  signedInTimes: (count: number) => `Signed in ${count} times`,
  /** A product crossing into low stock: 'Lamp is running low: 2 left, reorder level 5'. */
  runningLow: (product: string, quantity: number, reorderLevel: number) => `${product} is running low: ${quantity} left, reorder level ${reorderLevel}`,
  outOfStock: (product: string) => `${product} is out of stock`,
} as const;

export const UserMessages = {
  createFailed: 'Failed to create user account',
  updateFailed: 'Failed to update user profile',
  deactivateFailed: 'Failed to deactivate user account',
  /** The answers to a successful profile change, deactivation and password change. */
  profileUpdated: 'Profile updated successfully',
  deactivated: 'User account deactivated',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  /** A wrong current password on the change-password form. */
  currentPasswordWrong: 'Current password is incorrect',
  /** The new password must differ from the current one. */
  samePassword: 'New password must be different from the current password',
  /** An admin who would lock every admin out. */
  lastAdmin: 'The last active administrator cannot be deactivated',
  /** An admin who would leave no admin by making the last one a Member. */
  lastAdminDemoted: 'The last active administrator cannot be made a Member',
} as const;

/** The answers to an image upload (at most 5 MB; JPEG, PNG or WebP). */
export const UploadMessages = {
  tooLarge: 'Image cannot exceed 5 MB',
  unsupportedType: 'Image must be a JPEG, PNG or WebP file',
  missingFile: 'Choose an image to upload',
  uploadFailed: 'Failed to upload image',
  /** A small file can declare a huge canvas; past this it is refused before it is decoded. */
  tooManyPixels: 'Image cannot exceed 40 megapixels',
  /** Every image decoder slot is taken and the queue for them is full (a 503 with Retry-After). */
  busy: 'The server is busy processing other images. Please try again in a moment',
} as const;

export const ProductMessages = {
  notFound: 'Product not found',
  createFailed: 'Failed to create product',
  updateFailed: 'Failed to update product',
  deleteFailed: 'Failed to delete product',
  notOwner: 'You can only modify products you created',
  outOfStock: 'Product is out of stock',
  insufficientStock: 'Insufficient stock available',
  /** A 409 for an update made against a version that has changed since: reloading shows the other change. */
  conflict: 'This product was changed by someone else. Reload it and try again',
  /** The answer to a successful delete. */
  deleted: 'Product deleted successfully',
  /** A stock adjustment of zero changes nothing. */
  zeroDelta: 'Quantity change cannot be zero',
  /** A 409 on the sku field: SKUs are unique within one catalogue, ignoring case. */
  duplicateSku: 'A product with this SKU already exists',
  /** A 409 on the barcode field: a barcode is unique within one catalogue, so a scan finds one product. */
  duplicateBarcode: 'A product with this barcode already exists',
  skuCharacters: 'SKU may contain only letters, digits and - _ . /',
  barcodeShape: 'Barcode must be 8, 12, 13 or 14 digits',
  barcodeCheckDigit: 'Barcode check digit is invalid',
  /** Every slot for imports and exports is taken (each holds a database connection for as long as it runs): a 429 with Retry-After. */
  busy: 'Other imports or exports are running. Please try again in a few seconds',
} as const;

/** Exporting the product list as a file: the toolbar's menu, and the answers about it. */
export const ExportMessages = {
  menu: 'Export',
  csv: 'CSV',
  excel: 'Excel',
  /** A `format` the export does not write. */
  unknownFormat: (formats: readonly string[]) => `Format must be one of ${formats.join(', ')}`,
  failed: 'The export could not be downloaded. Please try again',
} as const;

/** The answers about stock movements (adjustments, stocktakes and the history). */
export const StockMessages = {
  /** A reason outside the list an adjustment may give (INITIAL, COUNT and the like are the app's own). */
  unknownReason: (reasons: readonly string[]) => `Reason must be one of ${reasons.join(', ')}`,
  mustTakeStock: 'A sale or damage must take stock away: the quantity change must be negative',
  mustAddStock: 'A receipt or return must add stock: the quantity change must be positive',
} as const;

/** The client's barcode scanner: what it says while the camera starts and when it cannot read. */
export const ScannerMessages = {
  scanButton: 'Scan a barcode',
  title: 'Scan a barcode or QR code',
  starting: 'Starting the camera…',
  hint: 'Hold the barcode or QR code inside the frame.',
  denied: 'Camera access was refused. Allow the camera for this site in the browser settings to scan.',
  noCamera: 'No camera was found on this device.',
  failed: 'The camera could not be started. Close other apps that use it and try again.',
  /** A location's page: a product scanned or typed there, to count it or add or remove stock there. */
  scanHere: 'Scan a product here',
  enterCode: 'Enter a code',
  findCode: 'Find',
  noProduct: (code: string) => `No product has the code “${code}”.`,
  severalProducts: (code: string) => `Several products match “${code}”.`,
  showSeveral: 'Show them in the product list',
} as const;

/** Printing a product's label. */
export const LabelMessages = {
  printButton: 'Print label',
  title: 'Print label',
  print: 'Print',
  failed: 'The label could not be drawn. Please try again',
} as const;

export const GeneralMessages = {
  somethingWentWrong: 'Something went wrong. Please try again',
  network: 'Network error. Please check your connection',
  server: 'Server error. Please try again later',
  resourceNotFound: 'The requested resource was not found',
  invalidId: 'Invalid ID format',
  /** The text of a 400 for a body that is not JSON. */
  malformedJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  /** An input field the API does not know. */
  unknownField: 'Unknown field',
  /** A method the path does not have (the `Allow` header lists those it has). */
  methodNotAllowed: 'Method not allowed',
} as const;

/** The message templates, filled in by the validation rules. */
export const ValidationMessages = {
  required: (field: string) => `${field} is required`,
  invalidFormat: (field: string) => `${field} format is invalid`,
  minLength: (field: string, n: number) => `${field} must be at least ${n} characters`,
  maxLength: (field: string, n: number) => `${field} cannot exceed ${n} characters`,
  invalidEmail: 'Please provide a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  /* Numeric templates follow the same voice as the text ones. */
  minValue: (field: string, n: string) => `${field} must be at least ${n}`,
  maxValue: (field: string, n: string) => `${field} cannot exceed ${n}`,
  wholeNumber: (field: string) => `${field} must be a whole number`,
  decimals: (field: string, n: number) => `${field} cannot have more than ${n} decimal places`,
  number: (field: string) => `${field} must be a number`,
  /** "1,234" is 1234 in one country and 1.234 in the next: neither is guessed. */
  ambiguousNumber: (field: string) => `${field} is ambiguous: a comma before three digits may separate thousands or decimals. Write 1234 or 1234.00 for a thousand, 1.23 for a decimal`,
  /** An optional field sent as null: leaving it out keeps the value, null would erase one that cannot be empty. */
  notNull: (field: string) => `${field} cannot be null`,
} as const;
