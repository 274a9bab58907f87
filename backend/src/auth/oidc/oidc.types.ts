import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'An OpenID provider users may sign in with' })
export class SingleSignOnOption {
  @Field({ description: 'The provider, for "Sign in with {name}"' })
  name!: string;
}

@ObjectType({ description: 'What the sign-in page offers besides the password' })
export class SignInOptions {
  @Field(() => SingleSignOnOption, { nullable: true, description: 'null: single sign-on is not configured' })
  singleSignOn!: SingleSignOnOption | null;
}

@ObjectType({ description: "The signed-in account's link to the OpenID provider" })
export class SingleSignOnLink {
  @Field({ description: 'The provider (OIDC_NAME)' })
  provider!: string;

  @Field()
  linked!: boolean;

  @Field(() => String, { nullable: true, description: 'The email the provider gave when the link was made' })
  email!: string | null;

  @Field(() => Date, { nullable: true })
  linkedAt!: Date | null;
}
