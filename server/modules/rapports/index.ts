/** The bug reports module (docs/qa-traces.md, «2c. Send it to the team»): its routes and its kind of message. */
export { rapportsRoutes } from './routes';
export { rapportsNoticeMessage } from './noticeMessage';
