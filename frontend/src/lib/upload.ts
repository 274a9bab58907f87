import { GeneralMessages, UPLOAD, UploadMessages } from '@stockroom/schema';
import { extractErrorMessage, parseJson } from './errors';
import { notifySessionRejected } from './session/session-events';
import { readBrowserToken } from './session/storage';
import { workspaceHeaders } from './workspace/workspace-headers';

/** An upload may take a while on a slow line; past this it is given up (unless the request says otherwise). */
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
  /** Form fields sent before the file (an import's mode and options). */
  fields?: Record<string, string>;
  /** Called as the bytes go out, with the share sent so far (0..1). */
  onProgress?(fraction: number): void;
  /** Every byte is out: the server is at work on the file (an import checks it a while). */
  onSent?(): void;
  /** How long to wait for the answer; UPLOAD_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /** The message when that wait runs out; a network failure's by default. */
  timeoutMessage?: string;
  /** Whether an answer is the request's result; any 2xx with a JSON body by default (an import's 400 carries its row errors). */
  isAnswer?(status: number, body: unknown): boolean;
  signal?: AbortSignal;
}

const isSuccess = (status: number, body: unknown) => status >= 200 && status < 300 && body !== undefined;

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
export function uploadFile<T>(request: UploadRequest): Promise<T> {
  const { endpoint, fieldName, file, fields = {}, onProgress, onSent, signal, isAnswer = isSuccess } = request;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(fieldName, file, file.name);
    xhr.open('POST', endpoint);
    xhr.timeout = request.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readBrowserToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(workspaceHeaders())) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (isAnswer(xhr.status, body)) {
        onProgress?.(1);
        return resolve(body as T);
      }
      if (xhr.status === 401) notifySessionRejected();
      reject(new UploadError(extractErrorMessage({ status: xhr.status, body }), xhr.status));
    };
    // No answer at all (offline, refused, cut off): the same message a failed fetch gets.
    xhr.onerror = () => reject(new UploadError(GeneralMessages.network));
    xhr.ontimeout = () => reject(new UploadError(request.timeoutMessage ?? GeneralMessages.network));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));

    if (signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
