import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';

/** Depth of a selection set, following fragment spreads (each fragment once per path, so cycles end). */
function depthOf(set: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, path: Set<string>): number {
  if (!set) return 0;
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, path));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, path));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || path.has(name)) continue;
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, new Set(path).add(name)));
    }
  }
  return deepest;
}

/**
 * A depth limit over the whole document, introspection included. graphql-armor's
 * depth limit (tighter) skips introspection so the playground can load the
 * schema; this one still stops a hand-made, endlessly nested `__schema` query.
 */
export function documentDepthLimit(limit: number): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, fragments, new Set());
        if (depth > limit) context.reportError(new GraphQLError(`Query depth limit of ${limit} exceeded, found ${depth}.`, { nodes: [operation] }));
      },
    };
  };
}
