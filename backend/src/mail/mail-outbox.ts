import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import type { Mailer, OutgoingMail } from './mailer';

export const MAIL_QUEUE = 'mail';

/** What features send mail through: the mail is stored as a job, and a worker delivers it. */
export interface MailOutbox {
  /**
   * Resolves once the mail is queued in the database, not once it is delivered:
   * a slow SMTP must not slow the answer or reveal whether an account exists.
   */
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailOutbox(queue: JobQueue): MailOutbox {
  return { send: (mail) => queue.enqueue(MAIL_QUEUE, mail) };
}

/**
 * The mail queue: each job is one mail, delivered at least once. A failed send
 * is retried 12 times with a doubling delay (at the default 10 s, the last comes
 * 11 to 23 hours after the first failure), so an SMTP outage of a few hours delays
 * mail instead of losing it.
 */
export function mailQueue(mailer: Mailer, retryDelaySeconds: number): QueueDefinition {
  return {
    name: MAIL_QUEUE,
    retry: { retryLimit: 12, retryDelaySeconds },
    handler: (mail: OutgoingMail) => mailer.deliver(mail),
  };
}
