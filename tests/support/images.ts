import { promisify } from 'node:util';
import { crc32, deflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const deflateAsync = promisify(deflate);

/**
 * Small, real image files for upload tests: each decodes in a browser and in
 * the server's image library. PNGs are encoded here so a test can ask for any
 * size, and pad one to an exact byte count; the JPEG and WebP are 2x2 files
 * kept as bytes.
 */

/** One PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = pngChunk('IEND', Buffer.alloc(0));
/** Bytes a padding chunk adds besides its data: length, type and CRC. */
const CHUNK_OVERHEAD = 12;

/** A width x height RGB PNG: a diagonal gradient, so it is visibly an image. */
export function png(width = 2, height = 2): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      rows.set([(x * 255) / Math.max(1, width - 1), (y * 255) / Math.max(1, height - 1), 160], row + 1 + x * 3);
    }
  }
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), IEND]);
}

/**
 * A large image of one colour, in any stored format. Made by sharp on its
 * own threads: building megapixels in JavaScript would block the event loop
 * the test's server shares for seconds.
 */
export function largeImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).toFormat(format).toBuffer();
}

/**
 * A decompression bomb: a valid black 1-bit PNG of width x height. All
 * zeros deflate some two hundred to one even at the fastest level, so
 * 30000 x 30000 (900 megapixels, gigabytes once decoded) is a file of
 * about 500 kB. Deflated on the thread pool, not the event loop.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale, deflate, no filter method, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', await deflateAsync(rows, { level: 1 })), IEND]);
}

/**
 * A valid PNG of exactly `totalBytes`: a small image plus a private
 * ancillary chunk ('prVt', which decoders skip) holding the padding.
 */
export function pngOfSize(totalBytes: number): Buffer<ArrayBuffer> {
  const image = png(4, 4);
  const padding = totalBytes - image.length - CHUNK_OVERHEAD;
  if (padding < 0) throw new Error(`a PNG cannot be as small as ${totalBytes} bytes`);
  const withoutEnd = image.subarray(0, image.length - IEND.length);
  const padded = Buffer.concat([withoutEnd, pngChunk('prVt', Buffer.alloc(padding, 0x2a)), IEND]);
  if (padded.length !== totalBytes) throw new Error(`padded PNG is ${padded.length} bytes, not ${totalBytes}`);
  return padded;
}

/** A 2x2 baseline JPEG. */
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgBQD/2Q==',
  'base64',
);

/** A 2x2 lossy WebP (VP8). */
export const WEBP = Buffer.from('UklGRjQAAABXRUJQVlA4ICgAAABwAQCdASoCAAIAAUAmJaACdAGgAACaIw0a//U4//6aR//TSPoUAAAA', 'base64');

/** A 1x1 GIF: a real image, but not a type the app stores. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
