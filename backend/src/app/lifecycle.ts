import type { RequestHandler, Response } from 'express';
import { GeneralMessages } from '@stockroom/schema';
import { ServiceUnavailableError } from '../common/errors';

/**
 * Reads a proxy retries on another instance by itself. While draining, this
 * instance answers new ones 503: the proxy sends each to another instance and,
 * having seen a failure, leaves this one alone for a while, so the listener can
 * close with no connection queued at it (closing it resets those, and a
 * proxy does not retry a POST that was already sent). Writes are still
 * answered here: a proxy would not retry them.
 */
const HANDED_OVER_METHODS = new Set(['GET', 'HEAD']);
/** The probes answer as usual: readiness says "not ready", liveness that the process is still there. */
const PROBES = '/api/health/';

/**
 * Whether this instance is draining, and which requests it is still answering.
 * On shutdown the instance first reports not ready (so a load balancer stops
 * sending), then answers what it already has: every response from then on
 * carries `Connection: close`, so a keep-alive client moves to another
 * instance instead of sending its next request to one that is about to go,
 * and a new read is answered 503 for the proxy to take elsewhere.
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
  readonly track: RequestHandler = (req, res, next) => {
    if (this.isDraining) {
      res.setHeader('Connection', 'close');
      if (HANDED_OVER_METHODS.has(req.method) && !req.path.startsWith(PROBES)) return next(new ServiceUnavailableError(GeneralMessages.server, 1));
    }
    this.inFlight.add(res);
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
