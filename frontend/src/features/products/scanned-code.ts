import { productListPath } from './urls';

/** The path of a QR code from one of this app's own labels (a link to a product here), else null. */
export function ownProductPath(code: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(code);
  } catch {
    return null;
  }
  const prefix = `${productListPath}/`;
  if (url.origin !== origin || !url.pathname.startsWith(prefix) || url.pathname.length === prefix.length) return null;
  return url.pathname;
}
