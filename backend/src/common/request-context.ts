import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { AppServices, RequestContext } from './context';

/**
 * Both transports build their context here: a fresh EntityManager per request, never the global one.
 * It is forked when first used, because a fork (identity map, unit of work) costs node CPU that the
 * plain-SQL reads and single-statement writes never need.
 */
export function createRequestContext(services: AppServices, orm: MikroORM, req: Request): RequestContext {
  const header = req.headers.authorization;
  const bearerToken = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  let em: EntityManager | undefined;
  return {
    ...services,
    get em() {
      em ??= orm.em.fork();
      return em;
    },
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    bearerToken,
  };
}
