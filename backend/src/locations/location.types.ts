import { LocationFields } from '@stockroom/schema';
import { Field, ID, InputType, ObjectType } from 'type-graphql';

/* Validation lives in location.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

@ObjectType('Location', { description: 'A place where the workspace keeps stock, in a tree (warehouse > aisle > shelf)', simpleResolvers: true })
export class LocationType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true, description: "What its label says; unique in the workspace, ignoring case" }) code!: string | null;
  @Field(() => ID, { nullable: true, description: 'The location it is inside; null at the top' }) parentId!: string | null;
  @Field({ description: 'Its ancestors\' names and its own: "Back room / Shelf B3"' }) path!: string;
  @Field({ description: 'Where stock that names no place is; every workspace has one, never deleted' }) isDefault!: boolean;
}

@InputType({ description: 'A new location' })
export class CreateLocationInput {
  @Field({ description: `${LocationFields.name.min} to ${LocationFields.name.max} characters, trimmed` }) name!: string;
  @Field(() => String, { nullable: true, description: `At most ${LocationFields.code.max} characters; blank or null is none` }) code?: string | null;
  @Field(() => ID, { nullable: true, description: 'The location it goes inside; left out or null: at the top' }) parentId?: string | null;
}

@InputType({ description: 'What changes in a location: each field given changes, the others stay' })
export class UpdateLocationInput {
  @Field({ nullable: true, description: `${LocationFields.name.min} to ${LocationFields.name.max} characters, trimmed` }) name?: string;
  @Field(() => String, { nullable: true, description: `At most ${LocationFields.code.max} characters; blank or null removes it` }) code?: string | null;
  @Field(() => ID, { nullable: true, description: 'The location it moves inside; null: to the top. Never itself or one of its sub-locations' }) parentId?: string | null;
}
