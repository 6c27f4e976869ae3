import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const eslint = new ESLint({ cwd: repoRoot });

/** Lints `code` with the repository's ESLint config as if it were the (not written) file `file` of services/api/src. */
async function lint(file, code) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}services/api/src/${file}` });
  return result.messages.map((message) => ({ rule: message.ruleId, line: message.line }));
}

const crossModule = { rule: 'no-restricted-imports', line: 1 };

describe("lint: API modules reach each other only through a module's index.js", () => {
  // Loading the config and typescript-eslint takes seconds on a busy machine; the first test should not pay for it.
  beforeAll(() => lint('modules/drafts/warm-up.ts', 'export {};\n'), 60_000);

  it("rejects a deep import of another module's file from a nested use-case file", async () => {
    const code =
      "import { DraftStream } from '../../../drafts/draft-stream.js';\n\nexport const stream = DraftStream;\n";
    expect(await lint('modules/auctions/commands/place-bid/probe.ts', code)).toEqual([crossModule]);
  });

  it("rejects a deep import of a sibling module from a module's root, also as a re-export", async () => {
    const imported =
      "import { TeamReadModel } from '../teams/team.read-model.js';\n\nexport const model = TeamReadModel;\n";
    const reExported = "export { TeamProjection } from '../teams/team.projection.js';\n";
    expect(await lint('modules/drafts/probe.ts', imported)).toEqual([crossModule]);
    expect(await lint('modules/drafts/probe.ts', reExported)).toEqual([crossModule]);
  });

  it('rejects a deep import of a module from app-level code and from the list of feature modules', async () => {
    const fromCli =
      "import { DraftAudit } from '../modules/audit/draft-audit.js';\n\nexport const audit = DraftAudit;\n";
    const fromList =
      "import { TeamsModule } from './teams/teams.module.js';\n\nexport const modules = [TeamsModule];\n";
    expect(await lint('cli/probe.ts', fromCli)).toEqual([crossModule]);
    expect(await lint('modules/probe.ts', fromList)).toEqual([crossModule]);
  });

  it("rejects another module's test kit in production code", async () => {
    const code =
      "import { poolOf } from '../teams/__tests__/league-test-kit.js';\n\nexport const pool = poolOf;\n";
    expect(await lint('modules/auctions/probe.ts', code)).toEqual([crossModule]);
  });

  it("accepts another module's index.js, the module's own files, and other modules' test kits in specs", async () => {
    const code = [
      "import { DraftStream, draftNotFound } from '../../../drafts/index.js';",
      "import { TeamReadModel } from '../../../teams/index.js';",
      "import { AuctionIndex } from '../../auction-index.js';",
      "import { PlaceBidCommand } from './place-bid.command.js';",
      "import { RealtimePublisher } from '../../../../gateway/index.js';",
      '',
      'export const used = [DraftStream, draftNotFound, TeamReadModel, AuctionIndex, PlaceBidCommand, RealtimePublisher];',
      '',
    ].join('\n');
    const fromApp =
      "import { AuditModule } from '../modules/audit/index.js';\n\nexport const modules = [AuditModule];\n";
    const testKit =
      "import { poolOf } from '../teams/__tests__/league-test-kit.js';\n\nexport const pool = poolOf;\n";
    expect(await lint('modules/auctions/commands/place-bid/probe.ts', code)).toEqual([]);
    expect(await lint('cli/probe.ts', fromApp)).toEqual([]);
    expect(await lint('modules/auctions/probe.int.spec.ts', testKit)).toEqual([]);
  });
});
