import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { env } from '../../../config/env';
import { endpoints, LANGUAGES, snippet, TOKEN_PLACEHOLDER, type Language } from '../snippets';
import { CodeBlock } from './code-block';

interface ApiReferenceModalProps {
  /** Used in the examples' paths; a placeholder when absent. */
  crawlId?: string;
  onClose(): void;
}

/** How to drive Trawl from code: the crawl endpoints and the results endpoint, in three languages. */
export function ApiReferenceModal({ crawlId, onClose }: ApiReferenceModalProps) {
  const [language, setLanguage] = useState<Language>('javascript');
  const languageLabel = LANGUAGES.find((l) => l.id === language)!.label;
  return (
    <Modal title="API Reference" size="xl" onClose={onClose}>
      <div className="api-reference">
        <p className="api-reference__intro">
          Call the Trawl API from your own code. Send your API token as a bearer token; replace{' '}
          <code>{TOKEN_PLACEHOLDER}</code> with it. Base URL: <code>{env.apiUrl}</code>
        </p>
        <div className="tabs" role="tablist" aria-label="Language">
          {LANGUAGES.map((l) => (
            <button
              key={l.id}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={language === l.id}
              onClick={() => setLanguage(l.id)}
            >
              {l.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label={languageLabel} className="api-reference__endpoints">
          {endpoints(crawlId ?? 'CRAWL_ID').map((endpoint) => (
            <section key={endpoint.id} className="endpoint" aria-labelledby={`endpoint-${endpoint.id}`}>
              <header className="endpoint__header">
                <span className={`method method--${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
                <code className="endpoint__path">{endpoint.path}</code>
              </header>
              <h3 id={`endpoint-${endpoint.id}`} className="endpoint__title">
                {endpoint.title}
              </h3>
              <p className="endpoint__description">{endpoint.description}</p>
              <CodeBlock
                code={snippet(endpoint, language, env.apiUrl)}
                label={`${endpoint.title} in ${languageLabel}`}
              />
            </section>
          ))}
        </div>
      </div>
    </Modal>
  );
}
