import * as blueprint from '@blueprintjs/icons/lib/cjs/iconNames';
import { IconNames, IconNamesSet } from './lazy-icon-names';

describe("Blueprint's icon names, built when first read", () => {
  it('read the same as the objects Blueprint builds at once', () => {
    expect({ ...IconNames }).toEqual({ ...blueprint.IconNames });
    expect(Object.keys(IconNames)).toEqual(Object.keys(blueprint.IconNames));
    expect(Object.values(IconNames)).toEqual(Object.values(blueprint.IconNames));
    expect(IconNames.ADD).toBe('add');
    expect(IconNames.ArrowBottomLeft).toBe('arrow-bottom-left');
    expect('CROSS' in IconNames).toBe(true);
    expect(IconNames.NOT_AN_ICON).toBeUndefined();
  });

  it('the set answers as Blueprint’s does', () => {
    expect([...IconNamesSet]).toEqual([...blueprint.IconNamesSet]);
    expect(IconNamesSet.size).toBe(blueprint.IconNamesSet.size);
    for (const name of ['add', 'cross', 'box', 'not-an-icon', 'ADD']) expect(IconNamesSet.has(name)).toBe((blueprint.IconNamesSet as Set<string>).has(name));
  });
});
