import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BlueprintIcons_16 } from '@blueprintjs/icons/lib/cjs/generated/16px/blueprint-icons-16';
import { iconEnumAsNames } from './icon-enum-names';

// Read from disk: jest maps Blueprint's ES module paths to its CommonJS build.
const iconsPackage = dirname(require.resolve('@blueprintjs/icons/package.json'));
const esmModule = readFileSync(join(iconsPackage, 'lib/esm/generated/16px/blueprint-icons-16.js'), 'utf8');

describe("Blueprint's icon enum, as the bundle gets it", () => {
  it('is every icon name, in the enum’s order, and nothing else of the module changes', () => {
    const rewritten = iconEnumAsNames(esmModule);
    expect(rewritten).toBeDefined();
    const names = rewritten!.match(/^export const BlueprintIcons_16 = ("[^"]*")\.split\(' '\);$/m);
    expect(names).not.toBeNull();
    expect((JSON.parse(names![1]) as string).split(' ')).toEqual(Object.values(BlueprintIcons_16));
    expect(Object.values(BlueprintIcons_16)).toHaveLength(706);
    expect(rewritten).not.toContain('BlueprintIcons_16["');
    const rest = (code: string) => code.slice(code.indexOf('export const BLUEPRINT_ICONS_16_CODEPOINTS'));
    expect(rest(rewritten!)).toBe(rest(esmModule));
    expect(rewritten!.length).toBeLessThan(esmModule.length - 20_000);
  });

  it('leaves a module it does not recognize alone', () => {
    expect(iconEnumAsNames('export const BlueprintIcons_16 = {};')).toBeUndefined();
    expect(iconEnumAsNames(esmModule.replace('BlueprintIcons_16["Add"] = "add";', 'BlueprintIcons_16.Add = "add";'))).toBeUndefined();
  });
});
