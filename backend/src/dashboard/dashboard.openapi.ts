import { bearer, errorResponse, integer, jsonResponse, number, ref, string } from '../rest/openapi-helpers';

export const dashboardOpenApiSchemas = {
  Dashboard: {
    type: 'object',
    properties: {
      overview: {
        type: 'object',
        properties: {
          user: ref('User'),
          totalProducts: integer,
          inStock: integer,
          outOfStock: integer,
          lowStock: { ...integer, description: 'In stock at or under their reorder level' },
          inventoryValue: number,
          needsReordering: { ...integer, description: 'At or under their reorder level, out of stock included: how many the needsReordering list stands for' },
          returning: { type: 'boolean', description: 'True once the user has signed in since creating the account; false on the first visit' },
        },
      },
      recentActivity: {
        type: 'array',
        description: 'The newest 10 items, newest first; sign-ins in a row, with nothing else between them, are one item',
        items: {
          type: 'object',
          properties: {
            id: string,
            kind: string,
            title: string,
            description: string,
            icon: string,
            timestamp: { ...string, format: 'date-time', description: 'When the newest entry of the item happened' },
            productId: { type: ['string', 'null'] },
            count: { ...integer, description: 'How many entries the item stands for: more than 1 only for sign-ins in a row ("Signed in 3 times")' },
            since: { ...string, format: 'date-time', description: 'When the oldest entry of the item happened' },
          },
        },
      },
      features: {
        type: 'array',
        items: { type: 'object', properties: { title: string, description: string, icon: string, actionText: string, actionLink: string, actionColor: string } },
      },
      needsReordering: {
        type: 'array',
        description: 'At most 10 products at or under their reorder level: out of stock first, then the furthest below it, then by name',
        items: ref('Product'),
      },
      inventory: {
        type: 'object',
        properties: {
          byCategory: { type: 'array', items: { type: 'object', properties: { category: string, products: integer, inStock: integer, value: number } } },
          inStock: integer,
          outOfStock: integer,
        },
      },
    },
  },
};

export const dashboardOpenApiPaths = {
  '/api/dashboard': {
    get: {
      operationId: 'getDashboard',
      tags: ['Dashboard'],
      summary: "The signed-in user's dashboard: overview, recent activity, features and the inventory charts (same as GraphQL dashboard)",
      security: bearer,
      responses: { 200: jsonResponse('The dashboard', ref('Dashboard')), 401: errorResponse('Missing, invalid, expired or revoked token') },
    },
  },
};
