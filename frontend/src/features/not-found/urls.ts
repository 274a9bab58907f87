export const notFoundPath = '/404';
