/** A send's report and its outcomes CSV. */
export { outcomesCsv, reportOf } from './report';
