import { copyField, copyRows } from './copy-text';

describe('COPY text', () => {
  it('writes NULL as \\N and an empty text as nothing', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('')).toBe('');
  });

  it('escapes the characters that would end or split a field, and leaves every other one as it is', () => {
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField(`Ünïcode "quoted", 'single'; =SUM(A1) <b>`)).toBe(`Ünïcode "quoted", 'single'; =SUM(A1) <b>`);
    expect(copyField(12.5)).toBe('12.5');
  });

  it('escapes every field of a row, not only the first that needs it', () => {
    expect(copyRows([['a\tb', 'plain', 'c\nd', 'e\\f'], [null, 1, 'x']])).toBe('a\\tb\tplain\tc\\nd\te\\\\f\n\\N\t1\tx\n');
  });
});
