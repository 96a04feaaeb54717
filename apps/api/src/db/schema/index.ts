export * from './settings';
export * from './users';
