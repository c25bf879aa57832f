import type { PlanChangeAuthentication, PlanChangeReply } from '@app/contracts';
import { useQueryClient } from '@app/query';
import {
  billingConfigQuery,
  isAwaitingBank,
  useChangePlan,
  useCompletePlanChange,
  type PlanChangeAnswer,
  type PlanChangeVariables,
} from '@app/web-data';
import { useRef, useState } from 'react';
import { runBankStep } from './bank-step.js';

const stepUnavailable = "Your bank's check cannot be shown right now. Please try again in a moment.";

/**
 * The customer's plan change with the 3-D Secure step an upgrade's bank may ask for (issue 19): billing's 202
 * has Stripe.js run the step, then POST …/plan/complete says how the charge ended, answering as the change does
 * (a 402 with the issuer's words, a 202 that runs the step again). `onChanged` gets the change made, however many
 * steps it took. While an upgrade waits for its bank (the step could not run, Stripe.js's step did not decide
 * it, the bank has not answered billing yet), `waiting` is set and `retry` runs the step again: billing refuses
 * a new change meanwhile.
 */
export function useCustomerPlanChange(onChanged: (reply: PlanChangeReply) => void) {
  const client = useQueryClient();
  const [waiting, setWaiting] = useState<PlanChangeAuthentication | null>(null);
  const [bankStep, setBankStep] = useState(false);
  const [stepFailure, setStepFailure] = useState<Error | null>(null);
  // Stripe.js's words for the step just run: a 202 after a failed step shows them rather than asking again.
  const stepError = useRef<string | null>(null);
  // The mutations' own outcomes: they run even if the dialog is gone by then (write-mutation.ts withOutcome).
  const change = useChangePlan('customer', { onSuccess: answered });
  const complete = useCompletePlanChange({
    onSuccess: answered,
    onError: (error) => {
      if (!isAwaitingBank(error)) setWaiting(null);
    },
  });

  function answered(answer: PlanChangeAnswer) {
    if (answer.outcome !== 'requires-action') {
      setWaiting(null);
      onChanged(answer);
    } else if (stepError.current === null) {
      void authenticate(answer);
    } else {
      setWaiting(answer);
      setStepFailure(new Error(stepError.current));
    }
  }

  async function authenticate(request: PlanChangeAuthentication) {
    setWaiting(request);
    setStepFailure(null);
    complete.reset();
    setBankStep(true);
    try {
      const { publishableKey } = await client.fetchQuery(billingConfigQuery());
      if (!publishableKey) throw new Error('Billing names no Stripe key');
      stepError.current = await runBankStep(publishableKey, request.clientSecret);
    } catch {
      setStepFailure(new Error(stepUnavailable));
      return;
    } finally {
      setBankStep(false);
    }
    complete.mutate(request.subscriptionId);
  }

  function reset() {
    stepError.current = null;
    setWaiting(null);
    setStepFailure(null);
    change.reset();
    complete.reset();
  }

  return {
    confirm(variables: PlanChangeVariables) {
      reset();
      change.mutate(variables);
    },
    retry() {
      stepError.current = null;
      if (waiting) void authenticate(waiting);
    },
    reset,
    busy: change.isPending || bankStep || complete.isPending,
    /** Stripe.js's step is on screen. */
    bankStep,
    waiting: waiting !== null,
    error: stepFailure ?? complete.error ?? change.error,
  };
}
