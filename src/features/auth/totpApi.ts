import { baseApi } from '../../shared/api';

/** A new TOTP secret: its text, its `otpauth://` URI and its QR code (an SVG data URL). */
export interface TotpSetup {
  secret: string;
  uri: string;
  qr: string;
}

/**
 * « Mon compte » › Double authentification: its own endpoints, injected when its dialog loads,
 * so that they stay out of the public page's first JavaScript.
 */
export const totpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startTotp: build.mutation<TotpSetup, void>({
      query: () => ({ url: '/me/totp', method: 'POST', body: {} }),
    }),
    confirmTotp: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: '/me/totp/confirm', method: 'POST', body }),
    }),
  }),
});

export const { useStartTotpMutation, useConfirmTotpMutation } = totpApi;
