import { BulkEdit } from '../products/bulk/bulk-edit.entity';
import { ActivityEntry } from '../activity/activity.entity';
import { ApiToken } from '../account/api-token.entity';
import { OneTimeToken } from '../account/one-time-token.entity';
import { RateLimitBucket } from '../account/rate-limit-bucket.entity';
import { Session } from '../account/session.entity';
import { SignInAttempts } from '../auth/sign-in-attempts.entity';
import { OidcIdentity } from '../auth/oidc/oidc-identity.entity';
import { OutboxEvent } from '../events/event.entity';
import { NotificationSettings } from '../notifications/notification-settings.entity';
import { StockAlert } from '../notifications/stock-alert.entity';
import { Webhook } from '../webhooks/webhook.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { CatalogueStats } from '../products/catalogue/catalogue-stats.entity';
import { Product } from '../product-record/product.entity';
import { StockMovement } from '../stock/stock-movement.entity';
import { Location } from '../locations/location.entity';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity';
import { StockCount } from '../stock-counts/stock-count.entity';
import { StockCountLine } from '../stock-counts/stock-count-line.entity';
import { StockLevel } from '../locations/stock-level.entity';
import { User } from '../account/user.entity';
import { Workspace } from '../account/workspace.entity';
import { WorkspaceMember } from '../account/workspace-member.entity';
import { WorkspaceInvitation } from '../workspaces/invitation.entity';

/** Every entity the ORM knows; each feature adds its own here. */
export const entities = [User, Workspace, WorkspaceMember, WorkspaceInvitation, Session, OneTimeToken, SignInAttempts, OidcIdentity, RateLimitBucket, Product, CatalogueStats, ActivityEntry, StockMovement, Location, StockLevel, StockCount, StockCountLine, IdempotencyKey, ApiToken, NotificationSettings, StockAlert, OutboxEvent, Webhook, WebhookDelivery, BulkEdit];
