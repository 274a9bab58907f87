import { Field, ObjectType } from 'type-graphql';

/** The answer of a mutation that only reports what it did. */
@ObjectType()
export class MessagePayload {
  @Field()
  message!: string;
}
