import { stockCountListPath } from '../../lib/urls';

export { stockCountListPath };

/** One count's page. */
export const stockCountPath = (id: string) => `${stockCountListPath}/${encodeURIComponent(id)}`;

/** The router's pattern for one count; links use `stockCountPath`, which encodes the id. */
export const stockCountRoute = `${stockCountListPath}/:id`;
