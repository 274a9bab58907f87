import { placesInScope, scopeText, showsExpected, startingPlace } from './count-scope';

const place = (id: string, path: string, parentId: string | null = null, isDefault = false) => ({ id, path, parentId, isDefault });
// Children listed before their parents: the walk must not depend on the order.
const locations = [place('bin', 'Back room / Shelf / Bin', 'shelf'), place('shelf', 'Back room / Shelf', 'back'), place('back', 'Back room'), place('main', 'Main', null, true), place('van', 'Van')];

describe('placesInScope', () => {
  it('is the location and every one below it, by path', () => {
    expect(placesInScope(locations, 'back').map((l) => l.id)).toEqual(['back', 'shelf', 'bin']);
    expect(placesInScope(locations, 'shelf').map((l) => l.id)).toEqual(['shelf', 'bin']);
  });

  it('is every location when the count covers them all', () => {
    expect(placesInScope(locations, null).map((l) => l.id)).toEqual(['back', 'shelf', 'bin', 'main', 'van']);
  });
});

describe('startingPlace', () => {
  const places = placesInScope(locations, null);
  it('starts where the product has stock, else at the count’s location, else the default one', () => {
    expect(startingPlace(places, ['van'], 'back')?.id).toBe('van');
    expect(startingPlace(places, ['elsewhere'], 'shelf')?.id).toBe('shelf');
    expect(startingPlace(places, [], null)?.id).toBe('main');
    expect(startingPlace(placesInScope(locations, 'back'), [], null)?.id).toBe('back');
  });
});

describe('scopeText and showsExpected', () => {
  it('names what a count covers', () => {
    expect(scopeText({ locationId: 'back', locationPath: 'Back room', category: null })).toBe('Back room');
    expect(scopeText({ locationId: null, locationPath: null, category: 'Tools' })).toBe('category Tools');
    expect(scopeText({ locationId: 'gone', locationPath: null, category: 'Tools' })).toBe('A deleted location · category Tools');
    expect(scopeText({ locationId: null, locationPath: null, category: null })).toBe('Whole workspace');
  });

  it('hides the expected quantities from a counter in a blind count only', () => {
    expect([showsExpected({ blind: true }, false), showsExpected({ blind: true }, true), showsExpected({ blind: false }, false)]).toEqual([false, true, true]);
  });
});
