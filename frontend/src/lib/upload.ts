import { GeneralMessages, UPLOAD, UploadMessages } from '@stockroom/schema';
import { extractErrorMessage, parseJson } from './errors';
import { notifySessionRejected } from './session/session-events';
import { readBrowserToken } from './session/storage';

/** An upload may take a while on a slow line; past this it is given up. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** A failed upload; `message` is the one to show (the server's when it sent one). */
export class UploadError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the server answered at all. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadRequest {
  /** e.g. '/api/products/images' */
  endpoint: string;
  /** The multipart field the server reads the file from, e.g. 'image'. */
  fieldName: string;
  file: File;
  /** Called as the bytes go out, with the share sent so far (0..1). */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * What the server would refuse, told before a byte is sent, with its
 * messages: an empty file, one over UPLOAD.maxBytes, a type other than
 * JPEG, PNG or WebP. The browser's idea of the type comes from the name; the
 * server decides by the content.
 */
export function checkImageFile(file: File): string | undefined {
  if (file.size === 0) return UploadMessages.missingFile;
  if (!(UPLOAD.mimeTypes as readonly string[]).includes(file.type)) return UploadMessages.unsupportedType;
  if (file.size > UPLOAD.maxBytes) return UploadMessages.tooLarge;
  return undefined;
}

/**
 * Sends one file as multipart/form-data with the signed-in user's token and
 * resolves to the server's JSON answer. XMLHttpRequest rather than fetch:
 * only it reports upload progress. A 401 is a rejected session, reported
 * like the GraphQL client reports one.
 */
export function uploadFile<T>({ endpoint, fieldName, file, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append(fieldName, file, file.name);
    xhr.open('POST', endpoint);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readBrowserToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body !== undefined) {
        onProgress?.(1);
        return resolve(body as T);
      }
      if (xhr.status === 401) notifySessionRejected();
      reject(new UploadError(extractErrorMessage({ status: xhr.status, body }), xhr.status));
    };
    // No answer at all (offline, refused, cut off): the same message a failed fetch gets.
    xhr.onerror = () => reject(new UploadError(GeneralMessages.network));
    xhr.ontimeout = () => reject(new UploadError(GeneralMessages.network));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));

    if (signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
