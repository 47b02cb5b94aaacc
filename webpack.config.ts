import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import 'webpack-dev-server';
import { PrecompressPlugin } from './scripts/precompressPlugin';
import { buildInfo } from './scripts/buildInfo';
import { BuildInfoPlugin } from './scripts/buildInfoPlugin';

/** The SPA build. `npm run dev:web` serves it with the API proxied to `npm start`'s server. */
export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  const { version, commit } = buildInfo(__dirname);
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? '[name].[contenthash:12].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
      publicPath: '/',
      clean: true,
    },
    // Production: the maps are written beside the bundles without the comment that points
    // browsers at them; the server never serves them and maps a report's stacks itself, for
    // admins (docs/qa-traces.md, «Readable stacks»).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports only its development build (warnings and all); the
      // production build it ships beside it is the same code without them.
      alias: production ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') } : {},
    },
    module: {
      rules: [
        // The features' and shared folders' index files only re-export: marking them free of side
        // effects lets webpack leave out what a chunk does not use (a dialog loaded on demand).
        { test: /[\\/]src[\\/].+[\\/]index\.ts$/, sideEffects: false },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2020',
              },
            },
          },
        },
      ],
    },
    plugins: [
      // No minify: the server replaces the <!--app-config--> comment with the run-time settings.
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg', minify: false }),
      new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }] }),
      new webpack.DefinePlugin({
        // Redux DevTools and the trace recorder are on in development and in QA builds only.
        'process.env.QA_BUILD': JSON.stringify(process.env.QA_BUILD === '1'),
        'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? ''),
        // Traces and bug reports say which build recorded them.
        'process.env.APP_VERSION': JSON.stringify(version),
        'process.env.APP_COMMIT': JSON.stringify(commit),
      }),
      ...(production ? [new PrecompressPlugin(), new BuildInfoPlugin({ version, commit })] : []),
    ],
    optimization: {
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      splitChunks: { chunks: 'all' },
    },
    performance: { hints: false },
    devServer: {
      historyApiFallback: true,
      port: 3000,
      proxy: [{ context: ['/api'], target: 'http://127.0.0.1:8080' }],
    },
  };
};
