import { createAction } from '@reduxjs/toolkit';

/** The server refused the stored session (401/403): every slice with per-user state resets. */
export const sessionExpired = createAction('auth/sessionExpired');
