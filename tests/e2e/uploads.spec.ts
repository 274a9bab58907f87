import { UploadMessages } from '@stockroom/schema';
import { HTML, png } from '../support/images';
import { signedInUser } from './support/api';
import { useBrowser } from './support/browser';
import { holdImageUploads } from './support/screen-checks';
import { ProductDetailPage } from './pages/ProductDetailPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductListPage } from './pages/ProductListPage';

const UPLOAD_URL = /\/uploads\/[0-9a-f-]{36}\.png$/;

describe('uploads: a product image from the product form', () => {
  const b = useBrowser();

  it('uploads a picture with a progress bar, fills Image URL, and the created product shows it', async () => {
    const s = b.session();
    await signedInUser(s, 'upload');
    const form = new ProductFormPage(s.page);
    await form.gotoNew();
    const release = await holdImageUploads(s.page);

    await form.upload.input.setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png(64, 48) });
    await form.upload.uploading.waitFor();
    expect(await form.upload.input.isDisabled()).toBe(true);
    release();

    await form.upload.complete.waitFor();
    expect(await form.upload.complete.getAttribute('aria-valuenow')).toBe('100');
    await form.form.getByText('Upload complete', { exact: true }).waitFor();
    const imageUrl = await form.imageUrl.inputValue();
    expect(new URL(imageUrl, s.baseUrl).pathname).toMatch(UPLOAD_URL);
    await form.waitForNoFieldError(form.imageUrl);

    await form.fill({ name: 'Uploaded Lamp', price: '12.50' });
    await form.createButton.click();
    const list = new ProductListPage(s.page);
    await list.waitForPath('/products', '');
    await list.waitForNames(['Uploaded Lamp']);
    await list.table.getByRole('link', { name: 'Uploaded Lamp', exact: true }).click();
    const detail = new ProductDetailPage(s.page);
    await detail.ready();
    const image = detail.image('Uploaded Lamp');
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(imageUrl);
    await detail.waitForImageLoaded(image);
    expect(await image.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight])).toEqual([64, 48]);
    s.assertClean();
  });

  it('shows the server’s refusal of a file that only pretends to be an image, and leaves Image URL alone', async () => {
    const s = b.session();
    await signedInUser(s, 'upload-refused');
    // The browser logs the 415 answer as a failed resource.
    s.allowConsoleError(/status of 415/);
    const form = new ProductFormPage(s.page);
    await form.gotoNew();

    await form.upload.input.setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: HTML });
    await form.upload.error.filter({ hasText: UploadMessages.unsupportedType }).waitFor();
    expect(await form.imageUrl.inputValue()).toBe('');
    expect(await form.upload.complete.count()).toBe(0);
    s.assertClean();
  });

  it('refuses a GIF before sending it, with the server’s message', async () => {
    const s = b.session();
    await signedInUser(s, 'upload-gif');
    const form = new ProductFormPage(s.page);
    await form.gotoNew();
    const requests: string[] = [];
    s.page.on('request', (request) => request.url().includes('/api/products/images') && requests.push(request.url()));

    await form.upload.input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await form.upload.error.filter({ hasText: UploadMessages.unsupportedType }).waitFor();
    expect(requests).toEqual([]);
    expect(await form.imageUrl.inputValue()).toBe('');
    s.assertClean();
  });
});
