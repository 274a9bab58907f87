import fc from 'fast-check';
import { AuthMessages, StockMessages, ValidationMessages } from './messages';
import { ProductFields } from './product-fields';
import {
  EMAIL_MAX_LENGTH,
  INT32_MAX,
  hasValidCheckDigit,
  UserAdminFields,
  isHttpUrl,
  isImageUrl,
  isUuid,
  isStrongPassword,
  missingPasswordRequirements,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  Rules,
  SignInFields,
  SignUpFields,
  validateField,
  validateFields,
  validatePresentFields,
  validatePasswordConfirmation,
  withDraftDefaults,
  textRulePattern,
  toDecimals,
  validateSignUp,
  type TextRule,
  STOCK_ADJUSTMENT_REASONS,
  STOCK_MOVEMENT_REASONS,
  StockCountFields,
  defaultAdjustmentReason,
  validateStockAdjustment,
} from './validation';

describe('validation message templates', () => {
  it('fill in the field and the number', () => {
    expect(ValidationMessages.required('First name')).toBe('First name is required');
    expect(ValidationMessages.invalidFormat('Email')).toBe('Email format is invalid');
    expect(ValidationMessages.minLength('Product name', 2)).toBe('Product name must be at least 2 characters');
    expect(ValidationMessages.maxLength('Description', 1000)).toBe('Description cannot exceed 1000 characters');
    expect(ValidationMessages.invalidEmail).toBe('Please provide a valid email address');
    expect(ValidationMessages.passwordsDoNotMatch).toBe('Passwords do not match');
  });
});

describe('password policy', () => {
  it.each([
    ['Str0ng!Passw0rd', true],
    ['Aa1!aaaa', true],
    ['Aa1!aaa', false],
    ['aa1!aaaa', false],
    ['AA1!AAAA', false],
    ['Aaa!aaaa', false],
    ['Aa1aaaaa', false],
  ])('%s -> %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
    expect(missingPasswordRequirements(password).length === 0).toBe(strong);
  });

  it('gives the catalogue message for a weak password and the max-length message past 128', () => {
    expect(validateField(Rules.password, 'weak')).toBe(`${AuthMessages.weakPassword}: it needs at least 8 characters, an upper-case letter, a number and a special character`);
    expect(validateField(Rules.password, 'Str0ngPassw0rd')).toBe('Password does not meet security requirements: it needs a special character');
    expect(validateField(Rules.password, 'strong!password')).toBe('Password does not meet security requirements: it needs an upper-case letter and a number');
    expect(validateField(Rules.newPassword, 'Aa1!aaa')).toBe('Password does not meet security requirements: it needs at least 8 characters');
    expect(validateField(Rules.password, '')).toBe('Password is required');
    expect(validateField(Rules.password, 'Aa1!' + 'a'.repeat(PASSWORD_MAX_LENGTH - 4))).toBeUndefined();
    expect(validateField(Rules.password, 'Aa1!' + 'a'.repeat(PASSWORD_MAX_LENGTH - 3))).toBe('Password cannot exceed 128 characters');
  });

  it('checks only presence and length on sign-in, so the policy is not revealed', () => {
    expect(validateFields(SignInFields, { email: 'a@b.co', password: 'weak' })).toEqual({});
    expect(validateFields(SignInFields, { email: 'a@b.co', password: '' })).toEqual({ password: 'Password is required' });
  });

  it('confirmation must match', () => {
    expect(validatePasswordConfirmation('Aa1!aaaa', 'Aa1!aaaa')).toBeUndefined();
    expect(validatePasswordConfirmation('Aa1!aaaa', 'Aa1!aaab')).toBe('Passwords do not match');
    expect(validatePasswordConfirmation('Aa1!aaaa', '')).toBe('Password confirmation is required');
  });
});

