/** Business constants, shared by server and client. */
export const APP_NAME = 'Stockroom';
export const APP_VERSION = '1.0.0';

/** 8 hours: the session lifetime, written as the expiry at sign-in or sign-up. */
export const SESSION_TIMEOUT_MS = 28_800_000;
export const TOKEN_STORAGE_KEY = 'mean_auth_token';
export const TOKEN_EXPIRATION_STORAGE_KEY = 'mean_token_expiration';

export const PAGINATION = { defaultPage: 1, defaultLimit: 10, maxLimit: 100 } as const;
/** The page sizes a list offers: the default first, the most the server returns last. */
export const PAGE_SIZES = [PAGINATION.defaultLimit, 25, 50, PAGINATION.maxLimit] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const TOAST_DURATION_MS = 3000;
export const SEARCH_DEBOUNCE_MS = 300;
export const RESET_SUCCESS_REDIRECT_MS = 1500;

/** The image formats an upload may be, each with the extension and Content-Type it is stored and served under. */
export const IMAGE_FORMATS = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg' },
  png: { extension: 'png', mimeType: 'image/png' },
  webp: { extension: 'webp', mimeType: 'image/webp' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

export const UPLOAD = {
  maxBytes: 5_242_880,
  mimeTypes: Object.values(IMAGE_FORMATS).map((format) => format.mimeType),
} as const;

export const ROLES = { member: 'Member', admin: 'Admin' } as const;
export const USER_STATUS = { active: 'Active', inactive: 'Inactive' } as const;

/**
 * The values a new product's form starts with. A create that leaves out
 * description, category or quantity gets theirs; price is always required,
 * since 0 is below its minimum.
 */
export const PRODUCT_DRAFT_DEFAULTS = {
  description: 'Draft product - description pending',
  category: 'Uncategorized',
  quantity: 0,
  price: 0,
} as const;
