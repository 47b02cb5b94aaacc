/** A send's report and its outcomes CSV. */
export { csvCell, outcomesCsv, reportOf } from './report';
