import { baseApi, mergePatch, toPage, type HydraCollection } from '../../shared/api';
import { hydraParams, type TablePage, type TableQuery } from '../../shared/ui/tableQuery';
import type { Role, User } from './types';

const LIST = { type: 'User' as const, id: 'LIST' };

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUsersPage: build.query<TablePage<User>, TableQuery>({
      query: (query) => ({ url: '/users', params: hydraParams(query) }),
      transformResponse: (collection: HydraCollection<User>) => toPage(collection),
      providesTags: [LIST],
    }),
    inviteUser: build.mutation<User, { email: string; roles: Role[] }>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    changeRoles: build.mutation<User, { id: number; roles: Role[] }>({
      query: ({ id, roles }) => mergePatch(`/users/${id}`, { roles }),
      invalidatesTags: [LIST],
    }),
    deactivateUser: build.mutation<void, number>({
      query: (id) => ({ url: `/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    transferUser: build.mutation<{ moved: Record<string, number> }, { id: number; to: number }>({
      query: ({ id, to }) => ({ url: `/users/${id}/transfert`, method: 'POST', body: { to } }),
    }),
    // The invitation's page: the link's token and the chosen password; answers a session's token.
    acceptInvitation: build.mutation<{ token: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/invitation', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetUsersPageQuery,
  useInviteUserMutation,
  useChangeRolesMutation,
  useDeactivateUserMutation,
  useTransferUserMutation,
  useAcceptInvitationMutation,
} = usersApi;
