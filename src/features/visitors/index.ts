export { visitorSlice, signedUp, emailSaved } from './slice';
export { selectVisitorToken } from './selectors';
export { visitorsApi, useVisitorListe, signupEvent } from './api';
export { SignupForm } from './components/SignupForm';
export { SignupPopin } from './components/SignupPopin';
export { MyListPanel } from './components/MyListPanel';
export { FollowButton } from './components/FollowButton';
