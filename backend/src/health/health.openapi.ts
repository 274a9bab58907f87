import { jsonResponse, publicAccess, string } from '../rest/openapi-helpers';

const tags = ['Health'];
const readiness = {
  type: 'object',
  required: ['status', 'database', 'storage', 'draining', 'jobs'],
  properties: {
    status: { type: 'string', enum: ['ready', 'unavailable'] },
    database: { type: 'string', enum: ['up', 'down'] },
    storage: { type: 'string', enum: ['up', 'down'] },
    storageProblem: {
      type: 'string',
      description:
        'Why uploads cannot be stored (a missing bucket, refused credentials, an unreachable store). Only with `Authorization: Bearer <METRICS_TOKEN>` (it names the uploads directory or the S3 endpoint and bucket); the log has it either way',
    },
    draining: { type: 'boolean' },
    jobs: { type: 'string', enum: ['running', 'stopped', 'off'], description: 'Background job workers: "off" on an instance started with WORKER=0' },
  },
};

/** The health endpoints: the first API's status, and the probes for orchestrators and load balancers. */
export const healthOpenApiPaths = {
  '/api/users/health/status': {
    get: {
      operationId: 'getHealth',
      tags,
      summary: 'Readiness: 200 when the database answers, 503 otherwise',
      security: publicAccess,
      responses: {
        200: jsonResponse('Ready', { type: 'object', properties: { status: string, database: string, version: string, uptimeSeconds: { type: 'integer' } } }),
        503: jsonResponse('Database unavailable', { type: 'object' }),
      },
    },
  },
  '/api/health/live': {
    get: {
      operationId: 'getLiveness',
      tags,
      summary: 'Liveness: 200 while the process answers at all',
      security: publicAccess,
      responses: { 200: jsonResponse('Alive', { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } }) },
    },
  },
  '/api/health/ready': {
    get: {
      operationId: 'getReadiness',
      tags,
      summary: 'Readiness for new requests: 200 while the database answers, uploads can be stored, the instance is not shutting down and its job workers run (or are off: WORKER=0); 503 with Retry-After otherwise',
      description:
        'Public, and says which part is down. Why the storage is down (`storageProblem`) is answered only to a request with `Authorization: Bearer <METRICS_TOKEN>` on an instance that has METRICS_TOKEN set; the log says it either way.',
      security: publicAccess,
      responses: {
        200: jsonResponse('Ready', readiness),
        503: jsonResponse('Not ready: the database does not answer, the upload store cannot be used, the instance is draining for a shutdown, or its job workers have stopped', readiness),
      },
    },
  },
};
