import v8 from 'node:v8';

/**
 * How much V8 lets the old generation grow past what survived the last full collection before
 * collecting again: 1.3× instead of the up to 4× V8 allows on a machine with memory to spare.
 * During a send, the messages in flight live long enough to be promoted, and the main heap's
 * old space climbed from ~45 to ~170 MiB between full collections, nearly all of it garbage;
 * at 1.3× it stays at 45–55 MiB. A 20k send peaked ~80 MiB lower; the extra full collections
 * (about one every second or two, of a ~45 MiB heap, mostly concurrent) did not slow sends
 * measurably on the shared machine.
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Set at run time rather than as a `node` flag so that every way of starting the server
 * (npm start, the Docker image, tsx in development and benchmarks) gets it from one place.
 * V8 reads this flag each time it recomputes the heap's limit after a collection, so setting it
 * once the VM runs takes effect (verified with `v8.getHeapSpaceStatistics()`); most flags do
 * not, and some break V8 when changed late (`--single-threaded-gc` aborts): add none here
 * without checking the same way.
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
