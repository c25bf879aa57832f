/**
 * Thrown by a message handler when the message depends on one its consumer has not applied yet (a subscription's
 * tenant that another consumer copies): the message is redelivered like any failure, but logged at info for its
 * first `quietDeliveries`, since such ordering between consumers is normal; a dependency still missing after that
 * is logged as the error it has become.
 */
export class MessageNotReadyYet extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** How many deliveries a message that is not ready yet gets before its failure is logged as an error. */
export const quietDeliveries = 4;
