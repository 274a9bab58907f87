import { toSVG } from 'bwip-js/browser';
import type { LabelBarcode } from './label-barcode';

/** The barcode as SVG markup, bars and human-readable text drawn as paths. */
export function barcodeSvg({ symbology, text }: LabelBarcode): string {
  return toSVG({ bcid: symbology, text, includetext: true, textxalign: 'center', height: 8, scale: 2 });
}

/** A QR code of the text (the product's link) as SVG markup, at the library's default (medium) error correction. */
export function qrSvg(text: string): string {
  return toSVG({ bcid: 'qrcode', text });
}
