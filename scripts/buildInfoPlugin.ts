import webpack, { type Compiler } from 'webpack';

/**
 * Writes `build-info.json` ({version, commit}) beside the bundles: the server reads it to know
 * which build it serves, and maps a report's stacks only when the report comes from that build
 * (docs/qa-traces.md, «Readable stacks»). The server does not serve it, nor the source maps.
 */
export class BuildInfoPlugin {
  private readonly info: { version: string; commit: string };

  constructor(info: { version: string; commit: string }) {
    this.info = info;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('build-info.json', new webpack.sources.RawSource(`${JSON.stringify(this.info)}\n`));
      });
    });
  }
}
