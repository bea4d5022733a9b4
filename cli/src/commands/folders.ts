// `trawl folders list | create | rename | delete` and `trawl move <crawlId> <folderId|--out>`: folders of
// crawls in the project in use. `trawl list --folder <id>` lists one folder's crawls.
import type { Command } from 'commander';
import { formatDate, formatTable, toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { usageError } from '../errors.js';
import { withSpinner } from '../ui/spinner.js';

const EXAMPLES = `
Examples:
  $ trawl folders list
  $ trawl folders create "Docs sites"
  $ trawl folders rename <folderId> Documentation
  $ trawl folders delete <folderId>      # its crawls stay, back at the top of the project
  $ trawl move <crawlId> <folderId>
  $ trawl move <crawlId> --out
  $ trawl list --folder <folderId>`;

export function registerFolders(program: Command, sessionFor: SessionFactory): void {
  const folders = program
    .command('folders')
    .description('list, create, rename and delete folders of crawls')
    .addHelpText('after', EXAMPLES);
  folders
    .command('list')
    .description("list the project's folders with how many crawls each holds")
    .action((_options: unknown, command: Command) => listFolders(sessionFor(command)));
  folders
    .command('create')
    .description('create a folder in the project in use')
    .argument('<name>', 'the folder name')
    .action(async (name: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      const folder = await withSpinner(session, 'Creating the folder', () =>
        session.client().folders.create(name),
      );
      if (session.json) return session.print(toJson(folder));
      session.print(`Folder created: ${folder.name} (${folder.id})`);
    });
  folders
    .command('rename')
    .description('rename a folder')
    .argument('<folderId>', 'the folder, from `trawl folders list`')
    .argument('<name>', 'its new name')
    .action(async (id: string, name: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      const folder = await withSpinner(session, 'Renaming the folder', () =>
        session.client().folders.rename(id, name),
      );
      if (session.json) return session.print(toJson(folder));
      session.print(`Folder renamed: ${folder.name} (${folder.id})`);
    });
  folders
    .command('delete')
    .description('delete a folder; its crawls are kept, back at the top of the project')
    .argument('<folderId>', 'the folder, from `trawl folders list`')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      await withSpinner(session, 'Deleting the folder', () => session.client().folders.delete(id));
      if (session.json) return session.print(toJson({ id, deleted: true }));
      session.print(`Folder deleted: ${id}`);
    });

  program
    .command('move')
    .description('move a crawl into a folder, or out of its folder with --out')
    .argument('<crawlId>', 'the crawl')
    .argument('[folderId]', 'the folder to move it into')
    .option('--out', 'take the crawl out of its folder')
    .addHelpText('after', EXAMPLES)
    .action(
      async (crawlId: string, folderId: string | undefined, options: { out?: boolean }, command: Command) => {
        if (Boolean(folderId) === Boolean(options.out)) throw usageError('Give either a folder ID or --out');
        const session = sessionFor(command);
        const crawl = await withSpinner(session, 'Moving the crawl', () =>
          session.client().folders.move(crawlId, folderId ?? null),
        );
        if (session.json) return session.print(toJson(crawl));
        session.print(
          crawl.parentId
            ? `Crawl ${crawl.id} moved to folder ${crawl.parentId}`
            : `Crawl ${crawl.id} is in no folder`,
        );
      },
    );
}

async function listFolders(session: Session): Promise<void> {
  const folders = await withSpinner(session, 'Listing folders', () => session.client().folders.list());
  if (session.json) return session.print(toJson(folders));
  if (folders.length === 0) return session.print('No folders. Create one with: trawl folders create <name>');
  const rows = folders.map((f) => [f.id, f.name, String(f.crawlCount), formatDate(f.createdAt)]);
  const columns = [
    { header: 'ID' },
    { header: 'NAME', shrink: true },
    { header: 'CRAWLS' },
    { header: 'CREATED' },
  ];
  const maxWidth = session.stdout.isTTY ? session.stdout.columns : undefined;
  for (const line of formatTable(columns, rows, { maxWidth, paint: session.paint })) session.print(line);
}
