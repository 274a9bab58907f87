import { GeneralMessages, UploadMessages } from '@stockroom/schema';
import { DomainError, ServiceUnavailableError, ValidationError } from '../common/errors';

export class ImageTooLargeError extends DomainError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', UploadMessages.tooLarge);
  }
}

/**
 * A real JPEG, PNG or WebP whose canvas is too large to decode: too much
 * content, like a file over the byte limit, so 413 too (415 would tell the
 * client the type is wrong, which it is not).
 */
export class ImageTooManyPixelsError extends DomainError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', UploadMessages.tooManyPixels);
  }
}

/** How long a client should wait when every decoder slot and queue place is taken: a decode takes well under a second. */
export const DECODER_BUSY_RETRY_AFTER_SECONDS = 2;

/** Every image decoder slot is taken and the queue for them is full. */
export class ImageDecoderBusyError extends ServiceUnavailableError {
  constructor() {
    super(UploadMessages.busy, DECODER_BUSY_RETRY_AFTER_SECONDS);
  }
}

/** Not a JPEG, PNG or WebP by its bytes (or one the decoder cannot read). */
export class UnsupportedImageError extends DomainError {
  constructor() {
    super('UNSUPPORTED_MEDIA_TYPE', UploadMessages.unsupportedType);
  }
}

/** The request is not multipart/form-data at all: a JSON or raw body where a form was expected. */
export class NotMultipartError extends DomainError {
  constructor(field: string) {
    super('UNSUPPORTED_MEDIA_TYPE', `Send the image as multipart/form-data, in the field "${field}"`);
  }
}

export class MissingImageError extends ValidationError {
  constructor(field: string) {
    super({ [field]: UploadMessages.missingFile });
  }
}

/** A malformed multipart body, or a disk that refused the write. */
export class UploadFailedError extends DomainError {
  constructor(code: 'BAD_USER_INPUT' | 'INTERNAL_SERVER_ERROR') {
    super(code, UploadMessages.uploadFailed);
  }
}

/** How long a client should wait when the upload store (an S3 bucket) does not answer. */
export const STORE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The store that keeps uploads could not be reached or refused the request: the client may retry, as with the database. */
export class UploadStoreUnavailableError extends ServiceUnavailableError {
  constructor() {
    super(GeneralMessages.server, STORE_UNAVAILABLE_RETRY_AFTER_SECONDS);
  }
}
