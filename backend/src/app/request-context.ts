import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { AppServices, RequestContext } from '../account/context';

/** Both transports build their context here: a fresh EntityManager per request, never the global one. */
export function createRequestContext(services: AppServices, orm: MikroORM, req: Request): RequestContext {
  const header = req.headers.authorization;
  const bearerToken = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return { ...services, em: orm.em.fork(), clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown', bearerToken };
}
