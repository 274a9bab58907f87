import parseRange from 'range-parser';

/** One byte range of an upload, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a Range header asks of an upload of `size` bytes: one range, none that can be served, or (ignored) anything else. */
export type RangeAnswer = ByteRange | 'unsatisfiable' | undefined;

/**
 * The one range from a known first byte (`bytes=100-`, `bytes=100-199`) that
 * browsers and players send. Several ranges at once and the last-n-bytes
 * form (`bytes=-500`) are answered with the whole upload, as HTTP allows:
 * an S3 store cannot be trusted with the suffix form (s3rver reads it from
 * the start), and every store answers alike.
 */
export const SINGLE_BYTE_RANGE = /^bytes=\d+-\d*$/;

/** The range a `Range` header asks of an upload of `size` bytes; a first byte past the end cannot be served (416). */
export function byteRangeOf(header: string | undefined, size: number): RangeAnswer {
  if (!header || !SINGLE_BYTE_RANGE.test(header)) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return { start: ranges[0].start, end: ranges[0].end };
}
