import { toSVG } from 'bwip-js/browser';
import type { LabelBarcode } from './label-barcode';

/**
 * The bars as SVG markup that stretch to the box the stylesheet gives them:
 * widening every bar alike keeps the code readable, and the human-readable
 * text is the label's own text under it rather than glyphs stretched with the bars.
 */
export function barcodeSvg({ symbology, text }: LabelBarcode): string {
  return toSVG({ bcid: symbology, text, height: 8 }).replace('<svg ', '<svg preserveAspectRatio="none" ');
}

/**
 * A QR code of the text (the product's link) as SVG markup, at the library's
 * default (medium) error correction. Its square modules are drawn on whole
 * pixels: one blurred across two reads worse from a screen. (The barcode's
 * bars are left to the renderer, where rounding would change their width ratios.)
 */
export function qrSvg(text: string): string {
  return toSVG({ bcid: 'qrcode', text }).replace('<svg ', '<svg shape-rendering="crispEdges" ');
}
