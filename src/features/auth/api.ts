import { baseApi } from '../../shared/api';

export interface Credentials {
  email: string;
  password: string;
}

export interface UserInfo {
  id: number;
  email: string;
  roles: string[];
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loginCheck: build.mutation<{ token: string }, Credentials>({
      query: (body) => ({ url: '/login_check', method: 'POST', body }),
    }),
    getUser: build.query<UserInfo, number>({
      query: (id) => `/users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useLoginCheckMutation, useGetUserQuery } = authApi;
