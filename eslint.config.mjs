// ESLint for the whole workspace (`pnpm lint`, run by `pnpm test` and CI). Syntax-only typescript-eslint
// rules (no type information), so it stays fast; tsc does the type checking. Beside the usual rules this is
// where the import boundaries of the architecture live (README, "Import rules"); shared/build/boundaries.test.mjs
// proves each one fires.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import { APPS, REMOTES } from './shared/build/apps.mjs';

const remoteDirs = REMOTES.map((r) => r.dir);
const browserDirs = APPS.filter((a) => a.kind !== 'server').map((a) => a.dir);
const serverDirs = APPS.filter((a) => a.kind === 'server').map((a) => a.dir);
const code = (dirs) => dirs.map((d) => `${d}/**/*.{ts,tsx,js,jsx,mjs}`);
/** An app's own code, without its build config (which imports @khela/build, as it should). */
const src = (dirs) => dirs.map((d) => `${d}/src/**/*.{ts,tsx,js,jsx,mjs}`);

/** The apps' own package names (apps are deployed separately and never imported), and the old @khela/shared. */
const appPackages = { regex: `^(${[...APPS.map((a) => a.dir), 'e2e', '@khela/shared'].join('|')})(/|$)` };
const REACT_AND_BROWSER = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  '@emotion/*',
  'i18next',
  'react-i18next',
  'react-router',
  'single-spa*',
];

/**
 * import-x/no-restricted-paths: a relative import may not climb into another app's folder (the package names
 * above cover the bare imports). Workspace packages (@khela/web, @khela/contracts) resolve to their real folders,
 * so shared/web and shared/contracts are only reachable through their package names, checked by no-restricted-imports.
 */
// zones are relative to the workspace root, whatever the directory ESLint was started in
const basePath = fileURLToPath(new URL('.', import.meta.url));
const zone = (target, from, message) => ({ target: `./${target}/src`, from: from.map((f) => `./${f}`), message });
const relativeZones = [
  ...remoteDirs.map((dir) =>
    zone(
      dir,
      [...APPS.map((a) => a.dir).filter((d) => d !== dir), 'shared/build', 'e2e'],
      'A remote imports only @khela/contracts, @khela/web, npm libraries and its own files.',
    ),
  ),
  ...APPS.filter((a) => a.kind === 'console').map((a) =>
    zone(
      a.dir,
      [...APPS.map((x) => x.dir).filter((d) => d !== a.dir), 'shared/build', 'e2e'],
      'The back office imports only @khela/contracts, @khela/web, npm libraries and its own files.',
    ),
  ),
  zone(
    'shell',
    [...remoteDirs, ...serverDirs, 'shared/build', 'e2e'],
    'The shell loads remotes at run time (remotes.json), it never imports them.',
  ),
  ...serverDirs.map((dir) =>
    zone(
      dir,
      [...browserDirs, 'shared/web', 'shared/build', ...serverDirs.filter((d) => d !== dir)],
      'The servers import only @khela/contracts of the workspace.',
    ),
  ),
  zone(
    'shared/contracts',
    [...browserDirs, ...serverDirs, 'shared/web', 'shared/build'],
    '@khela/contracts depends on no other workspace package.',
  ),
  zone(
    'shared/web',
    [...browserDirs, ...serverDirs, 'shared/build'],
    '@khela/web is the runtime the apps import, it imports none of them.',
  ),
];

/**
 * The API's layers (api/README.md, "Layers"; issue 29 item 3), lowest first. The platform (no domain rules: errors,
 * database, ledger, what several domains share, sessions, the throttle, HTTP plumbing, push) imports no domain, and
 * its folders depend one way too. The domains depend one way: each may import the platform and the domains before it,
 * never one after it (a lower domain that needs a higher one exposes a hook the higher one registers into:
 * app.playClosed, app.protectionHooks). app.ts and main.ts compose them all. Production code only: the tests drive
 * whole apps. `node api/scripts/domain-graph.mjs` prints the graph and its circles (none).
 */
