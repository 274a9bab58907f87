import { sniffImageType, SNIFF_BYTES } from './image-type';

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
const padded = (head: Uint8Array) => Uint8Array.from([...head, ...new Array(Math.max(0, SNIFF_BYTES - head.length)).fill(0)]);

describe('sniffImageType', () => {
  it.each([
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBP'), 'webp'],
  ])('knows %s by its magic bytes', (_label, head, type) => {
    expect(sniffImageType(padded(head))).toBe(type);
  });

  it.each([
    ['GIF', bytes('GIF89a')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['SVG after an XML declaration', bytes('<?xml version="1.0"?><svg>')],
    ['HTML', bytes('<!doctype html><html>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVE')],
    ['PNG with a damaged signature (text-mode transfer)', bytes([0x89], 'PNG', [0x0a, 0x1a, 0x0a])],
    ['BMP', bytes('BM')],
    ['a BOM and then PNG', bytes([0xef, 0xbb, 0xbf, 0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
  ])('refuses %s', (_label, head) => {
    expect(sniffImageType(padded(head))).toBeUndefined();
  });

  it(`decides nothing from fewer than ${SNIFF_BYTES} bytes`, () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff]))).toBeUndefined();
    expect(sniffImageType(new Uint8Array(0))).toBeUndefined();
  });
});
