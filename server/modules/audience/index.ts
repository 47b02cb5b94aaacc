/** The audience console: what other modules use. */
export { audienceRoutes } from './routes';
