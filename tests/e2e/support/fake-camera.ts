import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js';
import sharp from 'sharp';
import { useBrowser } from './browser';

/** The fake camera's picture: VGA, what a phone's preview stream is at least. */
const WIDTH = 640;
const HEIGHT = 480;
/** Chromium loops the file; a few identical frames are a still picture of the code. */
const FRAMES = 10;

export interface CameraCode {
  /** A bwip-js symbology: 'qrcode', 'code128', 'ean13'... */
  symbology: string;
  text: string;
}

/** The code drawn black on white, centred on a white VGA frame, as 8-bit grey pixels. */
async function frameOf({ symbology, text }: CameraCode): Promise<Buffer> {
  const png = await bwipjs.toBuffer({ bcid: symbology, text, scale: 3, height: 20, paddingwidth: 6, paddingheight: 6, backgroundcolor: 'FFFFFF' });
  const code = sharp(png).resize({ width: WIDTH - 80, height: HEIGHT - 80, fit: 'inside', withoutEnlargement: true, kernel: 'nearest' });
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: await code.png().toBuffer(), gravity: 'centre' }])
    .greyscale()
    .raw()
    .toBuffer()
    .then((rgb) => {
      // greyscale() keeps the three channels in raw output; one is the luma.
      const grey = Buffer.alloc(WIDTH * HEIGHT);
      const channels = rgb.length / (WIDTH * HEIGHT);
      for (let i = 0; i < grey.length; i++) grey[i] = rgb[i * channels];
      return grey;
    });
}

/**
 * Writes a YUV4MPEG2 (4:2:0) video of the code for Chromium's
 * `--use-file-for-fake-video-capture` and returns its path: the grey picture is
 * the Y plane, and neutral chroma (128) keeps it grey.
 */
export async function writeCodeVideo(code: CameraCode): Promise<string> {
  const luma = await frameOf(code);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'stockroom-camera-')), 'code.y4m');
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}

/** Chromium's flags for a camera that films the file, with the permission prompt still up to the test. */
export const fakeCameraArgs = (file: string): string[] => ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];

/** A spec's (or describe block's) Chromium whose fake camera films `code`; a session gets the camera with `open(browser, { permissions: ['camera'] })`. */
export function cameraFilming(code: CameraCode): ReturnType<typeof useBrowser> {
  let file = '';
  beforeAll(async () => {
    file = await writeCodeVideo(code);
  });
  return useBrowser({ args: () => fakeCameraArgs(file), fullChromium: true });
}
