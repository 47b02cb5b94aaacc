/** mjml-browser ships no types: what the blocks' HTML uses of it (docs/templates.md, «Blocks»). */
declare module 'mjml-browser' {
  interface MjmlResult {
    html: string;
    errors: { line: number; message: string; tagName: string; formattedMessage: string }[];
  }
  export default function mjml2html(
    mjml: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; keepComments?: boolean; minify?: boolean },
  ): Promise<MjmlResult>;
}
