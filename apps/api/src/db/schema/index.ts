export * from './exam';
export * from './files';
export * from './settings';
export * from './users';
export * from './visiting';
