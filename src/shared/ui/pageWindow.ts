/** The page numbers to link: at most `size` of them, around `page` and within 1..pageCount. */
export function pageWindow(page: number, pageCount: number, size: number): number[] {
  const count = Math.min(size, Math.max(pageCount, 1));
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), Math.max(1, pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
