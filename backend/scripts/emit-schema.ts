import 'reflect-metadata';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backendRoot } from '../src/common/paths';
import { buildAppSchema, printAppSchema } from '../src/app/graphql-schema';

/**
 * Writes schema/schema.graphql from the TypeGraphQL resolvers: the committed contract codegen reads.
 * An unchanged schema is not written again, so that what reads it meanwhile never sees it half-written.
 */
async function main() {
  const file = join(backendRoot, '../schema/schema.graphql');
  const text = printAppSchema(await buildAppSchema());
  if (existsSync(file) && readFileSync(file, 'utf8') === text) {
    console.info(`${file} is up to date`);
    return;
  }
  writeFileSync(file, text);
  console.info(`Wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
