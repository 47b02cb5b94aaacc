export { visitorSlice, signedUp, emailSaved } from './slice';
