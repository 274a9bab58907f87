import fc from 'fast-check';

/**
 * What a hostile or careless client sends in place of a value: text that
 * breaks naive SQL, HTML or JSON handling, characters PostgreSQL or a UTF-16
 * length check mishandle, numbers past every column's range, and values of
 * the wrong JSON type.
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  "'; DROP TABLE products; --",
  "' OR '1'='1",
  '%',
  '_',
  '\\',
  '%%_\\%',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '2147483648',
  '9007199254740993',
  '0x10',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '\uFFFF',
  '\u202Egnp.exe',
  'Ω≈ç√∫',
  'ｔｅｓｔ',
  '👍🏽👨‍👩‍👧‍👦',
  '𝕳𝖊𝖑𝖑𝖔',
  'مرحبا بالعالم',
  '\u200B\u200B\u200B',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'not-an-email',
  'a@b',
  '@example.com',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1e-7,
  0.015,
  2.1100000000000003,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  9007199254740992,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** A long string: past every documented maxLength, with multi-unit characters so character and UTF-16 counts differ. */
export const longString = fc.oneof(
  fc.integer({ min: 101, max: 6000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 30, max: 600 }).map((n) => '😀'.repeat(n)),
  fc.integer({ min: 1, max: 2000 }).map((n) => 'é'.repeat(n) + '\u0301'.repeat(n)),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: longString },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Any JSON value of any type, including the hostile scalars and small nested containers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { $gt: '' }, ['a', 'b'], { toString: 'x' }, JSON.parse('{"__proto__": {"admin": true}}')) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Ids that are not ids: wrong shape, wrong case, injected, empty. */
export const malformedId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'abc', '1', '-1', '0', 'null', 'undefined', 'stats', '%00', '..', "1' OR '1'='1", '<b>', '😀', 'x'.repeat(300)),
  fc.uuid().map((id) => `${id}x`),
  fc.uuid().map((id) => id.slice(0, 35)),
  fc.uuid().map((id) => id.replace(/-/g, '')),
  fc.uuid().map((id) => `{${id}}`),
  fc.uuid().map((id) => ` ${id} `),
  fc.integer().map(String),
);

/** A string that is not a JSON document, sent as an application/json body. */
export const malformedJson = fc.constantFrom('{', '{"a":', "{'a': 1}", '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__": {"admin": true}}', '{"a":1,"a":2}', '1e99999');
