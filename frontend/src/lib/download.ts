import { GeneralMessages } from '@stockroom/schema';
import { extractErrorMessage, parseJson } from './errors';
import { notifySessionRejected } from './session/session-events';
import { readBrowserToken } from './session/storage';
import { workspaceHeaders } from './workspace/workspace-headers';

/** A download the server refused or that never arrived; `message` is the one to show (the server's when it sent one). */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** The file name of `attachment; filename="x.csv"`, or `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/**
 * Fetches `url` with the signed-in user's token and saves the answer as a
 * file, named as the server's Content-Disposition says. A link alone could
 * not send the token. A 401 is a rejected session, reported like the GraphQL
 * client reports one. Resolves with the file's name once the browser has it.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const token = readBrowserToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { ...workspaceHeaders(), Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new DownloadError(GeneralMessages.network);
  }
  if (!response.ok) {
    const body = parseJson(await response.text().catch(() => ''));
    if (response.status === 401) notifySessionRejected();
    throw new DownloadError(extractErrorMessage({ status: response.status, body }), response.status);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The server cut the file short: saving what came would look like the whole list.
    throw new DownloadError(GeneralMessages.network);
  }
  const name = attachmentName(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(blob, name);
  return name;
}

/** Hands `blob` to the browser's download as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
