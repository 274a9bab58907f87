import { locationListPath, locationPath } from '../../lib/urls';

export { locationListPath, locationPath };

/** The router's pattern for one location; links use `locationPath`, which encodes the id. */
export const locationRoute = `${locationListPath}/:id`;
