import { promisify } from 'node:util';
import zlib from 'node:zlib';
import webpack, { type Compiler } from 'webpack';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What browsers download and gain from compression (source maps are for DevTools only). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;
/** Below this, the encoding headers cost about what compression saves. */
const THRESHOLD_BYTES = 1024;

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip -9) next to each compressible
 * asset, so that the server sends compressed bytes without compressing at each request
 * (`@fastify/static`'s `preCompressed`). Node's zlib does the work: compression-webpack-plugin
 * would be one more dependency for these few lines. index.html is left out: the server
 * rewrites it at start (run-time settings) and compresses it on the fly.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => COMPRESSIBLE.test(name));
          await Promise.all(
            names.map(async (name) => {
              const content = compilation.getAsset(name)!.source.buffer();
              if (content.length < THRESHOLD_BYTES) return;
              const [br, gz] = await Promise.all([
                brotli(content, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                  },
                }),
                gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(br), { compressed: true });
              compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gz), { compressed: true });
            }),
          );
        },
      );
    });
  }
}
