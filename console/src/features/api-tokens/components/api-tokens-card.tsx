import type { ApiToken, CreatedApiToken } from '@trawl/sdk';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { KeyIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useProjects } from '../../../lib/current-project';
import { formatDate, timeAgo } from '../../../lib/dates';
import { fieldMessage, reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { CreatedTokenModal } from './created-token-modal';

const TOKENS_KEY = ['api-tokens'] as const;

/** The team's API tokens: create one (shown once), list them by prefix and last use, revoke them. */
export function ApiTokensCard() {
  const trawl = useTrawl();
  const { projects, current } = useProjects();
  const formId = useId();
  const { data, error, mutate } = useSWR(TOKENS_KEY, () => trawl.tokens.list(), {
    onError: (err: unknown) => reportFailure('loadTokens', err),
  });
  const [name, setName] = useState('');
  const [onlyThisProject, setOnlyThisProject] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const projectTitle = (id: string | null) =>
    id ? (projects.find((p) => p.id === id)?.title ?? 'A deleted project') : 'All projects';

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Token name is required');
      return;
    }
    setCreating(true);
    try {
      const token = await trawl.tokens.create({
        name: name.trim(),
        projectId: onlyThisProject ? current.id : null,
      });
      await mutate((tokens) => [token, ...(tokens ?? [])], { revalidate: false });
      setCreated(token);
      setName('');
    } catch (err: unknown) {
      const message = fieldMessage(err, 'name');
      if (message) setNameError(message);
      else reportFailure('createToken', err);
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (token: ApiToken) => {
    try {
      await trawl.tokens.revoke(token.id);
      await mutate((tokens) => tokens?.filter((t) => t.id !== token.id), { revalidate: false });
      toast.success(`API token ${token.name} revoked`);
    } catch (err: unknown) {
      reportFailure('revokeToken', err);
      return false;
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="api-tokens-title">
      <header className="settings-card__header">
        <h2 id="api-tokens-title" className="settings-card__title">
          API tokens
        </h2>
        <p className="settings-card__description">
          Tokens let scripts, the SDK and the CLI use the API as your team. Crawls they start show the origin
          API.
        </p>
      </header>
      <form id={formId} className="settings-card__body token-form" onSubmit={create} noValidate>
        <TextField
          label="Token name"
          placeholder="CI pipeline"
          value={name}
          onChange={(value) => {
            setName(value);
            setNameError(null);
          }}
          error={nameError}
          maxLength={100}
        />
        <Switch
          label={`Only the ${current.title} project`}
          description="Otherwise the token reaches every project"
          checked={onlyThisProject}
          onChange={setOnlyThisProject}
        />
        <div className="settings-card__actions">
          <Button type="submit" variant="primary" icon={<PlusIcon />} loading={creating}>
            Create token
          </Button>
        </div>
      </form>
      <div className="settings-card__list">
        {!data && !error ? (
          <div className="token-list__loading">
            <Skeleton width="40%" />
            <Skeleton width="60%" />
          </div>
        ) : data && data.length === 0 ? (
          <EmptyState icon={<KeyIcon />} title="No API tokens yet" description="Create one to use the API." />
        ) : (
          <div className="table-wrap">
            <table className="table tokens-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Token</th>
                  <th scope="col">Project</th>
                  <th scope="col" className="hide-mobile">
                    Created
                  </th>
                  <th scope="col">Last used</th>
                  <th scope="col" className="table__actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data?.map((token) => (
                  <tr key={token.id}>
                    <td className="tokens-table__name">{token.name}</td>
                    <td>
                      <code className="token-prefix">{token.prefix}…</code>
                    </td>
                    <td>{projectTitle(token.projectId)}</td>
                    <td className="nowrap hide-mobile">{formatDate(token.createdAt)}</td>
                    <td className="nowrap">
                      {token.lastUsedAt ? timeAgo(token.lastUsedAt) : <span className="muted">Never</span>}
                    </td>
                    <td className="table__actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        icon={<TrashIcon />}
                        aria-label={`Revoke ${token.name}`}
                        onClick={() => setRevoking(token)}
                      >
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {created && <CreatedTokenModal token={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmModal
          title="Revoke API token"
          confirmLabel="Revoke token"
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        >
          <p>
            Revoke <strong>{revoking.name}</strong> (<code>{revoking.prefix}…</code>)? Whatever uses it stops
            working at once.
          </p>
        </ConfirmModal>
      )}
    </section>
  );
}
