// `trawl webhooks list | create | delete | deliveries | redeliver`: the project's webhook endpoints and
// their delivery logs.
import type { Command } from 'commander';
import { formatDate, formatTable, toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { usageError } from '../errors.js';
import { withSpinner } from '../ui/spinner.js';

const EVENTS = ['crawl.started', 'crawl.page', 'crawl.completed', 'crawl.failed', 'crawl.changed'] as const;
type Event = (typeof EVENTS)[number];

const EXAMPLES = `
Events: ${EVENTS.join(', ')}

Examples:
  $ trawl webhooks list
  $ trawl webhooks create --url https://example.com/hooks/trawl --events crawl.completed,crawl.failed
  $ trawl webhooks deliveries <webhookId>
  $ trawl webhooks redeliver <webhookId> <deliveryId>
  $ trawl webhooks delete <webhookId>`;

function parseEvents(text: string): Event[] {
  const events = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const unknown = events.filter((e) => !(EVENTS as readonly string[]).includes(e));
  if (events.length === 0 || unknown.length)
    throw usageError(
      `--events must list events separated by commas, among: ${EVENTS.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}`,
    );
  return events as Event[];
}

export function registerWebhooks(program: Command, sessionFor: SessionFactory): void {
  const webhooks = program
    .command('webhooks')
    .description("list, create and delete the project's webhook endpoints; see and redo their deliveries")
    .addHelpText('after', EXAMPLES);
  webhooks
    .command('list')
    .description("list the project's webhook endpoints")
    .action((_options: unknown, command: Command) => listWebhooks(sessionFor(command)));
  webhooks
    .command('create')
    .description('add an endpoint; its signing secret is printed this once')
    .requiredOption('--url <url>', 'where events are POSTed')
    .requiredOption('--events <events>', 'events to send, separated by commas')
    .option('--description <text>', 'a note on what the endpoint is for')
    .action(async (options: { url: string; events: string; description?: string }, command: Command) => {
      const events = parseEvents(options.events);
      const session = sessionFor(command);
      const created = await withSpinner(session, 'Creating the webhook', () =>
        session.client().webhooks.create({ url: options.url, events, description: options.description }),
      );
      if (session.json) return session.print(toJson(created));
      session.print(`Webhook created: ${created.id}`);
      session.print(`Signing secret (shown once, keep it to verify deliveries): ${created.secret}`);
    });
  webhooks
    .command('delete')
    .description('delete an endpoint with its delivery log')
    .argument('<webhookId>', 'the endpoint, from `trawl webhooks list`')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      await withSpinner(session, 'Deleting the webhook', () => session.client().webhooks.delete(id));
      if (session.json) return session.print(toJson({ id, deleted: true }));
      session.print(`Webhook deleted: ${id}`);
    });
  webhooks
    .command('deliveries')
    .description("an endpoint's latest deliveries: status, attempts and response code")
    .argument('<webhookId>', 'the endpoint, from `trawl webhooks list`')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      const deliveries = await withSpinner(session, 'Listing deliveries', () =>
        session.client().webhooks.deliveries(id),
      );
      if (session.json) return session.print(toJson(deliveries));
      if (deliveries.length === 0) return session.print('No deliveries yet.');
      const rows = deliveries.map((d) => [
        d.id,
        d.event,
        d.status,
        String(d.attempts),
        d.lastResponseCode === null ? '-' : String(d.lastResponseCode),
        formatDate(d.createdAt),
      ]);
      printTable(session, ['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'CODE', 'CREATED'], rows);
    });
  webhooks
    .command('redeliver')
    .description("send a delivery's event again")
    .argument('<webhookId>', 'the endpoint')
    .argument('<deliveryId>', 'the delivery, from `trawl webhooks deliveries`')
    .action(async (id: string, deliveryId: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      const delivery = await withSpinner(session, 'Redelivering', () =>
        session.client().webhooks.redeliver(id, deliveryId),
      );
      if (session.json) return session.print(toJson(delivery));
      session.print(`Redelivery queued: ${delivery.id}`);
    });
}

async function listWebhooks(session: Session): Promise<void> {
  const list = await withSpinner(session, 'Listing webhooks', () => session.client().webhooks.list());
  if (session.json) return session.print(toJson(list));
  if (list.length === 0)
    return session.print('No webhooks. Create one with: trawl webhooks create --url <url> --events <events>');
  const rows = list.map((w) => [w.id, w.url, w.events.join(','), w.enabled ? 'on' : 'off']);
  printTable(session, ['ID', 'URL', 'EVENTS', 'ENABLED'], rows);
}

function printTable(session: Session, headers: string[], rows: string[][]): void {
  const columns = headers.map((header) => ({ header, shrink: header === 'URL' }));
  const maxWidth = session.stdout.isTTY ? session.stdout.columns : undefined;
  for (const line of formatTable(columns, rows, { maxWidth, paint: session.paint })) session.print(line);
}
