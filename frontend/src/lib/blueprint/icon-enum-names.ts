/**
 * Build time only (vite.config.ts runs it on Blueprint's ES module
 * `@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16.js`).
 *
 * That module's enum of Blueprint's 706 icons (`BlueprintIcons_16`) names each icon twice, once in
 * PascalCase, and the bundle builds it as the scripts are evaluated. Its one reader in the client,
 * lazy-icon-names.ts, takes only its values (`Object.values`) and derives the other spellings when
 * first asked. So the bundle gets the names alone, as one string split into an array: 8 KB of
 * script instead of 18 (3 KB gzipped instead of 6, on every page's first load). The module's other
 * exports are left as they are.
 *
 * Returns undefined when the module no longer writes its enum the way this expects.
 */
export function iconEnumAsNames(code: string): string | undefined {
  const iconEnum = code.match(/^export var BlueprintIcons_16;\n\(function \(BlueprintIcons_16\) \{\n([^]*?)\n\}\)\(BlueprintIcons_16 \|\| \(BlueprintIcons_16 = \{\}\)\);$/m);
  if (!iconEnum) return undefined;
  const names = iconEnum[1].split('\n').map((entry) => entry.match(/^\s*BlueprintIcons_16\["\w+"\] = "([\w-]+)";$/)?.[1]);
  if (names.includes(undefined)) return undefined;
  return code.replace(iconEnum[0], () => `export const BlueprintIcons_16 = ${JSON.stringify(names.join(' '))}.split(' ');`);
}
