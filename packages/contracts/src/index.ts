export * from './accounts.ts';
export * from './constants.ts';
export * from './errors.ts';
