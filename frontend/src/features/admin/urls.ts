export const adminPath = '/admin';
