export * from './types';
export * from './events';
export * from './selectors';
