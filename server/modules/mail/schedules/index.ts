/** Planned sends and recurring schedules, and the scheduler that starts them when due. */
export { Scheduler } from './scheduler';
export { fireDueSchedules, saveSchedule, scheduleResource, stopSchedule, type NewSchedule } from './schedules';
export { isTimeZone, nextOccurrence, occurrence, wallTime, zonedInstant, type Frequency } from './occurrences';
