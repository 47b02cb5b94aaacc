/** The recipients module: what other modules use. */
export { recipientResource } from './resource';
