import { UPLOAD, UploadMessages } from '@stockroom/schema';
import { checkImageFile } from './upload';

const fileOf = (size: number, type: string, name = 'picture') => new File([new Uint8Array(size)], name, { type });

describe('checkImageFile (before anything is sent)', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp'])('lets a %s of up to UPLOAD.maxBytes through', (type) => {
    expect(checkImageFile(fileOf(UPLOAD.maxBytes, type))).toBeUndefined();
    expect(checkImageFile(fileOf(1, type))).toBeUndefined();
  });

  it('refuses a byte more with the server’s message', () => {
    expect(checkImageFile(fileOf(UPLOAD.maxBytes + 1, 'image/png'))).toBe(UploadMessages.tooLarge);
  });

  it.each(['image/gif', 'image/svg+xml', 'text/html', ''])('refuses the type %j with the server’s message', (type) => {
    expect(checkImageFile(fileOf(10, type))).toBe(UploadMessages.unsupportedType);
  });

  it('refuses an empty file as no file at all', () => {
    expect(checkImageFile(fileOf(0, 'image/png'))).toBe(UploadMessages.missingFile);
  });
});
