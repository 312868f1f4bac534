// Flat config. Besides the usual recommended sets, `no-restricted-imports` enforces the import
// arrows of CONTRIBUTING.md: loader -> (dynamic import) widgets -> src, never backwards or sideways.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REACT = {
  regex: '^(react|react-dom|preact)(/.*)?$',
  message: 'This layer is framework-free (CONTRIBUTING.md "Folder map").',
};
const ZUSTAND_REACT = {
  regex: '^zustand(/(react|shallow|traditional))?$',
  message: 'Use zustand/vanilla here; the React binding lives in src/react.',
};
const FLOATING_UI = { regex: '^@floating-ui/react', message: 'This layer is framework-free.' };
const SRC_TO_WIDGETS = {
  regex: '^(\\.\\./)+(widgets|loader)(/.*)?$',
  message: 'src/ never imports widgets/ or loader/ (imports point loader -> widgets -> src).',
};
// `../<other widget>` and any path below it (`../product-form/x.js`); `../../src/...` is allowed.
const WIDGET_TO_WIDGET = {
  regex: '^(\\.\\./(?!\\.\\./)[^/]+(/.*)?|(\\.\\./)+widgets/.*)$',
  message: 'Widgets never import each other; move shared code to src/.',
};
const QUICK_VIEW_TO_WIDGETS = {
  ...WIDGET_TO_WIDGET,
  regex: '^(\\.\\./(?!\\.\\./|product-form(/|$))[^/]+(/.*)?|(\\.\\./)+widgets/.*)$',
};
const LOADER_TO_HEAVY = {
  regex: '^(\\.\\./)+src/(store|api|react)(/.*)?$',
  message: 'The loader stays tiny: load the store through the runtime chunk (dynamic import).',
};

// The page's layers import one way: browser helpers (contract, cookies, context parsing) <- api and
// store <- the page runtime and platform layer <- react. Nothing below the runtime reaches up to it.
const CORE_TO_REACT = {
  regex: '^(\\.\\./)+react(/.*)?$',
  message: 'Only src/react/ is React; framework-free code never imports it (CONTRIBUTING.md "Folder map").',
};
const BELOW_RUNTIME = {
  regex: '^(\\.\\./)+page/(runtime|create-runtime|platform|reporter|session|analytics|choices)(\\.js)?$',
  message:
    'The api and the store sit below the page runtime: it builds them and hands them down (page/create-runtime.ts).',
};

const restrict = (...patterns) => ['error', { patterns }];

/**
 * The builds declare Object.freeze pure (vite.config.ts TREESHAKE), so a bare `Object.freeze(x);`
 * is dropped from dist/ and x stays writable there: use its result.
 */
const FREEZE_STATEMENT = {
  selector:
    "ExpressionStatement > CallExpression[callee.object.name='Object'][callee.property.name='freeze']",
  message:
    'Object.freeze is declared pure for the builds: a bare call is dropped from dist/. Use its result (`const x = Object.freeze(...)`).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist.*/**', 'node_modules/**', 'coverage/**', 'demo/data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `typeof import('...')` names a lazily loaded module's type without importing it.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-script-url': 'error',
      eqeqeq: ['error', 'smart'],
      'no-restricted-syntax': ['error', FREEZE_STATEMENT],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Reads `refs.setFloating` of @floating-ui/react (a callback ref, not a ref value) as a
      // ref read during render: a false positive on the documented floating-ui pattern.
      'react-hooks/refs': 'off',
      // Flags resetting local draft state when a prop changes (the cart page's quantity field
      // following a confirmed change from the store); the alternatives (keys, derived state)
      // would discard focus in the field being edited.
      'react-hooks/set-state-in-effect': 'off',
    },
  },

  // The arrows. Flat config does not merge one rule across blocks (the last match wins), so
  // each block lists every restriction that applies to its files.
  {
    files: ['src/**/*.{ts,tsx}'],
    // The public index re-exports the React components of widgets/ for npm users.
    ignores: ['src/index.ts'],
    rules: { 'no-restricted-imports': restrict(SRC_TO_WIDGETS) },
  },
  {
    // Everything in src/ but src/react/ is framework-free: the page runtime, the commerce rules,
    // the api, the store, the messages, the template engine and the root modules.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/index.ts', 'src/react/**', 'src/api/**', 'src/store/**'],
    rules: {
      'no-restricted-imports': restrict(SRC_TO_WIDGETS, REACT, ZUSTAND_REACT, FLOATING_UI, CORE_TO_REACT),
    },
  },
  {
    files: ['src/api/**/*.ts', 'src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        SRC_TO_WIDGETS,
        REACT,
        ZUSTAND_REACT,
        FLOATING_UI,
        CORE_TO_REACT,
        BELOW_RUNTIME,
      ),
    },
  },
  {
    files: ['widgets/*/*.{ts,tsx}'],
    ignores: ['widgets/quick-view/open.tsx'],
    rules: { 'no-restricted-imports': restrict(WIDGET_TO_WIDGET) },
  },
  {
    // The one import across widgets left, named here rather than missed by the pattern: a card's
    // Quick View opens the product form itself (its parser, body and lightbox panel), which lives
    // in widgets/product-form/. Any other widget stays out of reach from this file too.
    files: ['widgets/quick-view/open.tsx'],
    rules: { 'no-restricted-imports': restrict(QUICK_VIEW_TO_WIDGETS) },
  },
  {
    files: ['loader/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(REACT, ZUSTAND_REACT, FLOATING_UI, LOADER_TO_HEAVY) },
  },

  {
    // A parser's result type comes from its schema (src/result.ts), so nothing re-types a value
    // through `unknown`. The template engine reads platform JSON of open shape and is exempt.
    // Flat config does not merge one rule across blocks: another `no-restricted-syntax` for these
    // files must list this selector too.
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'loader/**/*.ts'],
    ignores: ['src/template/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        FREEZE_STATEMENT,
        {
          selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
          message: 'No `as unknown as`: type the value where it is read (src/result.ts schemas).',
        },
      ],
    },
  },

  {
    files: ['tests/**/*.{ts,tsx}'],
    // Some test files carry their own disable comments for the rules relaxed here.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      // Tests build hostile inputs on purpose, `javascript:` URLs included.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-script-url': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
