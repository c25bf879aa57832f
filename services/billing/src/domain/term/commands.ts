/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/** The renewal runner's: the paid term that ends at `endsAt` is over, so the subscription is not renewed. */
export interface EndTerm {
  type: 'EndTerm';
  data: { subscriptionId: string; tenantId: string; productId: string; endsAt: string };
  metadata: CommandMetadata;
}

export type TermCommand = EndTerm;
