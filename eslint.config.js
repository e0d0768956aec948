// `npm run lint`: typescript-eslint, the rules of hooks, and the layers of the code as import
// boundaries. A back edge (a component importing the renderer, lib/ importing React, Node-only code
// reachable from the browser) fails the lint, and `npm test` with it.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Who may import whom: each zone forbids `target` files to import anything under `from`. */
const layers = [
  // Components run in the browser: shared rules only, never the renderer, the pages, the server or Node-only code.
  {
    target: './components',
    from: ['./renderer', './pages', './server', './scripts', './pipeline', './lib/node', './lib/checks'],
    message: 'components/ may import only lib/universal and other components.',
  },
  // lib/ is plain code under everything else.
  {
    target: './lib',
    from: ['./components', './renderer', './pages', './server', './scripts', './pipeline'],
    message: 'lib/ must not import the layers built on it.',
  },
  { target: './lib/universal', from: ['./lib/node', './lib/checks'], message: 'lib/universal runs in the browser too: it must not import Node-only code.' },
  { target: './lib/node', from: ['./lib/checks'], message: 'lib/node must not import the build checks.' },
  // The renderer wraps pages; it never reaches into one, nor into the server or the build.
  { target: './renderer', from: ['./pages', './server', './scripts', './pipeline'], message: 'renderer/ may import components and lib only.' },
  { target: './pages', from: ['./server', './scripts', './pipeline'], message: 'pages/ may import renderer types, components and lib only.' },
  // The build's machinery: the commands in scripts/ drive it, never the reverse; it serves nothing.
  {
    target: './pipeline',
    from: ['./scripts', './server', './worker'],
    message: 'pipeline/ may import lib and the pages it prerenders, never a command or the server.',
  },
  {
    target: './server',
    from: ['./components', './renderer', './pages', './scripts', './pipeline'],
    message: 'server/ serves the built files; it must not import page code or the build.',
  },
]

/** lib/ is plain TypeScript that React, Vike, the server and the build all use. */
const NO_UI_PATHS = ['react', 'react-dom', 'vike'].map((name) => ({ name, message: 'lib/ is plain TypeScript: no React or Vike.' }))

export default tseslint.config(
  {
    ignores: ['dist/', '.wrangler/', '.bench/', '.tmp-*/', 'reports/', 'test-results/', 'playwright-report/', 'node_modules/', 'scripts/bench/gen-topics.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      // Every package the code imports is declared in package.json (a transitive one can vanish in any update).
      'import-x/no-extraneous-dependencies': ['error', { includeTypes: true }],
      // Vike's pageContext types are declared by augmenting its global namespace.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: NO_UI_PATHS, patterns: [{ group: ['react/*', 'react-dom/*', 'vike/*'], message: 'lib/ is plain TypeScript: no React or Vike.' }] },
      ],
    },
  },
  {
    files: ['lib/universal/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NO_UI_PATHS,
          patterns: [
            { group: ['react/*', 'react-dom/*', 'vike/*'], message: 'lib/ is plain TypeScript: no React or Vike.' },
            { group: ['node:*'], message: 'lib/universal runs in the browser too: no Node built-ins (put it under lib/node as *.server.ts).' },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their callback `use`; it is not React's.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  prettier,
)
