import { BlueprintIcons_16 } from '@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16';
import { pascalCase, snakeCase } from 'change-case';

/**
 * Blueprint's `IconNames` and `IconNamesSet` (the module `@blueprintjs/icons/lib/esm/iconNames`),
 * built the first time they are read instead of as the scripts are evaluated. Blueprint builds
 * them at once, converting each of its 600-odd icon names twice: a fifth of the time every page's
 * scripts take to evaluate, for two objects the client never reads, since it draws icons as
 * components (BoxIcon, ...). vite.config.ts points Blueprint's own imports of that module here;
 * lazy-icon-names.test.ts checks that both read the same as Blueprint's.
 */
let names: Record<string, string> | undefined;

function iconNames(): Record<string, string> {
  if (!names) {
    const current: Record<string, string> = {};
    const legacy: Record<string, string> = {};
    for (const name of Object.values(BlueprintIcons_16) as string[]) {
      current[pascalCase(name)] = name;
      legacy[snakeCase(name).toUpperCase()] = name;
    }
    names = { ...current, ...legacy };
  }
  return names;
}

let nameSet: Set<string> | undefined;
const iconNameSet = () => (nameSet ??= new Set(Object.values(iconNames())));

export const IconNames: Record<string, string> = new Proxy({} as Record<string, string>, {
  get: (_target, key) => iconNames()[key as string],
  has: (_target, key) => key in iconNames(),
  ownKeys: () => Reflect.ownKeys(iconNames()),
  getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(iconNames(), key),
});

/** Only what Blueprint asks of it (`has`), and iteration. */
export const IconNamesSet: Pick<Set<string>, 'has' | 'forEach' | 'values' | 'size'> & Iterable<string> = {
  has: (name) => iconNameSet().has(name),
  forEach: (...args) => iconNameSet().forEach(...args),
  values: () => iconNameSet().values(),
  get size() {
    return iconNameSet().size;
  },
  [Symbol.iterator]: () => iconNameSet()[Symbol.iterator](),
};
