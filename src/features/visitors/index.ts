export { visitorSlice, signedUp, emailSaved } from './slice';
export { selectVisitorToken } from './selectors';
export { useVisitorListe } from './api';
export { SignupPopin } from './components/SignupPopin';
export { EmailPopin } from './components/EmailPopin';
export { SubscribeDialog } from './components/SubscribeDialog';
export { MyListPanel } from './components/MyListPanel';
export { FollowButton } from './components/FollowButton';
