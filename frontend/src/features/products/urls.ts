import { productListPath, productNewPath, productPath } from '../../lib/urls';

export { productListPath, productNewPath, productPath };

export const productEditPath = (id: string) => `${productPath(id)}/edit`;

/** The trash: deleted products, restorable for 30 days. A fixed path, matched before `productRoute`. */
export const productTrashPath = `${productListPath}/trash`;

/** The router's patterns for one product; links use the functions above, which encode the id. */
export const productRoute = `${productListPath}/:id`;
export const productEditRoute = `${productRoute}/edit`;
