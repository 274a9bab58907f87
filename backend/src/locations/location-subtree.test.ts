import { subtreeOf } from './location.service';

it('subtreeOf finds a location and every one below it, however the tree is listed', () => {
  const at = (id: string, parentId: string | null) => ({ id, parentId });
  const tree = [at('bin', 'shelf'), at('shelf', 'room'), at('room', null), at('other', null)];
  expect([...subtreeOf(tree, 'room')].sort()).toEqual(['bin', 'room', 'shelf']);
  expect([...subtreeOf(tree, 'bin')]).toEqual(['bin']);
});
