/**
 * The message catalogue of the specification (sections 5 and 8). Server and
 * client both import these so a user sees the same words whichever side
 * caught the problem.
 */
export const AuthMessages = {
  invalidCredentials: 'Invalid email or password',
  sessionExpired: 'Your session has expired. Please log in again',
  invalidToken: 'Invalid authentication token',
  accessDenied: 'Access denied. Insufficient permissions',
  emailTaken: 'An account with this email already exists',
  userNotFound: 'User not found',
  weakPassword: 'Password does not meet security requirements',
  accountLocked: 'Account temporarily locked due to multiple failed login attempts',
  accountInactive: 'Account is inactive. Please contact support',
  /** Not in the catalogue: the spec leaves throttling text open. */
  tooManyRequests: 'Too many requests. Please wait a moment and try again',
  forgotPasswordSent: 'If an account exists, a reset link has been sent.',
  resetSuccess: 'Password reset successful',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  verifyLinkInvalid: 'This verification link is invalid or has expired',
  emailVerified: 'Email address verified',
  verificationSent: 'If the account needs it, a verification email has been sent.',
  signedOut: 'Signed out',
} as const;

export const UserMessages = {
  createFailed: 'Failed to create user account',
  updateFailed: 'Failed to update user profile',
  deactivateFailed: 'Failed to deactivate user account',
  /** Not in the catalogue: the answers to a successful profile change, deactivation and password change. */
  profileUpdated: 'Profile updated successfully',
  deactivated: 'User account deactivated',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  /** Not in the catalogue: a wrong current password on the change-password form. */
  currentPasswordWrong: 'Current password is incorrect',
  /** Not in the catalogue: the new password must differ from the current one. */
  samePassword: 'New password must be different from the current password',
  /** Not in the catalogue: an admin who would lock every admin out. */
  lastAdmin: 'The last active administrator cannot be deactivated',
  /** Not in the catalogue: an admin who would leave no admin by making the last one a Member. */
  lastAdminDemoted: 'The last active administrator cannot be made a Member',
} as const;

/** Not in the catalogue beyond section 5's limits: the answers to an image upload. */
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
  /** Not in the catalogue: DESIGN.md asks for a 409 on a stale version. */
  conflict: 'This product was changed by someone else. Reload it and try again',
  /** Not in the catalogue: the answer to a successful delete. */
  deleted: 'Product deleted successfully',
  /** Not in the catalogue: a stock adjustment of zero changes nothing. */
  zeroDelta: 'Quantity change cannot be zero',
} as const;

export const GeneralMessages = {
  somethingWentWrong: 'Something went wrong. Please try again',
  network: 'Network error. Please check your connection',
  server: 'Server error. Please try again later',
  resourceNotFound: 'The requested resource was not found',
  invalidId: 'Invalid ID format',
  /** Not in the catalogue: the text of a 400 for a body that is not JSON. */
  malformedJson: 'Request body is not valid JSON',
  payloadTooLarge: 'Request body is too large',
  /** Not in the catalogue: an input field the API does not know. */
  unknownField: 'Unknown field',
  /** Not in the catalogue: a method the path does not have (the `Allow` header lists those it has). */
  methodNotAllowed: 'Method not allowed',
} as const;

/** The templates of section 5, filled in by the validation rules. */
export const ValidationMessages = {
  required: (field: string) => `${field} is required`,
  invalidFormat: (field: string) => `${field} format is invalid`,
  minLength: (field: string, n: number) => `${field} must be at least ${n} characters`,
  maxLength: (field: string, n: number) => `${field} cannot exceed ${n} characters`,
  invalidEmail: 'Please provide a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  /* Numeric templates are not in the spec; they follow the same voice. */
  minValue: (field: string, n: string) => `${field} must be at least ${n}`,
  maxValue: (field: string, n: string) => `${field} cannot exceed ${n}`,
  wholeNumber: (field: string) => `${field} must be a whole number`,
  decimals: (field: string, n: number) => `${field} cannot have more than ${n} decimal places`,
  number: (field: string) => `${field} must be a number`,
  /** An optional field sent as null: leaving it out keeps the value, null would erase one that cannot be empty. */
  notNull: (field: string) => `${field} cannot be null`,
} as const;
