import { createAction } from '@reduxjs/toolkit';

/** The server refused the stored session (401/403): every slice with per-user state resets. */
export const sessionExpired = createAction('auth/sessionExpired');

/** The visitor asked this browser to forget them: their tokens, e-mail and notes go. */
export const visitorForgotten = createAction('visitor/forgotten');
