/** Build flags set by webpack's DefinePlugin (see webpack.config.ts). */
export const isQaBuild = String(process.env.QA_BUILD) === 'true';
export const isDevelopment = process.env.NODE_ENV !== 'production';
