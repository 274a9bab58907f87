/** The fields the tree needs of a location. */
export interface TreeLocation {
  id: string;
  name: string;
  parentId?: string | null;
}

export interface LocationTreeRow<L extends TreeLocation> {
  location: L;
  /** 0 at the top; each level inside adds one (the row's indentation). */
  depth: number;
}

const byName = (a: TreeLocation, b: TreeLocation) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/**
 * The locations as the tree reads, top to bottom: each parent directly above its
 * sub-locations, siblings by name. A location whose parent is not in the list
 * (deleted meanwhile) stands at the top rather than vanish, and a loop in stale
 * data ends where it would repeat a location.
 */
export function locationTree<L extends TreeLocation>(locations: readonly L[]): LocationTreeRow<L>[] {
  const ids = new Set(locations.map((location) => location.id));
  const children = new Map<string | null, L[]>();
  for (const location of locations) {
    const parent = location.parentId && ids.has(location.parentId) && location.parentId !== location.id ? location.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), location]);
  }
  const rows: LocationTreeRow<L>[] = [];
  const placed = new Set<string>();
  const visit = (parentId: string | null, depth: number) => {
    for (const location of [...(children.get(parentId) ?? [])].sort(byName)) {
      if (placed.has(location.id)) continue;
      placed.add(location.id);
      rows.push({ location, depth });
      visit(location.id, depth + 1);
    }
  };
  visit(null, 0);
  // Locations only reachable through a loop are shown at the top, each once.
  for (const location of [...locations].sort(byName)) {
    if (placed.has(location.id)) continue;
    placed.add(location.id);
    rows.push({ location, depth: 0 });
    visit(location.id, 1);
  }
  return rows;
}

/** A location and every location below it: the places it may not be moved inside. */
export function selfAndDescendantIds(locations: readonly TreeLocation[], id: string): Set<string> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const location of locations) {
      if (location.parentId && found.has(location.parentId) && !found.has(location.id)) {
        found.add(location.id);
        grew = true;
      }
    }
  }
  return found;
}

/** Where a location may go, in tree order: anywhere but inside itself (none given: a new location, anywhere). */
export function parentChoices<L extends TreeLocation>(locations: readonly L[], movingId?: string): LocationTreeRow<L>[] {
  const excluded = movingId ? selfAndDescendantIds(locations, movingId) : new Set<string>();
  return locationTree(locations).filter((row) => !excluded.has(row.location.id));
}
