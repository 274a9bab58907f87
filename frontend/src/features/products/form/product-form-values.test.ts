import { draftFormValues, DRAFT_PLACEHOLDERS, formValuesOf, productFieldValidators, toProductInput, toUpdateInput, validateProductForm } from './product-form-values';

describe('product form values', () => {
  it('a new product starts empty, the draft defaults shown as placeholders', () => {
    expect(draftFormValues()).toEqual({ name: '', description: '', price: '', costPrice: '', category: '', quantity: '', imageUrl: '', featured: false, sku: '', barcode: '', reorderLevel: '' });
    expect(DRAFT_PLACEHOLDERS).toEqual({ description: 'Draft product - description pending', category: 'Uncategorized', quantity: '0', price: '0.00' });
  });

  it('the empty draft needs only a name and a price', () => {
    expect(validateProductForm(draftFormValues(), 'create')).toEqual({
      name: 'Product name is required',
      price: 'Price is required',
    });
  });

  it('an empty draft field is valid on a create and still required on an edit', () => {
    const create = productFieldValidators('create');
    const edit = productFieldValidators('edit');
    for (const value of ['', '   ', undefined]) {
      expect([create.description(value), create.category(value), create.quantity(value)]).toEqual([undefined, undefined, undefined]);
      expect([edit.description(value), edit.category(value), edit.quantity(value)]).toEqual(['Description is required', 'Category is required', 'Quantity is required']);
    }
    expect(create.description('short')).toBe('Description must be at least 10 characters');
    expect(create.quantity('2.5')).toBe('Quantity must be a whole number');
    expect(create.price('')).toBe('Price is required');
  });

  it('reads money as the importer reads it: a decimal comma, thousands, a currency, and nothing ambiguous', () => {
    const { price, costPrice } = productFieldValidators('create');
    const sent = (typed: string) => toProductInput({ ...draftFormValues(), name: 'Lamp', price: typed }).price;
    expect(sent('12,50')).toBe(12.5);
    expect(sent(' 0,5 ')).toBe(0.5);
    expect(sent(',99')).toBe(0.99);
    expect(sent('1.234,50')).toBe(1234.5);
    expect(sent('1,234.50')).toBe(1234.5);
    expect(sent('€4,99')).toBe(4.99);
    expect(sent('$12.50')).toBe(12.5);
    for (const typed of ['12,50', '1.234,50', '€4,99', '$12.50', '1,234.50']) expect([typed, price(typed), costPrice(typed)]).toEqual([typed, undefined, undefined]);
    const ambiguous = 'Price is ambiguous: a comma before three digits may separate thousands or decimals. Write 1234 or 1234.00 for a thousand, 1.23 for a decimal';
    expect(price('1,234')).toBe(ambiguous);
    expect(price('12,345')).toBe(ambiguous);
    expect(costPrice('1,234')).toBe(ambiguous.replace('Price', 'Cost price'));
    expect(validateProductForm({ ...draftFormValues(), name: 'Lamp', price: '1,234' }, 'create')).toEqual({ price: ambiguous });
    for (const typed of ['1e3', '1,2,3', '12,', 'abc', '0x10', 'Infinity']) expect([typed, price(typed)]).toEqual([typed, 'Price must be a number']);
    expect(costPrice('1e3')).toBe('Cost price must be a number');
    expect(price('12,345 6')).toBe('Price must be a number');
    expect(price('12,3456')).toBe('Price cannot have more than 2 decimal places');
  });

  it('a create sends the draft values for the draft fields left empty', () => {
    expect(toProductInput({ ...draftFormValues(), name: 'Lamp', price: '3', category: '  ' })).toEqual({
      name: 'Lamp',
      description: 'Draft product - description pending',
      price: 3,
      category: 'Uncategorized',
      quantity: 0,
      imageUrl: null,
      featured: false,
      sku: null,
      barcode: null,
      reorderLevel: null,
      costPrice: null,
    });
  });

  it('gives the catalogue messages for each rule', () => {
    const errors = validateProductForm(
      {
      name: 'A',
      description: 'short',
      price: '12.345',
      costPrice: '',
      category: 'x'.repeat(51),
      quantity: '100001',
      imageUrl: 'javascript:alert(1)',
      sku: 'has space',
      barcode: '12345678',
      reorderLevel: '1.5',
      featured: false,
      },
      'edit',
    );
    expect(errors).toEqual({
      name: 'Product name must be at least 2 characters',
      description: 'Description must be at least 10 characters',
      price: 'Price cannot have more than 2 decimal places',
      category: 'Category cannot exceed 50 characters',
      quantity: 'Quantity cannot exceed 100000',
      imageUrl: 'Image URL format is invalid',
      sku: 'SKU may contain only letters, digits and - _ . /',
      barcode: 'Barcode check digit is invalid',
      reorderLevel: 'Reorder level must be a whole number',
    });
  });

  it('sends trimmed text, numbers, and no image URL, SKU or barcode as null', () => {
    const input = toProductInput({ ...draftFormValues(), name: '  Lamp ', price: ' 19.99', quantity: '3 ', category: ' Home ', description: ' A lamp for the desk ', sku: '   ' });
    expect(input).toEqual({
      name: 'Lamp',
      description: 'A lamp for the desk',
      price: 19.99,
      category: 'Home',
      quantity: 3,
      imageUrl: null,
      featured: false,
      sku: null,
      barcode: null,
      reorderLevel: null,
      costPrice: null,
    });
    expect(toProductInput({ ...draftFormValues(), name: 'Lamp', price: '3', sku: ' LMP-1 ', barcode: '4006381333931' })).toMatchObject({ sku: 'LMP-1', barcode: '4006381333931' });
  });

  it('reads the cost price as money: optional, a decimal comma, two decimals at most, none as null', () => {
    const { costPrice } = productFieldValidators('create');
    expect(costPrice('')).toBeUndefined();
    expect(costPrice('7,25')).toBeUndefined();
    expect(costPrice('7.255')).toBe('Cost price cannot have more than 2 decimal places');
    expect(costPrice('-1')).toBe('Cost price must be at least 0.01');
    expect(costPrice('abc')).toBe('Cost price must be a number');
    expect(toProductInput({ ...draftFormValues(), name: 'Lamp', price: '12', costPrice: '7,25' }).costPrice).toBe(7.25);
    expect(toProductInput({ ...draftFormValues(), name: 'Lamp', price: '12', costPrice: ' ' }).costPrice).toBeNull();
    expect(validateProductForm({ ...draftFormValues(), name: 'Lamp', price: '12', costPrice: '1000000' }, 'create')).toEqual({ costPrice: 'Cost price cannot exceed 999999.99' });
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
      price: 14.5,
      costPrice: 9.2,
      category: 'Home',
      quantity: 3,
      imageUrl: 'https://img.example.com/lamp.png',
      sku: 'LMP-1',
      barcode: null,
      reorderLevel: 2,
      lowStock: false,
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
      price: '14.50',
      costPrice: '9.20',
      category: 'Home',
      quantity: '3',
      imageUrl: 'https://img.example.com/lamp.png',
      featured: true,
      sku: 'LMP-1',
      barcode: '',
      reorderLevel: '2',
    });
    expect(toUpdateInput(values, product.version)).toMatchObject({ version: 4, price: 14.5, costPrice: 9.2, imageUrl: 'https://img.example.com/lamp.png', sku: 'LMP-1', barcode: null, reorderLevel: 2 });
  });
});
