/**
 * A person's rights (issue 38): what other modules and server/modules/index.ts use. Modules that
 * hold a person's data declare how to export and erase an address in their own folder; the
 * registry takes them (server/modules/index.ts).
 */
export { personnesRoutes } from './routes';
export { registerPersonalData, EXPORT_KEYS, type PersonalData, type PersonExport, type ErasureContext } from './registry';
export { collectPerson, erasePerson, eraseWithin, exportPerson, erasureTables, type Actor, type ErasureOutcome } from './service';
export { runRetention, type RetentionRun } from './retention';
export {
  contactDataActions,
  contactErasureConfirmation,
  exportContactData,
  requestSelfErasure,
  selfErasureMessage,
  visitorErasureConfirmation,
} from './selfErasure';
