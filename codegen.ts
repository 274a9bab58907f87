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
    // The typescript-react-apollo plugin targets Apollo Client 3; this local
    // plugin wraps the preset's typed documents in Apollo Client 4 hooks.
    'schema/generated/hooks.ts': {
      plugins: ['./scripts/codegen-hooks-plugin.cjs'],
      config: { documentsModule: './graphql' },
    },
  },
};

export default config;
