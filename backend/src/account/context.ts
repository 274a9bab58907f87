import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config';
import type { Mailer } from '../mail/mailer';
import type { Session } from './session.entity';
import type { UploadStore } from '../storage/upload-store';
import type { User } from './user.entity';

/** What the app is made of, built once at start-up. */
export interface AppServices {
  config: AppConfig;
  mailer: Mailer;
  /** Uploaded images in DATA_DIR/uploads. */
  uploads: UploadStore;
}

/** The signed-in caller, once the bearer token has been checked. */
export interface Viewer {
  user: User;
  session: Session;
}

/**
 * The first argument of every service method: who is asking and with which
 * unit of work. Built per request by both transports from the same function.
 */
export interface RequestContext extends AppServices {
  em: EntityManager;
  /** Client address, for throttling and lockout. */
  clientIp: string;
  /** The bearer token sent with the request, if any (checked lazily). */
  bearerToken?: string;
  /** Set once the token has been verified (see account/viewer.ts). */
  viewer?: Viewer;
}
