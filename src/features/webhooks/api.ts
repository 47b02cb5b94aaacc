import { baseApi, members, mergePatch, type HydraCollection } from '../../shared/api';
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookEvent } from './types';

export const webhooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWebhooks: build.query<Webhook[], void>({
      query: () => '/webhooks',
      transformResponse: (collection: HydraCollection<Webhook>) => members(collection),
      providesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    addWebhook: build.mutation<CreatedWebhook, { url: string; events: WebhookEvent[] }>({
      query: (body) => ({ url: '/webhooks', method: 'POST', body }),
      invalidatesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    setWebhookActive: build.mutation<Webhook, { id: number; active: boolean }>({
      query: ({ id, active }) => mergePatch(`/webhooks/${id}`, { active }),
      invalidatesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    removeWebhook: build.mutation<void, number>({
      query: (id) => ({ url: `/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Webhook', id: 'LIST' }],
    }),
    getWebhookDeliveries: build.query<WebhookDelivery[], number>({
      query: (id) => `/webhooks/${id}/deliveries`,
      transformResponse: (collection: HydraCollection<WebhookDelivery>) => members(collection),
      providesTags: (_result, _error, id) => [{ type: 'Webhook', id: `deliveries-${id}` }],
    }),
    resendWebhookDelivery: build.mutation<void, { webhook: number; delivery: number }>({
      query: ({ webhook, delivery }) => ({ url: `/webhooks/${webhook}/deliveries/${delivery}/resend`, method: 'POST', body: {} }),
      invalidatesTags: (_result, _error, { webhook }) => [{ type: 'Webhook', id: `deliveries-${webhook}` }],
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useAddWebhookMutation,
  useSetWebhookActiveMutation,
  useRemoveWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
} = webhooksApi;
