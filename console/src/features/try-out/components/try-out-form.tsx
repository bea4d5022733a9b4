import { isValidStartUrl, TrawlApiError } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { GlobeIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { publicTrawl } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/report-failure';

/** SPEC section 9: a try-out crawl stores at most 15 results. */
export const PUBLIC_MAX_RESULTS = 15;

/** A start URL and a button: a crawl of up to 15 pages, with no account. */
export function TryOutForm({ onStarted }: { onStarted(crawlId: string): void }) {
  const [startUrl, setStartUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const valid = isValidStartUrl(startUrl.trim());

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const crawl = await publicTrawl().crawls.start({
        startUrl: startUrl.trim(),
        maxResults: PUBLIC_MAX_RESULTS,
      });
      onStarted(crawl.id);
    } catch (err: unknown) {
      console.error('Starting a try-out crawl failed', err);
      const field = err instanceof TrawlApiError ? err.details.find((d) => d.path === 'startUrl') : undefined;
      setError(field?.message ?? failureMessage('startPublicCrawl', err));
      setSubmitting(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label="Start URL"
        type="text"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://example.com"
        value={startUrl}
        onChange={(value) => {
          setStartUrl(value);
          setError(null);
        }}
        error={error ?? (startUrl.trim() && !valid ? 'Start URL must be a valid URL' : null)}
        hint={`Up to ${PUBLIC_MAX_RESULTS} pages of the site, as markdown.`}
        autoFocus
      />
      <Button
        type="submit"
        variant="primary"
        className="button--block"
        icon={<GlobeIcon />}
        loading={submitting}
        disabled={!valid}
      >
        {submitting ? 'Starting...' : 'Start crawl'}
      </Button>
    </form>
  );
}
