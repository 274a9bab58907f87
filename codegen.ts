import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * The contract is a file: codegen reads the committed schema/schema.graphql,
 * never a live server, so CI can regenerate offline and diff the output.
 */
const documents = ['frontend/src/**/*.graphql'];

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents,
  ignoreNoDocuments: false,
  generates: {
    'schema/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
        scalars: { DateTimeISO: 'string' },
        nonOptionalTypename: false,
        skipTypename: true,
      },
    },
  },
};

export default config;
