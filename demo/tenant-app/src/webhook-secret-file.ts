import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * Where `npm start` keeps the demo endpoint's registration (scripts/launcher/demo-webhook.ts writes it, this app
 * reads it): which endpoint, and its signing secret, which notifications shows only once.
 */
export const demoWebhookFileSchema = z.object({
  endpointId: z.string().min(1),
  secret: z.string().min(1),
});
export type DemoWebhookFile = z.infer<typeof demoWebhookFileSchema>;

/** The registration in `path`, or null while there is none (not written yet, or unreadable). */
export async function readDemoWebhookFile(path: string): Promise<DemoWebhookFile | null> {
  try {
    const parsed = demoWebhookFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
