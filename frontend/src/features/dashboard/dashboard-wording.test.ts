import { activityTitleOf, greetingFor, reorderLineOf, reorderSummaryOf } from './dashboard-wording';

/** A local date-time, so calendar-day rules do not depend on the machine's time zone. */
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const now = at(2026, 11, 23, 14, 30);
const signIns = (count: number, since: Date) => ({ kind: 'SIGNED_IN', title: `Signed in ${count} times`, count, since: since.toISOString() });

describe('greetingFor', () => {
  it('welcomes a first visit and welcomes back a returning user', () => {
    expect(greetingFor('Ann', false)).toBe('Welcome, Ann.');
    expect(greetingFor('Ann', true)).toBe('Welcome back, Ann.');
  });

  it('says the plain welcome while it is not known yet', () => {
    expect(greetingFor('Ann', undefined)).toBe('Welcome, Ann.');
  });
});

describe('activityTitleOf', () => {
  it('says "today" for sign-ins that all happened today, in the browser’s day', () => {
    expect(activityTitleOf(signIns(3, at(2026, 11, 23, 0, 5)), now)).toBe('Signed in 3 times today');
    expect(activityTitleOf(signIns(2, at(2026, 11, 23, 14, 29)), now)).toBe('Signed in 2 times today');
  });

  it('says since when for a run that started on an earlier day', () => {
    expect(activityTitleOf(signIns(4, at(2026, 11, 22, 23, 59)), now)).toBe('Signed in 4 times since yesterday');
    expect(activityTitleOf(signIns(12, at(2026, 11, 20, 9)), now)).toBe('Signed in 12 times since Nov 20, 2026');
  });

  it('keeps the server’s title for a single sign-in and for every other kind', () => {
    expect(activityTitleOf({ kind: 'SIGNED_IN', title: 'Signed in', count: 1, since: now.toISOString() }, now)).toBe('Signed in');
    expect(activityTitleOf({ kind: 'PRODUCT_CREATED', title: 'Product created', count: 1, since: now.toISOString() }, now)).toBe('Product created');
  });

  it('keeps the server’s title when the date cannot be read', () => {
    expect(activityTitleOf({ kind: 'SIGNED_IN', title: 'Signed in 3 times', count: 3, since: 'not a date' }, now)).toBe('Signed in 3 times');
  });
});

describe('Needs reordering wording', () => {
  it('says how many are left against the level, and out of stock at 0', () => {
    expect(reorderLineOf({ quantity: 2, reorderLevel: 5 })).toBe('2 left, reorder level 5');
    expect(reorderLineOf({ quantity: 0, reorderLevel: 12000 })).toBe('Out of stock, reorder level 12,000');
    expect(reorderLineOf({ quantity: 3, reorderLevel: null })).toBe('3 left');
  });

  it('says how many of how many a full panel lists', () => {
    expect(reorderSummaryOf(10, 1234)).toBe('The 10 most urgent of 1,234 products to reorder');
  });
});
