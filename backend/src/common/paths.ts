import { resolve, sep } from 'node:path';

/** backend/, whether this runs from backend/src (jest) or backend/dist/src (the build). */
export const backendRoot = __dirname.includes(`${sep}dist${sep}`) ? resolve(__dirname, '../../..') : resolve(__dirname, '../..');
