export { DEMO_ADMIN, DEMO_OPERATOR } from '../../src/testing/demoUsers';
