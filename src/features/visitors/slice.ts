import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { visitorForgotten, type VisitorState, type VisitorToken } from '../../shared/session';

const initialState: VisitorState = { tokens: [], userEmail: null };

/** What identifies a visitor: their sign-up tokens and e-mail, kept in the browser. */
export const visitorSlice = createSlice({
  name: 'visitor',
  initialState,
  reducers: {
    /** Sign-up succeeded: keep the token with its e-mail (one per e-mail) and remember the e-mail. */
    signedUp: (state, action: PayloadAction<VisitorToken>) => {
      state.tokens = [...state.tokens.filter((t) => t.email !== action.payload.email), action.payload];
      state.userEmail = action.payload.email;
    },
    emailSaved: (state, action: PayloadAction<string>) => {
      state.userEmail = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(visitorForgotten, () => initialState),
});

export const { signedUp, emailSaved } = visitorSlice.actions;
