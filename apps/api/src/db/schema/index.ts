export * from './audit';
export * from './collections';
export * from './exam';
export * from './files';
export * from './settings';
export * from './students';
export * from './users';
export * from './visiting';
