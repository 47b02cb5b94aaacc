import { baseApi } from '../../shared/api';

export interface Credentials {
  email: string;
  password: string;
  /** Two-factor sign-in: a TOTP code or a recovery code, once the server asked for it. */
  code?: string;
}


/** `POST /api/me/password`: the caller's other sessions end. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** `POST /api/password/reset`: the link's token and the new password. */
export interface PasswordReset {
  token: string;
  password: string;
}

export interface UserInfo {
  id: number;
  email: string;
  roles: string[];
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loginCheck: build.mutation<{ token: string; recoveryCodes?: string[] }, Credentials>({
      query: (body) => ({ url: '/login_check', method: 'POST', body }),
    }),
    // The token is named here: the local logout forgets it before the request leaves.
    logout: build.mutation<void, { token: string }>({
      query: ({ token }) => ({ url: '/logout', method: 'POST', headers: { authorization: `Bearer ${token}` } }),
    }),
    changePassword: build.mutation<void, PasswordChange>({
      query: (body) => ({ url: '/me/password', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/password/forgot', method: 'POST', body }),
    }),
    resetPassword: build.mutation<void, PasswordReset>({
      query: (body) => ({ url: '/password/reset', method: 'POST', body }),
    }),
    getUser: build.query<UserInfo, number>({
      query: (id) => `/users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const {
  useLoginCheckMutation,
  useGetUserQuery,
  useLogoutMutation,
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