describe('email rule', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.co.uk', "o'brien@example.ie"])('accepts %s', (email) => {
    expect(validateField(Rules.email, email)).toBeUndefined();
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com'])('refuses %s', (email) => {
    expect(validateField(Rules.email, email)).toBe('Please provide a valid email address');
  });

  it('allows 254 characters and no more', () => {
    const at254 = 'a'.repeat(EMAIL_MAX_LENGTH - 12) + '@example.com';
    expect(validateField(Rules.email, at254)).toBeUndefined();
    expect(validateField(Rules.email, 'a' + at254)).toBe('Email cannot exceed 254 characters');
  });

  it('counts the lower-cased address it is stored as, which can be longer than what was typed', () => {
    const typed = '\u0130'.repeat(240) + '@example.com';
    expect([...typed]).toHaveLength(252);
    expect(validateField(Rules.email, typed)).toBe('Email cannot exceed 254 characters');
    expect(validateField(Rules.email, '\u0130'.repeat(121) + '@example.com')).toBeUndefined();
  });
});

describe('validateField on any input type', () => {
  it.each([
    [null, 'First name is required'],
    [undefined, 'First name is required'],
    ['   ', 'First name is required'],
    [42, 'First name format is invalid'],
    [['Ada'], 'First name format is invalid'],
    [{ name: 'Ada' }, 'First name format is invalid'],
    [true, 'First name format is invalid'],
    ['x'.repeat(51), 'First name cannot exceed 50 characters'],
    ['Ada\u0000', 'First name format is invalid'],
    ['  Ada  ', undefined],
  ])('%j -> %s', (value, message) => {
    expect(validateField(Rules.firstName, value)).toBe(message);
  });

  it('checks numbers with their own templates', () => {
    expect(validateField(Rules.price, 'abc')).toBe('Price must be a number');
    expect(validateField(Rules.price, 0)).toBe('Price must be at least 0.01');
    expect(validateField(Rules.price, 1_000_000)).toBe('Price cannot exceed 999999.99');
    expect(validateField(Rules.price, 1.234)).toBe('Price cannot have more than 2 decimal places');
    expect(validateField(Rules.quantity, 1.5)).toBe('Quantity must be a whole number');
    expect(validateField(Rules.quantity, 100_001)).toBe('Quantity cannot exceed 100000');
    expect(validateField(Rules.quantity, Number.NaN)).toBe('Quantity must be a number');
    expect(validateField(Rules.quantity, Infinity)).toBe('Quantity must be a number');
    expect(validateField(Rules.quantity, 0)).toBeUndefined();
  });

  it('allows only absolute http(s) image URLs', () => {
    expect(isHttpUrl('https://img.example.com/a.png')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isHttpUrl('/relative.png')).toBe(false);
    expect(validateField(Rules.imageUrl, '')).toBeUndefined();
    expect(validateField(Rules.imageUrl, 'javascript:alert(1)')).toBe('Image URL format is invalid');
  });

  it("also allows the app's own uploads, by their generated names only", () => {
    const upload = '/uploads/0b6f3c1e-4d2a-4f7b-9c1d-2e3f4a5b6c7d.png';
    expect(isImageUrl(upload)).toBe(true);
    expect(validateField(Rules.imageUrl, upload)).toBeUndefined();
    expect(isImageUrl('/uploads/../etc/passwd')).toBe(false);
    expect(isImageUrl('/uploads/0b6f3c1e-4d2a-4f7b-9c1d-2e3f4a5b6c7d.svg')).toBe(false);
    expect(isImageUrl('/uploads/my-photo.png')).toBe(false);
    expect(validateField(Rules.imageUrl, '/relative.png')).toBe('Image URL format is invalid');
  });
});

describe('validatePresentFields', () => {
  it('checks only the fields a partial update carries', () => {
    expect(validatePresentFields(SignUpFields, { lastName: 'x'.repeat(60) })).toEqual({ lastName: 'Last name cannot exceed 50 characters' });
    expect(validatePresentFields(SignUpFields, {})).toEqual({});
    expect(validatePresentFields(SignUpFields, { firstName: '' })).toEqual({ firstName: 'First name is required' });
  });
});

describe('validateFields', () => {
  it('returns every failing field, keyed by input name, in declaration order', () => {
    const errors = validateFields(SignUpFields, { firstName: '', lastName: 'x'.repeat(60), email: 'nope', password: 'weak' });
    expect(errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name cannot exceed 50 characters',
      email: 'Please provide a valid email address',
      password: 'Password does not meet security requirements: it needs at least 8 characters, an upper-case letter, a number and a special character',
    });
    expect(Object.keys(errors)).toEqual(['firstName', 'lastName', 'email', 'password']);
  });

  it('returns {} for a valid sign-up', () => {
    expect(validateFields(SignUpFields, { firstName: 'Zoë', lastName: '李', email: 'zoe@example.com', password: 'Str0ng!Passw0rd' })).toEqual({});
  });

  it('counts characters, not UTF-16 code units', () => {
    expect(validateField(Rules.firstName, '😀'.repeat(50))).toBeUndefined();
    expect(validateField(Rules.firstName, '😀'.repeat(51))).toBe('First name cannot exceed 50 characters');
  });
});

