import { useWorkspace } from '../../../lib/workspace';
import { productPath } from '../urls';

/** A product's path naming the chosen workspace, so a link copied or shared opens it there for any member. */
export function useProductPath(): (id: string) => string {
  const { current } = useWorkspace();
  return (id) => productPath(id, current?.id);
}
