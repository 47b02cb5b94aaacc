/** API tokens (issue 39): what other modules use. */
export { tokensRoutes } from './routes';
export { tokensMigrations } from './migrations';
