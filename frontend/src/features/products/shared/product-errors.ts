import { GeneralMessages } from '@stockroom/schema';
import { errorCodeOf, extractFieldErrors, isMissingById, serverMessageOr } from '../../../lib/errors';

export { formFieldErrors } from '../../../lib/errors';

/**
 * The message a product call shows: the server's message if there is one,
 * otherwise the call's fallback ('Failed to create product', ..., or the
 * generic message for loading a list or one product).
 */
export const productErrorMessage = serverMessageOr;

/** A list or one product that could not be read: the server's message, else the generic one. */
export const loadErrorMessage = (error: unknown): string => productErrorMessage(error, GeneralMessages.somethingWentWrong);

/** No such product for this user: NOT_FOUND, or an id that is not a UUID ('Invalid ID format'). */
export const isProductMissing = isMissingById;

export const isConflict = (error: unknown) => errorCodeOf(error) === 'CONFLICT';

/** The product changed since the version the update named: a conflict of the whole product, not of one field's value (a SKU or barcode taken). */
export const isStaleProduct = (error: unknown) => isConflict(error) && Object.keys(extractFieldErrors(error)).length === 0;
