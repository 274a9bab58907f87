import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import sharp from 'sharp';

/**
 * Decodes the one barcode or QR code in an image (an element's screenshot, or
 * SVG markup rasterised at `density` dpi of its own size) with zxing.
 */
export async function decodeImage(image: Buffer | string, density = 300): Promise<string> {
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
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128, BarcodeFormat.EAN_13]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luma, info.width, info.height)))).getText();
}
