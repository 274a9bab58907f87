/*
 * TypeGraphQL's registerEnumType wants an object whose keys become the
 * GraphQL names and whose values are what resolvers see. The values are lists
 * in @stockroom/schema (the very ones the shared rules accept), so each object
 * is built from its list by a naming rule instead of being spelt out again.
 */

/** `['Member', 'Admin']` -> `{ Member: 'Member', Admin: 'Admin' }`: the GraphQL names are the values. */
export function enumNamedAsValues<const V extends string>(values: readonly V[]): { readonly [P in V]: P } {
  return Object.fromEntries(values.map((value) => [value, value])) as { readonly [P in V]: P };
}

/** `['asc', 'desc']` -> `{ ASC: 'asc', DESC: 'desc' }`: the GraphQL names are the values in capitals. */
export function enumNamedInCapitals<const V extends string>(values: readonly V[]): { readonly [P in V as Uppercase<P>]: P } {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), value])) as { readonly [P in V as Uppercase<P>]: P };
}
