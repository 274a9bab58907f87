export * from './messages';
export * from './validation';
export * from './constants';
export * from './errors';
export * from './bulk';
export * from './trash';
export * from './import';
export * from './api-tokens';
