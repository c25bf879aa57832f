export { ActivityEntry, type ActivityEntryProps } from './activity-entry.js';
export { ActivityChanges } from './activity-changes.js';
export { activityTime } from './activity-time.js';
