// The import rules of eslint.config.mjs fire: each snippet is linted as if it were a file at that path of the
// workspace (nothing is written), and must report exactly the expected rule, or nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

const IMPORTS = 'no-restricted-imports';
const PATHS = 'import-x/no-restricted-paths';
const GLOBALS = 'no-restricted-globals';

/** [file it pretends to be, the code, the rule it must break (null: none)] */
const cases = [
  // a remote: @khela/contracts, @khela/web (not its singletons), npm libraries and its own files only
  ['mf-wallet/src/screens/Fixture.tsx', "import { bus } from '@khela/web';", IMPORTS],
  ['mf-wallet/src/screens/Fixture.tsx', "import { Page, storage } from '@khela/web';", IMPORTS],
  ['mf-chat/src/Fixture.ts', "export { bus as b } from '@khela/web';", IMPORTS],
  ['mf-wallet/src/screens/Fixture.tsx', "import { Games } from '../../../mf-casino/src/screens/Games';", PATHS],
  ['mf-wallet/src/screens/Fixture.tsx', "import { App } from 'mf-casino/src/App';", IMPORTS],
  ['mf-wallet/src/screens/Fixture.tsx', "import { remoteFor } from '../../../shell/src/routes';", PATHS],
  ['mf-account/src/Fixture.ts', "import { remoteFor } from 'shell/src/routes';", IMPORTS],
  ['mf-account/src/Fixture.ts', "import { APPS } from '@khela/build/apps.mjs';", IMPORTS],
  ['mf-account/src/Fixture.ts', "import { bus } from '@khela/web/src/bus';", IMPORTS],
  ['mf-account/src/Fixture.ts', "import { sign } from '@khela/contracts/signing';", IMPORTS],
  [
    'mf-wallet/src/screens/Fixture.tsx',
    "import { Page } from '@khela/web';\nimport { z } from 'zod';\nimport { Funds } from './Funds';\nexport { Page, z, Funds };",
    null,
  ],
  ['mf-wallet/src/screens/Fixture.test.tsx', "import { fakeHost } from '@khela/web/test/fake-host';\nexport { fakeHost };", null],
  ['mf-casino/src/Fixture.ts', "import * as contracts from '@khela/contracts';\nexport { contracts };", null],

  // the shell loads remotes at run time
  ['shell/src/Fixture.tsx', "import { App } from '../../mf-wallet/src/App';", PATHS],
  ['shell/src/Fixture.tsx', "import { App } from 'mf-wallet/src/App';", IMPORTS],
  ['shell/src/Fixture.tsx', "import { Page } from '@khela/web';\nexport { Page };", null],
  // the design tokens' public entry (the shell's build reads it without React); any other file of @khela/web is not
  ['shell/src/Fixture.ts', "import { theme } from '@khela/web/theme';\nexport { theme };", null],
  ['shell/src/Fixture.ts', "import { theme } from '@khela/web/src/ui/theme';\nexport { theme };", IMPORTS],

  // the back office: its own app on contracts and the UI kit
  ['backoffice/src/areas/Fixture.tsx', "import { App } from '../../../mf-wallet/src/App';", PATHS],
  ['backoffice/src/areas/Fixture.tsx', "import { x } from '../../../api/src/app';", PATHS],
  ['backoffice/src/areas/Fixture.tsx', "import { App } from 'shell/src/App';", IMPORTS],
  ['backoffice/src/areas/Fixture.tsx', "import { sign } from '@khela/contracts/signing';", IMPORTS],
  ['backoffice/src/areas/Fixture.tsx', "import { APPS } from '@khela/build/apps.mjs';", IMPORTS],
  [
    'backoffice/src/areas/Fixture.tsx',
    "import { Button } from '@khela/web';\nimport { staffMe } from '@khela/contracts';\nexport { Button, staffMe };",
    null,
  ],

  // the API and the sandbox: @khela/contracts only, no browser libraries
  ['api/src/wallet/Fixture.ts', "import { Page } from '@khela/web';", IMPORTS],
  ['api/src/wallet/Fixture.ts', "import React from 'react';", IMPORTS],
  ['api/src/wallet/Fixture.ts', "import styled from '@emotion/styled';", IMPORTS],
  ['api/src/wallet/Fixture.ts', "import i18next from 'i18next';", IMPORTS],
  ['api/src/wallet/Fixture.ts', "import { i18n } from '../../../shared/web/src/index';", PATHS],
  ['api/src/wallet/Fixture.ts', "import { x } from '../../../shell/src/routes';", PATHS],
  ['sandbox/src/Fixture.ts', "import { Page } from '@khela/web';", IMPORTS],
  [
    'api/src/wallet/Fixture.ts',
    "import { z } from 'zod';\nimport Fastify from 'fastify';\nimport * as c from '@khela/contracts';\nexport { z, Fastify, c };",
    null,
  ],
  // the API's layers (eslint.config.mjs apiLayerZones): the platform imports no domain, domains depend one way
  ['api/src/http/Fixture.ts', "import { placeHold } from '../protection/hold';", PATHS],
  ['api/src/ledger/Fixture.ts', "import { lockPlayer } from '../core/players';", PATHS],
  ['api/src/core/Fixture.ts', "import type { WalletConfig } from '../wallet/config';", PATHS],
  ['api/src/protection/Fixture.ts', "import { cancelOpenOrders } from '../exchange/protection-hook';", PATHS],
  ['api/src/identity/Fixture.ts', "import { walletConfig } from '../wallet/config';", PATHS],
  ['api/src/kyc/Fixture.ts', "import { buildApp } from '../app';", PATHS],
  // the staff platform (api/src/staff, issue 29 item 2) sits below the domains whose staff endpoints ask it for approvals
  ['api/src/staff/Fixture.ts', "import { walletConfig } from '../wallet/config';", PATHS],
  [
    'api/src/wallet/Fixture.ts',
    "import { sendInboxMessage } from '../core/inbox';\nimport { placeHold } from '../protection/hold';\nexport { sendInboxMessage, placeHold };",
    null,
  ],
  // tests drive whole apps: not held to the layers
  [
    'api/src/protection/Fixture.test.ts',
    "import { cancelOpenOrders } from '../exchange/protection-hook';\nexport { cancelOpenOrders };",
    null,
  ],

  // @khela/contracts: no React, no DOM, no other workspace package
  ['shared/contracts/src/Fixture.ts', "import { useState } from 'react';", IMPORTS],
  ['shared/contracts/src/Fixture.ts', "import { createRoot } from 'react-dom/client';", IMPORTS],
  ['shared/contracts/src/Fixture.ts', "import { bus } from '@khela/web';", IMPORTS],
  ['shared/contracts/src/Fixture.ts', 'export const title = () => document.title;', GLOBALS],
  ['shared/contracts/src/Fixture.ts', "import { z } from 'zod';\nexport const s = z.string();", null],

  // @khela/web imports no app
  ['shared/web/src/Fixture.ts', "import { remoteFor } from '../../../shell/src/routes';", PATHS],
  // one vocabulary (issue 29): role="alert" on an element styled by hand is refused; the kit's ErrorText is the way
  ['mf-wallet/src/screens/Fixture.tsx', 'export const E = () => <p role="alert" style={{ color: "red" }}>x</p>;', 'no-restricted-syntax'],
  ['backoffice/src/areas/Fixture.tsx', 'export const E = () => <span role="alert">x</span>;', 'no-restricted-syntax'],
  ['mf-wallet/src/screens/Fixture.tsx', "import { ErrorText } from '@khela/web';\nexport const E = () => <ErrorText>x</ErrorText>;", null],
];

describe('import boundaries (eslint.config.mjs)', () => {
  it.each(cases)('%s: %s', async (filePath, code, rule) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, filePath) });
    const errors = result.messages.filter((m) => m.severity === 2);
    if (rule === null) expect(errors.map((m) => `${m.ruleId}: ${m.message}`)).toEqual([]);
    else expect(errors.map((m) => m.ruleId)).toContain(rule);
  });
});
