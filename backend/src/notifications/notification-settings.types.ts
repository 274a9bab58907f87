import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LOW_STOCK_EMAIL_MODES, type LowStockEmailMode as Mode } from '@stockroom/schema';
import { enumNamedAsValues } from '../common/graphql-enum';

/* Validation lives in notification-settings.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

export const LowStockEmailMode = enumNamedAsValues(LOW_STOCK_EMAIL_MODES);
registerEnumType(LowStockEmailMode, {
  name: 'LowStockEmailMode',
  description: 'NEVER (the default); IMMEDIATE: one email per crossing into low or out of stock; DAILY_DIGEST: one email a day listing the crossings',
});

@ObjectType('NotificationSettings', { description: "The signed-in user's low-stock emails" })
export class NotificationSettingsView {
  @Field(() => LowStockEmailMode) lowStockEmails!: Mode;
  @Field(() => Int, { description: 'The local hour (0-23) a daily digest goes out at' }) digestHour!: number;
  @Field(() => String, { nullable: true, description: 'IANA time zone of the digest hour; null until chosen (UTC is used)' }) timeZone!: string | null;
}

@InputType({ description: 'Any of the fields; each left out keeps its value' })
export class NotificationSettingsInput {
  @Field(() => LowStockEmailMode, { nullable: true }) lowStockEmails?: Mode;
  @Field(() => Int, { nullable: true, description: '0 to 23' }) digestHour?: number;
  @Field({ nullable: true, description: 'An IANA time zone name, such as Europe/Paris' }) timeZone?: string;
}
