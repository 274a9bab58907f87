import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { locationService, NO_FIGURES, type LocationFigures } from './location.service';

type ContextOf = (req: Request) => RequestContext;

/** What each location of the request's workspace holds: the stock module answers it, and the app hands it in here. */
export type FiguresOf = (ctx: RequestContext) => Promise<Map<string, LocationFigures>>;

const LOCATION_BODY = ['name', 'code', 'parentId'] as const;

/** REST adapter over locationService, mounted at /api/locations: the request's workspace's locations. */
export function locationRoutes(contextOf: ContextOf, figuresOf: FiguresOf): Router {
  const router = Router();

  /** GET /api/locations (members): { locations: [{ id, name, code, parentId, path, isDefault, itemCount, stockValue }] } */
  router.get('/', async (req, res) => {
    const ctx = contextOf(req);
    const [locations, figures] = await Promise.all([locationService.list(ctx), figuresOf(ctx)]);
    res.json({ locations: locations.map((location) => ({ ...location, ...(figures.get(location.id) ?? NO_FIGURES) })) });
  });

  /** POST /api/locations { name, code?, parentId? } (editors and above): 201 { location } */
  router.post('/', async (req, res) => {
    res.status(201).json({ location: await locationService.create(contextOf(req), readBody(req, LOCATION_BODY)) });
  });

  /** GET /api/locations/{id} (members): { location } */
  router.get('/:id', async (req, res) => {
    res.json({ location: await locationService.get(contextOf(req), req.params.id) });
  });

  /** PUT /api/locations/{id} { name?, code?, parentId? } (editors and above): { location } */
  router.put('/:id', async (req, res) => {
    res.json({ location: await locationService.update(contextOf(req), req.params.id, readBody(req, LOCATION_BODY)) });
  });

  /** DELETE /api/locations/{id} (editors and above; none holding stock, never the default): { id } */
  router.delete('/:id', async (req, res) => {
    res.json({ id: await locationService.remove(contextOf(req), req.params.id) });
  });

  return router;
}
