import { UploadMessages } from '@stockroom/schema';
import { DomainError, ValidationError } from '../common/errors';

export class ImageTooLargeError extends DomainError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', UploadMessages.tooLarge);
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
