import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired, type AuthState, type SessionUser } from '../../shared/session';

const initialState: AuthState = { user: null, accessToken: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn: (_state, action: PayloadAction<SessionUser>) => ({
      user: action.payload,
      accessToken: action.payload.token,
    }),
    loggedOut: () => initialState,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, () => initialState);
  },
});

export const { loggedIn, loggedOut } = authSlice.actions;
