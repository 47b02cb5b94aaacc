export { visitorSlice, signedUp, emailSaved } from './slice';
export { selectVisitorToken } from './selectors';
export { useVisitorListe, useVisitorProfile, useGetVisitorVideosQuery } from './api';
export type { VisitorVideo, VisitorProfile, FollowedChaine } from './api';
// The space's parts (groups, digest, feed, views) and the panel's (later, hidden, watched) are
// imported from their files by the lazily loaded pages that use them: the public page's first
// JavaScript stays within its budget.
export { SignupPopin } from './components/SignupPopin';
export { EmailPopin } from './components/EmailPopin';
export { SubscribeDialog } from './components/SubscribeDialog';
export { MyListPanel } from './components/MyListPanel';
export { FollowButton } from './components/FollowButton';
