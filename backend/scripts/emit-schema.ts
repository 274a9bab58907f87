import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backendRoot } from '../src/common/paths';
import { buildAppSchema, printAppSchema } from '../src/app/graphql-schema';

/** Writes schema/schema.graphql from the TypeGraphQL resolvers: the committed contract codegen reads. */
async function main() {
  const file = join(backendRoot, '../schema/schema.graphql');
  writeFileSync(file, printAppSchema(await buildAppSchema()));
  console.info(`Wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
