export { authSlice, loggedIn, loggedOut } from './slice';
export { authApi, useGetUserQuery } from './api';
export { sessionUserFromToken } from './token';
export { LoginForm } from './components/LoginForm';
export { LoginPopin } from './components/LoginPopin';
export { LogoutButton } from './components/LogoutButton';
export { RequireSession } from './components/RequireSession';
export { useLogout } from './useLogout';
export { ChangePasswordDialog } from './components/ChangePasswordDialog';
