import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import sharp from 'sharp';

/**
 * Rasterising SVG puts module edges between pixels at some scales: about one
 * QR code in seven of a product link failed to read at 300 dpi alone (and
 * read at another), so markup is read at several scales and the first that
 * reads counts. Each scale's reading is deterministic for a given symbol.
 */
const SVG_DENSITIES = [300, 200, 450, 600, 150];

/**
 * Decodes the one barcode or QR code in an image (an element's screenshot, or
 * SVG markup rasterised at each of SVG_DENSITIES dpi of its own size) with zxing.
 */
export async function decodeImage(image: Buffer | string): Promise<string> {
  if (typeof image !== 'string') return decodeRaster(image);
  let failure: unknown;
  for (const density of SVG_DENSITIES) {
    try {
      return await decodeRaster(image, density);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

async function decodeRaster(image: Buffer | string, density = 300): Promise<string> {
  const input = typeof image === 'string' ? sharp(Buffer.from(image), { density }) : sharp(image);
  // A quiet zone of white around the symbol, as on paper.
  const { data, info } = await sharp(await input.png().toBuffer())
    .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luma = new Uint8ClampedArray(info.width * info.height);
  for (let i = 0; i < luma.length; i++) luma[i] = data[i * info.channels];
  const bitmap = () => new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luma, info.width, info.height)));
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128, BarcodeFormat.EAN_13]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  try {
    return reader.decode(bitmap()).getText();
  } catch (error) {
    return readPureQrCode(bitmap(), error);
  }
}

/**
 * zxing's detector locates a QR code by its finder patterns, as a camera must, and with modules
 * 3.3 px wide (the label preview's) it lost about one product link in twenty, the same one on
 * every capture. An element's screenshot is a pure symbol, upright and flat, which zxing can also
 * read by sampling the modules from the symbol's own bounds: that read 150 of 150 such captures.
 * It is tried second; a 1D barcode, or an image with no readable QR code, still fails with the
 * first reading's error.
 */
function readPureQrCode(bitmap: BinaryBitmap, firstError: unknown): string {
  try {
    return new QRCodeReader().decode(bitmap, new Map<DecodeHintType, unknown>([[DecodeHintType.PURE_BARCODE, true]])).getText();
  } catch {
    throw firstError;
  }
}
