/**
 * The embedded database's PostgreSQL settings, in a module without side effects: the server's
 * database thread (pgliteWorker.ts) opens PGlite with them, and so does the import bench's raw
 * side (bench/support/rawPgliteProcess.ts), which must run the same engine the same way.
 *
 * PostgreSQL's 128 MB default buffer cache sits in the WebAssembly heap, which never shrinks,
 * on top of the OS's cache of the same files: 32 MB keeps a send's working set (its
 * recipients and their contacts) and takes the process from ~340 to ~230 MiB at start.
 */
export const POSTGRESQL_CONF = ['shared_buffers=32MB'];
