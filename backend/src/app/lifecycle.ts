import type { RequestHandler, Response } from 'express';

/**
 * Whether this instance is draining, and which requests it is still answering.
 * On shutdown the instance first reports not ready (so a load balancer stops
 * sending), then answers what it already has: every response from then on
 * carries `Connection: close`, so a keep-alive client moves to another
 * instance instead of sending its next request to one that is about to go.
 */
export class Lifecycle {
  private isDraining = false;
  private readonly inFlight = new Set<Response>();
  private onIdle?: () => void;

  get draining(): boolean {
    return this.isDraining;
  }

  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  /** Express middleware: registers each request until its response is finished or its connection gone. */
  readonly track: RequestHandler = (_req, res, next) => {
    this.inFlight.add(res);
    if (this.isDraining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      this.inFlight.delete(res);
      if (this.inFlight.size === 0) this.onIdle?.();
    });
    next();
  };

  /** Stops keeping connections alive; the server itself stops accepting when the caller closes it. */
  startDraining(): void {
    this.isDraining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  /** Resolves true once no request is in flight, or false when `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}
