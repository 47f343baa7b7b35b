import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noPhysicalDirection from './scripts/eslint/no-physical-direction.js';

/**
 * One zone per feature folder: a feature imports only itself and the shared layers (web:
 * components/, lib/; server: http/, db/, jobs/, adapters/, emails/, notices/, users/; both:
 * src/shared/).
 * Two features that need one rule share it through src/shared/domain or a shared layer.
 */
const featureZones = (root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`],
      message: `A feature imports only itself and the shared layers, never another feature (docs/architecture.md).`,
    }));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: {
      'import-x': importX,
      hourspace: { rules: { 'no-physical-direction': noPhysicalDirection } },
    },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Import direction (docs/architecture.md): shared ← server, shared ← web; never web ↔ server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web', './tests'],
              message: 'src/shared is pure: it imports nothing from server, web or tests.',
            },
            {
              target: './src/web',
              from: ['./src/server', './tests'],
              message: 'The web never imports server code.',
            },
            {
              target: './src/server',
              from: './src/web',
              message: 'The server never imports web code or tests.',
            },
            {
              // The one exception: the made-up business identity that env.test.ts and the API
              // tests' production apps both use (one copy, not two that drift apart).
              target: './src/server',
              from: './tests',
              except: ['./support/business-env.ts'],
              message: 'The server never imports web code or tests.',
            },
            {
              target: ['./src/web/features', './src/web/components', './src/web/lib'],
              from: ['./src/web/app', './src/web/pages'],
              message: 'Features and shared layers never import the app shell or pages.',
            },
            {
              target: ['./src/web/components', './src/web/lib'],
              from: './src/web/features',
              message: 'Shared layers never import a feature.',
            },
            {
              // The notice table and the words are read by every feature; each feature's templates
              // are keyed by the table's names, so the table never needs to import them.
              target: './src/server/notices',
              from: './src/server/features',
              message: 'src/server/notices is a shared layer: it never imports a feature.',
            },
            {
              // What knows every feature (app.ts, job-wiring.ts) sits at the top of src/server.
              target: [
                './src/server/jobs',
                './src/server/db',
                './src/server/http',
                './src/server/adapters',
                './src/server/emails',
                './src/server/users',
              ],
              from: './src/server/features',
              message:
                'Shared layers never import a feature: features build on them. Wire a feature in at the top (app.ts, job-wiring.ts).',
            },
            ...featureZones('./src/web/features'),
            ...featureZones('./src/server/features'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // Deep relative paths hide where a module lives: from two folders up, name it by its alias
      // (#shared/, #server/, #web/ in package.json "imports").
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./\.\./`,
              message:
                'Import from two or more folders up by its alias: #shared/, #server/ or #web/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: String.raw`ImportExpression > Literal[value=/^\.\.\/\.\.\//]`,
          message: 'Import from two or more folders up by its alias: #shared/, #server/ or #web/.',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'hourspace/no-physical-direction': 'error',
    },
  },
  {
    files: ['src/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
);
