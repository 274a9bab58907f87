import { serverChanges, shownValue } from './product-conflict';
import { draftFormValues, type ProductFormValues } from './product-form-values';

const base: ProductFormValues = { ...draftFormValues(), name: 'Desk Lamp', description: 'A lamp for the desk', price: '12.00', category: 'Home', quantity: '10' };

describe('what a stale update meets on the server', () => {
  it('a field only the server changed is taken; one both changed apart is a collision; a sale alone is taken, never a collision', () => {
    const theirs = { ...base, name: 'Reading Lamp', price: '15.00', quantity: '9' };
    const mine = { ...base, name: 'Brass Desk Lamp', description: 'A brass lamp with a linen shade' };
    const { taken, collisions } = serverChanges(base, theirs, mine);
    expect(collisions).toEqual([{ name: 'name', label: 'Product name', theirs: 'Reading Lamp', mine: 'Brass Desk Lamp' }]);
    expect(taken.map((change) => [change.name, change.theirs])).toEqual([
      ['price', '15.00'],
      ['quantity', '9'],
    ]);
  });

  it('the same change on both sides is no collision, whatever its spelling', () => {
    const { taken, collisions } = serverChanges(base, { ...base, price: '12.50' }, { ...base, price: '12,5' });
    expect(collisions).toEqual([]);
    expect(taken.map((change) => change.name)).toEqual(['price']);
  });

  it('shows a checkbox as Yes or No and an empty input as (none)', () => {
    expect([shownValue(true), shownValue(false), shownValue(''), shownValue('  '), shownValue('LMP-1')]).toEqual(['Yes', 'No', '(none)', '(none)', 'LMP-1']);
  });
});
