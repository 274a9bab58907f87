import { Router, type Request } from 'express';
import type { RequestContext } from '../account/context';
import { readBody } from '../rest/body';
import { locationService } from './location.service';

type ContextOf = (req: Request) => RequestContext;

const LOCATION_BODY = ['name', 'code', 'parentId'] as const;

/** REST adapter over locationService, mounted at /api/locations: the request's workspace's locations. */
export function locationRoutes(contextOf: ContextOf): Router {
  const router = Router();

  /** GET /api/locations (members): { locations: [{ id, name, code, parentId, path, isDefault }] } */
  router.get('/', async (req, res) => {
    res.json({ locations: await locationService.list(contextOf(req)) });
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
