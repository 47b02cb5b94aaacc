/** Planned sends and recurring schedules, and the scheduler that starts them when due. */
export { Scheduler } from './scheduler';
export {
  fireDueSchedules,
  NOTHING_NEW,
  occurrencesOf,
  saveSchedule,
  scheduleResource,
  stopSchedule,
  type FireOptions,
  type NewSchedule,
  type ScheduleOccurrence,
} from './schedules';
export { isTimeZone, nextOccurrence, occurrence, wallTime, zonedInstant, type Frequency } from './occurrences';
