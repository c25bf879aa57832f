export { planName } from './plan-names.js';
export type { PlanChangeAudience } from './plan-change-audience.js';
export { canChangePlan, offersAnotherPlan } from './plan-change-eligibility.js';
export { planChoices } from './plan-choices.js';
export {
  planChangeConfirmLabel,
  planChangeSentence,
  planChangeToast,
  scheduledChangeLine,
  type PlanChangeToastReader,
} from './plan-change-text.js';
export { PlanChangeStatement } from './plan-change-statement.js';