describe('withDraftDefaults', () => {
  const DRAFT = { description: 'Draft product - description pending', category: 'Uncategorized', quantity: 0 };

  it('fills a draft field left out or blank, as an untouched form field sends it', () => {
    expect(withDraftDefaults({ name: 'Lamp', price: 5 })).toEqual({ name: 'Lamp', price: 5, ...DRAFT });
    expect(withDraftDefaults({ name: 'Lamp', price: 5, description: '', category: '   ', quantity: '' })).toEqual({ name: 'Lamp', price: 5, ...DRAFT });
    expect(validateFields(ProductFields, withDraftDefaults({ name: 'Lamp', price: 5, description: ' ', category: '' }))).toEqual({});
  });

  it('keeps what was given, null included (refused by the rules), and never fills the name or the price', () => {
    const given = { name: '', price: '', description: 'A lamp for the desk', category: 'Home', quantity: 3 };
    expect(withDraftDefaults(given)).toEqual(given);
    expect(withDraftDefaults({ description: null, category: null, quantity: null })).toEqual({ description: null, category: null, quantity: null });
  });
});

describe('isUuid', () => {
  it('accepts a UUID in either case and nothing else', () => {
    expect(isUuid('517d030b-296a-47f6-833c-c6fd94695f70')).toBe(true);
    expect(isUuid('517D030B-296A-47F6-833C-C6FD94695F70')).toBe(true);
    for (const value of ['', 'abc', '517d030b-296a-47f6-833c-c6fd94695f7', '517d030b296a47f6833cc6fd94695f70', ' 517d030b-296a-47f6-833c-c6fd94695f70', 42, null, undefined]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});

describe('boolean and choice rules', () => {
  it('takes only true or false for a boolean; absent is fine, null and blank text are not', () => {
    expect(validateField(Rules.featured, true)).toBeUndefined();
    expect(validateField(Rules.featured, false)).toBeUndefined();
    expect(validateField(Rules.featured, undefined)).toBeUndefined();
    expect(validateField(Rules.featured, null)).toBe('Featured cannot be null');
    for (const value of ['', 'yes', 'true', 1, 0]) expect(validateField(Rules.featured, value)).toBe('Featured format is invalid');
  });

  it('takes only the listed options for a choice; blank means the default', () => {
    expect(validateField(Rules.sortBy, 'price')).toBeUndefined();
    expect(validateField(Rules.sortBy, '  ')).toBeUndefined();
    expect(validateField(Rules.sortBy, 'PRICE')).toBe('Sort by format is invalid');
    expect(validateField(Rules.sortOrder, 'sideways')).toBe('Sort order format is invalid');
    expect(validateField(Rules.sortOrder, ['asc'])).toBe('Sort order format is invalid');
  });
});

describe('null is never "absent"', () => {
  it('is a missing value for a required field', () => {
    expect(validateField(Rules.productName, null)).toBe('Product name is required');
    expect(validateField(Rules.price, null)).toBe('Price is required');
    expect(validateField(Rules.quantity, null)).toBe('Quantity is required');
    expect(validateField(Rules.stockDelta, null)).toBe('Quantity change is required');
  });

  it('is refused for an optional field whose rule gives null no meaning', () => {
    expect(validateField(Rules.role, null)).toBe('Role cannot be null');
    expect(validateField(Rules.status, null)).toBe('Status cannot be null');
    expect(validateField(Rules.version, null)).toBe('Version cannot be null');
    expect(validateField(Rules.page, null)).toBe('Page cannot be null');
    expect(validateField(Rules.limit, null)).toBe('Limit cannot be null');
    expect(validateField(Rules.search, null)).toBe('Search cannot be null');
    expect(validateField(Rules.sortBy, null)).toBe('Sort by cannot be null');
    expect(validateField(Rules.inStockFilter, null)).toBe('In stock cannot be null');
  });

  it('is "no image" for the image URL, "the default" for a stock reason, "no note" for a movement note, "none" for a SKU, barcode or reorder level: the only nullable fields', () => {
    expect(validateField(Rules.imageUrl, null)).toBeUndefined();
    expect(validateField(Rules.stockReason, null)).toBeUndefined();
    expect(validateField(Rules.movementNote, null)).toBeUndefined();
    expect(validateField(Rules.sku, null)).toBeUndefined();
    expect(validateField(Rules.barcode, null)).toBeUndefined();
    expect(Object.entries(Rules).filter(([, rule]) => 'nullable' in rule && rule.nullable).map(([name]) => name)).toEqual(['sku', 'barcode', 'imageUrl', 'reorderLevel', 'stockReason', 'movementNote']);
  });

  it('is checked by a partial update like any other value it carries', () => {
    expect(validatePresentFields(UserAdminFields, { role: null, status: null })).toEqual({ role: 'Role cannot be null', status: 'Status cannot be null' });
    expect(validatePresentFields(ProductFields, { name: null, featured: null, imageUrl: null })).toEqual({
      name: 'Product name is required',
      featured: 'Featured cannot be null',
    });
  });
});

describe('whole numbers stay within a 32-bit integer', () => {
  it('takes a version from 1 to the largest PostgreSQL integer', () => {
    expect(INT32_MAX).toBe(2 ** 31 - 1);
    expect(validateField(Rules.version, 1)).toBeUndefined();
    expect(validateField(Rules.version, INT32_MAX)).toBeUndefined();
    expect(validateField(Rules.version, INT32_MAX + 1)).toBe('Version cannot exceed 2147483647');
    expect(validateField(Rules.version, 1e20)).toBe('Version cannot exceed 2147483647');
    expect(validateField(Rules.version, 0)).toBe('Version must be at least 1');
    expect(validateField(Rules.version, 1.5)).toBe('Version must be a whole number');
    expect(validateField(Rules.version, 'abc')).toBe('Version must be a number');
  });

  it('bounds every whole-number rule within it, so no integer column or GraphQL Int can overflow', () => {
    const integers = Object.entries(Rules).filter(([, rule]) => rule.kind === 'number' && rule.integer);
    expect(integers.map(([name]) => name).sort()).toEqual(['limit', 'page', 'quantity', 'reorderLevel', 'stockDelta', 'version']);
    for (const [, rule] of integers) {
      if (rule.kind !== 'number') continue;
      expect(rule.max).toBeLessThanOrEqual(INT32_MAX);
      expect(rule.min).toBeGreaterThanOrEqual(-INT32_MAX);
      expect(validateField(rule, 2 ** 31)).toBe(`${rule.label} cannot exceed ${rule.max}`);
      expect(validateField(rule, String(2 ** 31))).toBe(`${rule.label} cannot exceed ${rule.max}`);
      expect(validateField(rule, -(2 ** 31) - 1)).toBe(`${rule.label} must be at least ${rule.min}`);
    }
  });
});

describe('prices from JavaScript clients: binary-float noise is the cent it stands for', () => {
  it.each([
    [2.1100000000000003, 2.11],
    [0.1 + 0.2, 0.3],
    [2.11, 2.11],
    [19.990000000000002, 19.99],
    [2.1100001, 2.11],
  ])('%p is %p', (value, cents) => {
    expect(toDecimals(value, 2)).toBe(cents);
    expect(validateField(Rules.price, value)).toBeUndefined();
  });

  it.each([2.115, 2.11001, 0.005, 1.234])('%p has more than 2 decimal places', (value) => {
    expect(toDecimals(value, 2)).toBeUndefined();
    expect(validateField(Rules.price, value)).toBe('Price cannot have more than 2 decimal places');
  });

  it('checks the limits on the number as sent', () => {
    expect(toDecimals(0.009999999999, 2)).toBe(0.01);
    expect(validateField(Rules.price, 0.009999999999)).toBe('Price must be at least 0.01');
    expect(validateField(Rules.price, 999999.9900000001)).toBe('Price cannot exceed 999999.99');
    expect(validateField(Rules.price, 999999.991)).toBe('Price cannot have more than 2 decimal places');
    expect(validateField(Rules.price, 1e-7)).toBe('Price must be at least 0.01');
    expect(validateField(Rules.price, '2.1100000000000003')).toBeUndefined();
  });
});

describe('the sign-up a client sends: confirmPassword is optional and must match', () => {
  const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Str0ng!Passw0rd' };
  it('accepts it absent, null or equal, and refuses anything else', () => {
    expect(validateSignUp(form)).toEqual({});
    expect(validateSignUp({ ...form, confirmPassword: null })).toEqual({});
    expect(validateSignUp({ ...form, confirmPassword: form.password })).toEqual({});
    for (const confirmPassword of ['', 'Str0ng!Passw0rD', 42]) {
      expect(validateSignUp({ ...form, confirmPassword })).toEqual({ confirmPassword: 'Passwords do not match' });
    }
  });
});

/**
 * The document states each text rule as one `pattern` (textRulePattern);
 * these hold it to the check itself over generated values (fixed seed), the
 * way a JSON Schema validator reads it (ECMA-262 with the u flag).
 */
describe('text rule patterns agree with the checks', () => {
  const patternOf = (rule: TextRule) => new RegExp(textRulePattern(rule), 'u');
  const settings = { seed: 20261123, numRuns: 3000 };
  const pieces = ['a', 'Z', '7', '!', ' ', '\t', '\n', '@', '.', '/', ':', '\u0000', 'é', '😀', 'http://', 'https://', 'HTTP://', '/uploads/', 'x.io'];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''));
  const upload = fc.uuid({ version: 4 }).chain((id) => fc.constantFrom(`/uploads/${id}.png`, `/uploads/${id}.jpg`, `/uploads/${id}.gif`, ` /uploads/${id}.webp `));

  it('email: the pattern accepts exactly what the rule accepts (within its length)', () => {
    fc.assert(
      fc.property(text, (value) => {
        const valid = validateField(Rules.email, value) === undefined;
        const blank = value.trim() === '';
        expect(blank ? false : patternOf(Rules.email).test(value)).toBe(valid);
      }),
      settings,
    );
  });

  it('password: pattern and length accept exactly what the policy accepts', () => {
    fc.assert(
      fc.property(text, (value) => {
        const valid = validateField(Rules.password, value) === undefined;
        const length = [...value].length;
        expect(patternOf(Rules.password).test(value) && length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH).toBe(valid);
      }),
      settings,
    );
  });

  it('a required text rule: the pattern refuses exactly the blank and NUL values the rule refuses', () => {
    fc.assert(
      fc.property(text, (value) => {
        const message = validateField(Rules.firstName, value);
        const refusedByShape = message === 'First name is required' || message === 'First name format is invalid';
        expect(patternOf(Rules.firstName).test(value)).toBe(!refusedByShape);
      }),
      settings,
    );
  });

  it('image URL: whatever the rule accepts the pattern accepts, and it refuses every scheme but http(s)', () => {
    fc.assert(
      fc.property(fc.oneof(text, upload, fc.webUrl()), (value) => {
        if (validateField(Rules.imageUrl, value) === undefined) expect(patternOf(Rules.imageUrl).test(value)).toBe(true);
        else if (value.trim() !== '' && [...value.trim()].length <= Rules.imageUrl.max) {
          // A value refused for its shape only gets past the pattern when it is no URL at all (the check also parses it).
          if (patternOf(Rules.imageUrl).test(value)) expect(() => new URL(value.trim())).toThrow();
        }
      }),
      settings,
    );
    for (const value of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.io/a.png', '/uploads/../etc/passwd', '//x.io/a.png']) {
      expect(patternOf(Rules.imageUrl).test(value)).toBe(false);
      expect(validateField(Rules.imageUrl, value)).toBe('Image URL format is invalid');
    }
  });
});

describe('a stock adjustment', () => {
  const reasons = `Reason must be one of ${STOCK_ADJUSTMENT_REASONS.join(', ')}`;

  it('takes a change without a reason, defaulting to SALE for a sale and RECEIPT for a delivery', () => {
    expect(validateStockAdjustment({ delta: -3 })).toEqual({});
    expect(validateStockAdjustment({ delta: 4, reason: null, note: null })).toEqual({});
    expect(defaultAdjustmentReason(-3)).toBe('SALE');
    expect(defaultAdjustmentReason(4)).toBe('RECEIPT');
  });

  it('lets a sale or damage only take stock away and a receipt or return only add it; a correction goes either way', () => {
    expect(validateStockAdjustment({ delta: -1, reason: 'SALE' })).toEqual({});
    expect(validateStockAdjustment({ delta: -1, reason: 'DAMAGE' })).toEqual({});
    expect(validateStockAdjustment({ delta: 1, reason: 'RECEIPT' })).toEqual({});
    expect(validateStockAdjustment({ delta: 1, reason: 'RETURN' })).toEqual({});
    expect(validateStockAdjustment({ delta: -1, reason: 'CORRECTION' })).toEqual({});
    expect(validateStockAdjustment({ delta: 1, reason: 'CORRECTION' })).toEqual({});
    expect(validateStockAdjustment({ delta: 1, reason: 'SALE' })).toEqual({ delta: StockMessages.mustTakeStock });
    expect(validateStockAdjustment({ delta: 2, reason: 'DAMAGE' })).toEqual({ delta: StockMessages.mustTakeStock });
    expect(validateStockAdjustment({ delta: -1, reason: 'RECEIPT' })).toEqual({ delta: StockMessages.mustAddStock });
    expect(validateStockAdjustment({ delta: -2, reason: 'RETURN' })).toEqual({ delta: StockMessages.mustAddStock });
  });

  it('refuses a zero change, and a reason the app writes itself or does not know, naming the reasons it may be', () => {
    expect(validateStockAdjustment({ delta: 0, reason: 'SALE' })).toEqual({ delta: 'Quantity change cannot be zero' });
    for (const reason of [...STOCK_MOVEMENT_REASONS.filter((r) => !(STOCK_ADJUSTMENT_REASONS as readonly string[]).includes(r)), 'sale', 'THEFT', 7]) {
      expect(validateStockAdjustment({ delta: -1, reason })).toEqual({ reason: reasons });
    }
    expect(reasons).toBe('Reason must be one of SALE, RECEIPT, RETURN, DAMAGE, CORRECTION');
  });

  it('holds a note to 200 characters as a person counts them', () => {
    expect(validateStockAdjustment({ delta: 1, note: '🙂'.repeat(200) })).toEqual({});
    expect(validateStockAdjustment({ delta: 1, note: '🙂'.repeat(201) })).toEqual({ note: 'Note cannot exceed 200 characters' });
    expect(validateFields(StockCountFields, { quantity: 0, note: 'x'.repeat(201) })).toEqual({ note: 'Note cannot exceed 200 characters' });
  });
});

describe('hasValidCheckDigit and the barcode rule', () => {
  it.each(['96385074', '036000291452', '4006381333931', '10012345678902', '00000000'])('accepts %s', (barcode) => {
    expect(hasValidCheckDigit(barcode)).toBe(true);
    expect(validateField(Rules.barcode, barcode)).toBeUndefined();
  });

  it.each(['96385075', '036000291453', '4006381333932', '10012345678903'])('refuses %s: its last digit is not the check digit', (barcode) => {
    expect(hasValidCheckDigit(barcode)).toBe(false);
    expect(validateField(Rules.barcode, barcode)).toBe('Barcode check digit is invalid');
  });

  it('names the shape before the check digit, and takes blank or null as none', () => {
    expect(validateField(Rules.barcode, '1234567')).toBe('Barcode must be 8, 12, 13 or 14 digits');
    expect(validateField(Rules.barcode, '4006381333931 ')).toBeUndefined();
    expect(validateField(Rules.barcode, '')).toBeUndefined();
    expect(validateField(Rules.barcode, null)).toBeUndefined();
  });

  it('holds a SKU to letters, digits and - _ . /', () => {
    expect(validateField(Rules.sku, 'AB-12_x.y/z')).toBeUndefined();
    expect(validateField(Rules.sku, 'AB 12')).toBe('SKU may contain only letters, digits and - _ . /');
    expect(validateField(Rules.sku, 'Ä-1')).toBe('SKU may contain only letters, digits and - _ . /');
  });
});
