import {
  defaultProductColor,
  toggledSubscriptionStatus,
  type Subscription,
  type SubscriptionTerm,
} from '@app/contracts';
import { Button, formatUsd } from '@app/ui';
import { scheduledChangeLine } from '@app/ui/plans';
import { useUpdateSubscription } from '@app/web-data';
import { useId, useState } from 'react';
import { resultToasts } from '../../components/result-toasts.js';
import { DomainLink } from '../../components/domain-link.js';
import { EditControls } from '../../components/edit-controls.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { DetailItem } from '../../components/detail-item.js';
import { TextField } from '../../components/text-field.js';
import { SecretInput } from './secret-input.js';
import { AdminCancellation } from './subscription-cancellation.js';
import { AdminPlanChange } from './plan-change-dialog.js';
import {
  subscriptionEditBody,
  subscriptionEditValues,
  subscriptionProductName,
  type SubscriptionEditValues,
} from './subscription-edit.js';

interface SubscriptionRowProps {
  subscription: Subscription;
  /** Billing's term: the date a pending cancellation ends service, and a downgrade waiting for the renewal. */
  term: SubscriptionTerm | undefined;
  /** Only one row is edited at a time (SPEC.md §2): the card owns which one. */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

function StatusToggle({ subscription, name }: { subscription: Subscription; name: string }) {
  const updateSubscription = useUpdateSubscription();
  const deactivates = subscription.status === 'active';
  function toggle() {
    updateSubscription.mutate(
      { subscriptionId: subscription.id, body: { status: toggledSubscriptionStatus(subscription.status) } },
      resultToasts({
        success: 'Subscription status updated successfully',
        failure: 'Failed to update subscription status',
      }),
    );
  }
  return (
    <Button
      type="button"
      variant={deactivates ? 'outline' : 'default'}
      size="sm"
      aria-label={`${deactivates ? 'Deactivate' : 'Activate'} ${name}`}
      disabled={updateSubscription.isPending}
      onClick={toggle}
    >
      {deactivates ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

function EndpointView({ subscription }: { subscription: Subscription }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <DetailItem term="Domain URL">
        {subscription.domainUrl ? <DomainLink url={subscription.domainUrl} /> : 'Not set'}
      </DetailItem>
      <DetailItem term="Metrics API Key">
        {subscription.metricsApiKeyConfigured ? 'Configured' : 'Not set'}
      </DetailItem>
    </dl>
  );
}

function EndpointForm({
  values,
  configured,
  onChange,
}: {
  values: SubscriptionEditValues;
  configured: boolean;
  onChange: (change: Partial<SubscriptionEditValues>) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${id}-domain`}
        label="Domain URL"
        type="url"
        placeholder="https://app.example.com"
        value={values.domainUrl}
        onChange={(domainUrl) => onChange({ domainUrl })}
      />
      <SecretInput
        id={`${id}-key`}
        label="Metrics API Key"
        removeLabel="Remove the saved key"
        stored={configured}
        secret={values.metricsApiKey}
        onChange={(metricsApiKey) => onChange({ metricsApiKey })}
      />
    </div>
  );
}

/** One subscription of the Product Subscriptions card (SPEC.md §2 "Tenant details"). */
export function SubscriptionRow({ subscription, term, editing, onEditingChange }: SubscriptionRowProps) {
  const [values, setValues] = useState(() => subscriptionEditValues(subscription));
  const updateSubscription = useUpdateSubscription();
  const name = subscriptionProductName(subscription);
  const scheduled = subscription.status === 'cancelled' ? null : (term?.scheduledPlanChange ?? null);

  function startEditing() {
    setValues(subscriptionEditValues(subscription));
    onEditingChange(true);
  }

  function save() {
    updateSubscription.mutate(
      { subscriptionId: subscription.id, body: subscriptionEditBody(values) },
      resultToasts(
        { success: 'Subscription updated successfully', failure: 'Failed to update subscription' },
        () => onEditingChange(false),
      ),
    );
  }

  return (
    <li className="grid gap-4 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden
          className="size-8 shrink-0 rounded-md"
          style={{ backgroundColor: subscription.product.color || defaultProductColor }}
        />
        {/* A minimum width makes the badge and buttons wrap below a long name on a phone instead of covering it. */}
        <div className="min-w-40 flex-1">
          <h3 className="font-semibold break-words">{name}</h3>
          <p className="text-sm text-muted-foreground">{formatUsd(subscription.amount)}/mo</p>
          {scheduled && <p className="text-sm text-muted-foreground">{scheduledChangeLine(scheduled)}</p>}
        </div>
        <StatusBadge status={subscription.status} />
        <EditControls
          subject={`${name} subscription`}
          editing={editing}
          pending={updateSubscription.isPending}
          onEdit={startEditing}
          onSave={save}
          onCancel={() => {
            setValues(subscriptionEditValues(subscription));
            onEditingChange(false);
          }}
        />
        <StatusToggle subscription={subscription} name={name} />
        <AdminPlanChange subscription={subscription} name={name} term={term} />
        <AdminCancellation subscription={subscription} name={name} term={term} />
      </div>
      {editing ? (
        <EndpointForm
          values={values}
          configured={subscription.metricsApiKeyConfigured}
          onChange={(change) => setValues((current) => ({ ...current, ...change }))}
        />
      ) : (
        <EndpointView subscription={subscription} />
      )}
    </li>
  );
}
