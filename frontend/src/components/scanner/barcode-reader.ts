/** Reads one code from the current video frame, or null when the frame shows none. */
export interface BarcodeReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}

/**
 * The codes a shop's products carry: EAN/UPC on the pack, ITF-14 (a GTIN-14) on
 * the case it came in, Code 128 on shelf labels, QR on our own labels.
 */
const DETECTOR_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'itf', 'code_128', 'qr_code'];

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own detector, when it has one that knows at least one of our formats. */
async function nativeReader(): Promise<BarcodeReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  const formats = DETECTOR_FORMATS.filter((format) => supported.includes(format));
  if (formats.length === 0) return null;
  const detector = new Detector({ formats });
  return {
    read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
  };
}

/**
 * The browser's BarcodeDetector where it exists (Chrome on Android and macOS),
 * otherwise the zxing decoder, fetched only now so the list never loads it.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { createZxingReader } = await import('./zxing-reader');
  return createZxingReader();
}
