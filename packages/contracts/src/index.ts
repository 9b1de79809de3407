export * from './accounts.ts';
export * from './catalog.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './payments.ts';
export * from './quiz.ts';
export * from './site.ts';
