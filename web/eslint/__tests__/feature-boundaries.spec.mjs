/** @jest-environment node */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const eslint = new ESLint({ cwd: repoRoot });

/** Lints `code` with the repository's ESLint config as if it were the (not written) file `file` of web/src. */
async function lint(file, code) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}web/src/${file}` });
  return result.messages.map((message) => ({ rule: message.ruleId, line: message.line }));
}

const crossFeature = { rule: 'no-restricted-imports', line: 1 };

describe('lint: no imports across web features', () => {
  // Loading the config and typescript-eslint takes seconds on a busy machine; the first test should not pay for it.
  beforeAll(() => lint('features/draft/warm-up.ts', 'export {};\n'), 60_000);

  it('rejects a relative import of another feature from a nested file', async () => {
    const code = "import { DraftPage } from '../../draft/draft-page.js';\n\nexport const page = DraftPage;\n";
    expect(await lint('features/admin/components/probe.tsx', code)).toEqual([crossFeature]);
  });

  it("rejects a relative import of a sibling feature from a feature's root", async () => {
    const code =
      "import { auctionRules } from '../draft/auction-rules.js';\n\nexport const rules = auctionRules;\n";
    expect(await lint('features/teams/probe.ts', code)).toEqual([crossFeature]);
  });

  it('rejects an import of another feature through a features/ path or an alias', async () => {
    const viaFeatures = "export { LiveIndicator } from '../../../features/live/live-indicator.js';\n";
    const viaAlias =
      "import type { OpsPage } from '@/features/ops/index.js';\n\nexport type Page = typeof OpsPage;\n";
    expect(await lint('features/draft/components/probe.ts', viaFeatures)).toEqual([crossFeature]);
    expect(await lint('features/draft/probe.ts', viaAlias)).toEqual([crossFeature]);
  });

  it("accepts imports within the feature and of web/src/shared, web/src/app and the feature's own root", async () => {
    const code = [
      "import { draftRules } from '../draft-rules.js';",
      "import { Button } from '../../../shared/ui/button.js';",
      "import { useAppSelector } from '../../../app/hooks.js';",
      "import { useLiveEvent } from '../../../shared/live/use-live-event.js';",
      "import { AdminDashboardPage } from '../../admin/index.js';",
      '',
      'export const used = [draftRules, Button, useAppSelector, useLiveEvent, AdminDashboardPage];',
      '',
    ].join('\n');
    expect(await lint('features/admin/components/probe.ts', code)).toEqual([]);
  });
});
