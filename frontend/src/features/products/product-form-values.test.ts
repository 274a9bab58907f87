import { draftFormValues, formValuesOf, toProductInput, toUpdateInput, validateProductForm } from './product-form-values';

describe('product form values', () => {
  it('a new product starts from the draft defaults', () => {
    expect(draftFormValues()).toEqual({
      name: '',
      description: 'Draft product - description pending',
      price: '0',
      category: 'Uncategorized',
      quantity: '0',
      imageUrl: '',
      featured: false,
    });
  });

  it('the draft as it stands needs a name and a price', () => {
    expect(validateProductForm(draftFormValues())).toEqual({
      name: 'Product name is required',
      price: 'Price must be at least 0.01',
    });
  });

  it('gives the catalogue messages for each rule', () => {
    const errors = validateProductForm({
      name: 'A',
      description: 'short',
      price: '12.345',
      category: 'x'.repeat(51),
      quantity: '100001',
      imageUrl: 'javascript:alert(1)',
      featured: false,
    });
    expect(errors).toEqual({
      name: 'Product name must be at least 2 characters',
      description: 'Description must be at least 10 characters',
      price: 'Price cannot have more than 2 decimal places',
      category: 'Category cannot exceed 50 characters',
      quantity: 'Quantity cannot exceed 100000',
      imageUrl: 'Image URL format is invalid',
    });
  });

  it('sends trimmed text, numbers and no image URL as null', () => {
    const input = toProductInput({ ...draftFormValues(), name: '  Lamp ', price: ' 19.99', quantity: '3 ', category: ' Home ' });
    expect(input).toEqual({
      name: 'Lamp',
      description: 'Draft product - description pending',
      price: 19.99,
      category: 'Home',
      quantity: 3,
      imageUrl: null,
      featured: false,
    });
  });

  it('takes an emptied field (final-form drops it) as empty', () => {
    const emptied = { ...draftFormValues(), name: 'Lamp', price: '5', imageUrl: undefined, featured: undefined } as unknown as Parameters<typeof toProductInput>[0];
    expect(toProductInput(emptied)).toMatchObject({ imageUrl: null, featured: false });
  });

  it('an update carries the loaded version; a loaded product fills the form', () => {
    const product = {
      id: 'p1',
      name: 'Lamp',
      description: 'A lamp for the desk',
      price: 19.99,
      category: 'Home',
      quantity: 3,
      imageUrl: 'https://img.example.com/lamp.png',
      featured: true,
      inStock: true,
      owner: 'u1',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      version: 4,
    };
    const values = formValuesOf(product);
    expect(values).toEqual({
      name: 'Lamp',
      description: 'A lamp for the desk',
      price: '19.99',
      category: 'Home',
      quantity: '3',
      imageUrl: 'https://img.example.com/lamp.png',
      featured: true,
    });
    expect(toUpdateInput(values, product.version)).toMatchObject({ version: 4, price: 19.99, imageUrl: 'https://img.example.com/lamp.png' });
  });
});