const API_PLATFORM = ['errors.ts', 'config.ts', 'db', 'ops', 'ledger', 'core', 'auth', 'infra', 'http', 'push', 'seed'];
const API_DOMAINS = ['protection', 'staff', 'kyc', 'identity', 'content', 'chat', 'wallet', 'exchange', 'casino', 'transfer'];
const API_LAYERS = [...API_PLATFORM, ...API_DOMAINS, 'app.ts', 'main.ts'];
const api = (d) => `./api/src/${d}`;
const apiLayerZones = API_LAYERS.slice(0, -1).map((d, i) => ({
  target: api(d),
  from: API_LAYERS.slice(i + 1).map(api),
  message: API_PLATFORM.includes(d)
    ? `The API platform's ${d} imports only ${API_PLATFORM.slice(0, i).join(', ') || 'npm packages'} (api/README.md, Layers): what it needs from above registers into a hook, or moves down.`
    : `${d} may import the platform and ${API_DOMAINS.slice(0, i - API_PLATFORM.length).join(', ') || 'no other domain'} only (api/README.md, Layers): a lower domain exposes a hook the higher one registers into.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // the shell's server build (rspack.server.mjs)
      '**/dist-server/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.data/**',
      '**/coverage/**',
      '**/*.tmp.*',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'warn' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // empty catch blocks are this codebase's way to say "best effort" (storage, early requests)
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `any` stays at the framework edges (Fastify handlers, the generic endpoint declaration); tsc is strict elsewhere
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  // where code runs
  { files: code([...browserDirs, 'shared/web']), languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.{mjs,cjs,js}', ...code([...serverDirs, 'e2e', 'shared/build', 'shared/contracts'])],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['**/*.config.{ts,mjs,js}', '**/rspack.config.mjs'], languageOptions: { globals: { ...globals.node } } },
  // Playwright: page.evaluate() callbacks run in the browser
  { files: code(['e2e']), languageOptions: { globals: { ...globals.node, ...globals.browser } } },

  // React: the rules of hooks (the React Compiler rules of the plugin's newer presets are not used: no compiler here)
  {
    files: code([...browserDirs, 'shared/web']),
    plugins: { 'react-hooks': reactHooks },
    // exhaustive-deps warns: a deliberate run-once effect is still common in the screens
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },

  // ---- import boundaries ----
  {
    files: ['**/*.{ts,tsx,js,jsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } } },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath, zones: [...relativeZones, ...apiLayerZones] }] },
  },
  {
    // the API's integration tests (and their fixtures in api/src/testing) drive the real sandbox (payment gateway,
    // game provider, odds feed) as a fixture
    files: ['api/src/**/*.test.ts', 'api/src/testing/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath,
          zones: relativeZones.map((z) => (z.target === './api/src' ? { ...z, from: z.from.filter((f) => f !== './sandbox') } : z)),
        },
      ],
    },
  },
  {
    files: src(remoteDirs),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@khela/web',
              importNames: ['bus', 'storage'],
              message: 'A remote uses the session and bus handed to it (useHost()), never the page singletons.',
            },
          ],
          patterns: [
            {
              ...appPackages,
              message: 'A remote never imports another remote, the shell or a server: it gets what it needs through HostProps.',
            },
            { group: ['@khela/build', '@khela/build/*'], message: 'Build tooling is not browser code.' },
            {
              // @khela/web/theme is a public entry too: the design tokens alone, no React (the shell's build reads it)
              group: ['@khela/web/*', '!@khela/web/test', '!@khela/web/test/*', '!@khela/web/theme'],
              message: 'Import @khela/web by its package name (or its public entries), not its files.',
            },
            {
              // exchange-maths.cases: the exchange maths' table of cases, which the bet slip's tests run too
              group: ['@khela/contracts/*', '!@khela/contracts/exchange-maths.cases'],
              message: 'Import @khela/contracts by its package name (its other entries are for servers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: src(['shell']),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...appPackages, message: 'The shell loads remotes at run time, it never imports another app.' },
            {
              // @khela/web/theme is a public entry too: the design tokens alone, no React (the shell's build reads it)
              group: ['@khela/web/*', '!@khela/web/test', '!@khela/web/test/*', '!@khela/web/theme'],
              message: 'Import @khela/web by its package name (or its public entries), not its files.',
            },
            { group: ['@khela/contracts/*'], message: 'Import @khela/contracts by its package name (its other entries are for servers).' },
          ],
        },
      ],
    },
  },
  {
    // the back office: its own app on the same contracts and UI kit; never another app, never build tooling
    files: src(APPS.filter((a) => a.kind === 'console').map((a) => a.dir)),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...appPackages, message: 'The back office imports no other app: only @khela/contracts, @khela/web and npm libraries.' },
            { group: ['@khela/build', '@khela/build/*'], message: 'Build tooling is not browser code.' },
            {
              // @khela/web/theme is a public entry too: the design tokens alone, no React (the shell's build reads it)
              group: ['@khela/web/*', '!@khela/web/test', '!@khela/web/test/*', '!@khela/web/theme'],
              message: 'Import @khela/web by its package name (or its public entries), not its files.',
            },
            { group: ['@khela/contracts/*'], message: 'Import @khela/contracts by its package name (its other entries are for servers).' },
          ],
        },
      ],
    },
  },
  {
    files: code(serverDirs),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...appPackages, message: 'A server imports only @khela/contracts of the workspace.' },
            {
              group: ['@khela/web', '@khela/web/*', '@khela/build', '@khela/build/*'],
              message: 'A server imports only @khela/contracts of the workspace.',
            },
            { group: REACT_AND_BROWSER, message: 'No browser libraries on the server.' },
          ],
        },
      ],
    },
  },
  {
    files: code(['shared/contracts']),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...appPackages, message: '@khela/contracts depends on no app.' },
            { group: ['@khela/*'], message: '@khela/contracts depends on no other workspace package.' },
            { group: REACT_AND_BROWSER, message: '@khela/contracts is React- and DOM-free: the API imports it.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'HTMLElement'].map((name) => ({
          name,
          message: '@khela/contracts runs on the server too: no DOM.',
        })),
      ],
    },
  },
  {
    files: code(['shared/web']),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...appPackages, message: '@khela/web is the runtime the apps import, it imports none of them.' },
            { group: ['@khela/build', '@khela/build/*'], message: 'Build tooling is not browser code.' },
            { group: ['@khela/contracts/*'], message: 'Import @khela/contracts by its package name (its other entries are for servers).' },
          ],
        },
      ],
    },
  },
  // ---- one vocabulary (issue 29): what a reader must hear (role="alert") is the kit's ErrorText or Notice ----
  {
    files: src(browserDirs),
    // the screens not yet moved to the kit; a file leaves this list when it is, and no new file joins it
    ignores: [
      '**/*.test.tsx',
      'backoffice/src/areas/account/index.tsx',
      'backoffice/src/areas/players/ProtectionTab.tsx',
      'mf-casino/src/screens/ProviderBets.tsx',
      'mf-exchange/src/**',
      'mf-wallet/src/components/RecallFirst.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name='role'][value.value='alert']",
          message: 'An element styled by hand with role="alert": use the kit\'s <ErrorText> (a line) or <Notice> (a box) from @khela/web.',
        },
      ],
    },
  },
);
