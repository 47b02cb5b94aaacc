import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap, type TreeAdapter } from 'parse5';

type Document = DefaultTreeAdapterMap['document'];
type Element = DefaultTreeAdapterMap['element'];

/** Thrown from the tree builder's stack: no element is built deeper than the limit. */
class TooDeep extends Error {
  constructor(readonly offset: number) {
    super('too deep');
  }
}

/**
 * Parses a document as a browser does (parse5, with source positions), or answers where its
 * elements first nest deeper than `limit`. The depth is the tree builder's own stack of open
 * elements, counted as it pushes and pops (elements whose end tag is optional nest there as
 * the parser decides, `<rb>` in `<rb>`, `<dd>` in `<li>`), and the parse stops at the first
 * element past the limit: the builder's checks walk that stack, so a deeper document would
 * cost it the square of its depth.
 */
export function parseWithin(source: string, limit: number): { document: Document } | { tooDeepAt: number } {
  let depth = 0;
  let lastOffset = 0;
  const treeAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    onItemPush(element: Element) {
      depth += 1;
      // An element the parser implies has no position: the last one written stands for it.
      const offset = element.sourceCodeLocation?.startOffset ?? lastOffset;
      lastOffset = offset;
      if (depth > limit) throw new TooDeep(offset);
    },
    onItemPop() {
      depth -= 1;
    },
  };
  try {
    return { document: parse(source, { sourceCodeLocationInfo: true, treeAdapter }) };
  } catch (error) {
    if (error instanceof TooDeep) return { tooDeepAt: error.offset };
    throw error;
  }
}
