export * from './exam';
export * from './settings';
export * from './users';
