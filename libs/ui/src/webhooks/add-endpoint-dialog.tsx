import type { WebhookEndpointWithSecret } from '@app/contracts';
import { fieldErrors, useRegisterWebhookEndpoint, type WebhookScope } from '@app/web-data';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../components/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../components/dialog.js';
import { Input } from '../components/input.js';
import { Label } from '../components/label.js';
import { EventTypeChoices } from './event-type-choices.js';
import { webhookToasts } from './webhook-toasts.js';

/**
 * Add endpoint: its URL and the event types it receives. The server checks both (an http(s) URL, at least one
 * offered type) and its field messages show under the fields; the dialog stays open on a failure so nothing typed
 * is lost. On success it closes and hands the signing secret to `onRegistered`, the one time it is shown.
 */
export function AddEndpointDialog({
  scope,
  onRegistered,
}: {
  scope: WebhookScope;
  onRegistered: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const urlId = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const register = useRegisterWebhookEndpoint(scope);
  const errors = fieldErrors(register.error);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setUrl('');
      setEventTypes([]);
      register.reset();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    register.mutate(
      { url: url.trim(), eventTypes },
      webhookToasts('Webhook endpoint added', 'Failed to add webhook endpoint', (endpoint) => {
        changeOpen(false);
        onRegistered(endpoint);
      }),
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" className="w-fit">
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add webhook endpoint</DialogTitle>
          <DialogDescription>
            Signed deliveries of the chosen events are POSTed to this URL.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={urlId}>Endpoint URL</Label>
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              placeholder="https://example.com/webhooks"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? `${urlId}-error` : undefined}
              required
            />
            {errors.url ? (
              <p id={`${urlId}-error`} className="text-sm text-destructive">
                {errors.url}
              </p>
            ) : null}
          </div>
          <EventTypeChoices chosen={eventTypes} onChange={setEventTypes} error={errors.eventTypes} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={register.isPending}>
              {register.isPending ? 'Adding...' : 'Add endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
