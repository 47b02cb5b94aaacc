export { visitorSlice, signedUp, emailSaved } from './slice';
export { selectVisitorToken } from './selectors';
export { useVisitorListe } from './api';
export { SignupPopin } from './components/SignupPopin';
export { MyListPanel } from './components/MyListPanel';
export { FollowButton } from './components/FollowButton';
