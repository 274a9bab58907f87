import { locationTree, parentChoices, selfAndDescendantIds } from './location-tree';

const at = (id: string, name: string, parentId: string | null = null) => ({ id, name, parentId });

const shelves = [
  at('b3', 'Shelf B3', 'aisle'),
  at('main', 'Main'),
  at('aisle', 'Aisle B', 'back'),
  at('back', 'Back room'),
  at('b1', 'shelf B1', 'aisle'),
  at('van', 'Van'),
];

describe('locationTree', () => {
  it('puts each parent above its sub-locations, siblings by name ignoring case, with their depth', () => {
    expect(locationTree(shelves).map(({ location, depth }) => `${depth}:${location.id}`)).toEqual(['0:back', '1:aisle', '2:b1', '2:b3', '0:main', '0:van']);
  });

  it('shows a location whose parent is missing at the top', () => {
    expect(locationTree([at('x', 'Orphan', 'gone'), at('a', 'A')]).map(({ location, depth }) => `${depth}:${location.id}`)).toEqual(['0:a', '0:x']);
  });

  it('shows each location of a loop once instead of looping', () => {
    const rows = locationTree([at('a', 'A', 'b'), at('b', 'B', 'a'), at('c', 'C', 'c')]);
    expect(rows.map(({ location }) => location.id).sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('where a location may move', () => {
  it('is never itself or one of its sub-locations', () => {
    expect([...selfAndDescendantIds(shelves, 'back')].sort()).toEqual(['aisle', 'b1', 'b3', 'back']);
    expect(parentChoices(shelves, 'aisle').map(({ location }) => location.id)).toEqual(['back', 'main', 'van']);
  });

  it('is anywhere for a new location', () => {
    expect(parentChoices(shelves)).toHaveLength(shelves.length);
  });
});
