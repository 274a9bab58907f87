import { GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { ApiTokenResolver } from '../api-tokens/api-token.resolver';
import { AuthResolver } from '../auth/auth.resolver';
import { OidcResolver } from '../auth/oidc/oidc.resolver';
import { MfaResolver } from '../auth/mfa/mfa.resolver';
import { PasskeysResolver } from '../auth/passkeys/passkeys.resolver';
import { DashboardResolver } from '../dashboard/dashboard.resolver';
import { NotificationSettingsResolver } from '../notifications/notification-settings.resolver';
import { ProductBulkResolver } from '../products/bulk/product-bulk.resolver';
import { ProductTrashResolver } from '../products/trash/product-trash.resolver';
import { ProductResolver } from '../products/catalogue/product.resolver';
import { StockResolver } from '../stock/stock.resolver';
import { LocationResolver } from '../locations/location.resolver';
import { LocationFiguresResolver } from '../stock/location-figures.resolver';
import { StockCountResolver } from '../stock-counts/stock-count.resolver';
import { UserResolver } from '../users/user.resolver';
import { WebhookResolver } from '../webhooks/webhook.resolver';
import { InvitationResolver } from '../workspaces/invitation.resolver';
import { WorkspaceResolver } from '../workspaces/workspace.resolver';

/** Every feature's resolvers; a new feature adds its own here. */
const resolvers = [AuthResolver, MfaResolver, PasskeysResolver, OidcResolver, UserResolver, ApiTokenResolver, WebhookResolver, NotificationSettingsResolver, ProductResolver, StockResolver, LocationResolver, LocationFiguresResolver, StockCountResolver, ProductBulkResolver, ProductTrashResolver, DashboardResolver, WorkspaceResolver, InvitationResolver] as const;

export function buildAppSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    // Rules are checked by the services with the shared rules, and no input class carries a class-validator
    // decorator: validating every argument again here found nothing and cost time on every request.
    validate: false,
  });
}

/** The committed contract: sorted so that the file only changes when the schema does. */
export const printAppSchema = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema)) + '\n';
