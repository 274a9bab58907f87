import type { ImageFormat } from '@stockroom/schema';

/** How many leading bytes `sniffImageType` needs to decide. */
export const SNIFF_BYTES = 12;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The format a file really is, from its magic bytes; the name and declared
 * Content-Type a client sends prove nothing. Anything but JPEG, PNG or WebP
 * (SVG, GIF, HTML, a truncated header) is undefined.
 */
export function sniffImageType(head: Uint8Array): ImageFormat | undefined {
  if (head.length < SNIFF_BYTES) return undefined;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}
