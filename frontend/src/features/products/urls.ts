import { productListPath, productNewPath, productPath } from '../../lib/urls';

export { productListPath, productNewPath, productPath };

export const productEditPath = (id: string) => `${productPath(id)}/edit`;

/** The router's patterns for one product; links use the functions above, which encode the id. */
export const productRoute = `${productListPath}/:id`;
export const productEditRoute = `${productRoute}/edit`;
