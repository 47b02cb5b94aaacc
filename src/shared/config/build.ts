/** Build flags set by webpack's DefinePlugin (see webpack.config.ts). */
export const isQaBuild = String(process.env.QA_BUILD) === 'true';
export const isDevelopment = process.env.NODE_ENV !== 'production';

/** package.json's version and the git commit the build was made from ("unknown" outside a build). */
export const buildVersion = {
  version: process.env.APP_VERSION || 'unknown',
  commit: process.env.APP_COMMIT || 'unknown',
};
