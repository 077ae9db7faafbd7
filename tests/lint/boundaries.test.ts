import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths.js';

// The lint config (eslint.config.js) is the boundaries' only guard (import cycles: import-cycles.test.ts): each rule must fire on a violation
// at any folder depth, and stay quiet on what is allowed. Imports point at real files, so that the
// resolver resolves them as it does for the code. Server samples stand in for real files' text (never
// written): typed linting knows only the files of the server's program.

let eslint: ESLint;
beforeAll(() => {
  // With CI=true typescript-eslint infers a single run and types the file as it is on disk, not the sample.
  eslint = new ESLint({
    cwd: projectRoot,
    overrideConfig: { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
  });
});

async function rulesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${projectRoot}/${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

const violations: [string, string, string, string][] = [
  ['shared imports server code', 'src/shared/domain/probe.ts', "import { isUuid } from '../../server/lib/uuid.js';\nexport const x = isUuid;", 'import/no-restricted-paths'],
  ['shared imports client code', 'src/shared/probe.ts', "import { apiGet } from '../client/lib/api-client.js';\nexport const x = apiGet;", 'import/no-restricted-paths'],
  ['shared imports a package other than zod', 'src/shared/probe.ts', "import pino from 'pino';\nexport const x = pino;", 'no-restricted-imports'],
  ['the client imports server code', 'src/client/lib/probe.ts', "import { isUuid } from '../../server/lib/uuid.js';\nexport const x = isUuid;", 'import/no-restricted-paths'],
  ['the server imports client code', 'src/server/lib/uuid.ts', "import { apiGet } from '../../client/lib/api-client.js';\nexport const x = apiGet;", 'import/no-restricted-paths'],
  ['a feature imports another', 'src/client/features/vip/components/probe.tsx', "import { verifyAdminTokenQuery } from '../../admin/api/admin-auth.js';\nexport const x = verifyAdminTokenQuery;", 'import/no-restricted-paths'],
  ['a feature imports another, deeper down', 'src/client/features/vip/components/nested/deeper/probe.tsx', "import { verifyAdminTokenQuery } from '../../../../admin/api/admin-auth.js';\nexport const x = verifyAdminTokenQuery;", 'import/no-restricted-paths'],
  ['a feature imports another without the extension', 'src/client/features/demos/probe.ts', "import { subscribeVip } from '../vip/api/subscribe-vip';\nexport const x = subscribeVip;", 'import/no-restricted-paths'],
  ['an admin tab imports another tab', 'src/client/features/admin/demos/probe.tsx', "import { AdminMembersTab } from '../members/admin-members-tab.js';\nexport const x = AdminMembersTab;", 'import/no-restricted-paths'],
  ['components/ imports a feature', 'src/client/components/probe.tsx', "import { subscribeVip } from '../features/vip/api/subscribe-vip.js';\nexport const x = subscribeVip;", 'import/no-restricted-paths'],
  ['lib/ imports a feature', 'src/client/lib/nested/probe.ts', "import { subscribeVip } from '../../features/vip/api/subscribe-vip.js';\nexport const x = subscribeVip;", 'import/no-restricted-paths'],
  ['a route imports a repository', 'src/server/modules/catalog/labels.routes.ts', "import { syncLabels } from './labels.repo.js';\nexport const x = syncLabels;", 'import/no-restricted-paths'],
  ['a route imports the database', 'src/server/modules/catalog/labels.routes.ts', "import { queryRows } from '../../db/client.js';\nexport const x = queryRows;", 'import/no-restricted-paths'],
  ['a route imports drizzle', 'src/server/modules/catalog/labels.routes.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;", 'import/no-restricted-paths'],
  ['a context imports another context\'s file', 'src/server/modules/demos/demos.service.ts', "import { recordActivity } from '../staff/activity.repo.js';\nexport const x = recordActivity;", 'import/no-restricted-paths'],
  ['a context imports another context\'s file, deeper down', 'src/server/modules/catalog-import/importer/import-keys.ts', "import { listArtists } from '../../catalog/artists.repo.js';\nexport const x = listArtists;", 'import/no-restricted-paths'],
  ['app code imports a context\'s file', 'src/server/plugins/rate-limit.ts', "import { CatalogCache } from '../modules/catalog/catalog-cache.js';\nexport const x = CatalogCache;", 'import/no-restricted-paths'],
  ['a promise nobody awaits', 'src/server/lib/group-by.ts', "export async function probe(save: () => Promise<void>) {\n  save();\n}", '@typescript-eslint/no-floating-promises'],
  ['a promise where nothing awaits it', 'src/server/lib/group-by.ts', "export function probe(items: string[], save: (item: string) => Promise<void>) {\n  items.forEach(async (item) => save(item));\n}", '@typescript-eslint/no-misused-promises'],
  [
    'a hook called conditionally',
    'src/client/components/probe.tsx',
    "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) {\n    const [v] = useState(0);\n    return <p>{v}</p>;\n  }\n  return null;\n}",
    'react-hooks/rules-of-hooks',
  ],
  [
    'an effect that misses a dependency',
    'src/client/components/probe.tsx',
    "import { useEffect } from 'react';\nexport function Probe({ n }: { n: number }) {\n  useEffect(() => {\n    document.title = String(n);\n  }, []);\n  return null;\n}",
    'react-hooks/exhaustive-deps',
  ],
  ['an image without a text alternative', 'src/client/components/probe.tsx', 'export function Probe() {\n  return <img src="/a.png" />;\n}', 'jsx-a11y/alt-text'],
];

describe('the lint boundaries', () => {
  it.each(violations)('fail when %s', async (_what, filePath, code, rule) => {
    expect(await rulesFor(filePath, code)).toContain(rule);
  });

  it.each([
    ['a feature imports lib/ and components/', 'src/client/features/vip/components/probe.tsx', "import { apiGet } from '../../../lib/api-client.js';\nimport { NotFoundPage } from '../../../components/not-found-page.js';\nexport const x = [apiGet, NotFoundPage];"],
    ['an admin tab imports the shared admin pieces', 'src/client/features/admin/demos/probe.tsx', "import { TableSearchField } from '../components/admin-table.js';\nimport { useAdminToken } from '../shell/admin-outlet-context.js';\nimport { adminDemosQuery } from '../api/admin-inbox.js';\nexport const x = [TableSearchField, useAdminToken, adminDemosQuery];"],
    ['a feature imports its own files', 'src/client/features/vip/components/probe.tsx', "import { subscribeVip } from '../api/subscribe-vip.js';\nexport const x = subscribeVip;"],
    ['a service imports its repository', 'src/server/modules/catalog/labels.service.ts', "import { syncLabels } from './labels.repo.js';\nexport const x = syncLabels;"],
    ['a context imports another\'s entry', 'src/server/modules/demos/demos.service.ts', "import { recordActivity } from '../staff/index.js';\nexport const x = recordActivity;"],
    ['a promise awaited, or left with void on purpose', 'src/server/lib/group-by.ts', "export async function probe(save: () => Promise<void>) {\n  await save();\n  void save();\n}"],
    ['shared imports zod', 'src/shared/probe.ts', "import { z } from 'zod';\nexport const x = z;"],
  ])('pass when %s', async (_what, filePath, code) => {
    expect(await rulesFor(filePath, code)).toEqual([]);
  });
});
