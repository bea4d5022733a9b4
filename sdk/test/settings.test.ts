// The SDK keeps its own copy of the crawl settings' defaults and bounds (it cannot import the server's),
// so the console and the CLI can fill in and check a form before any request. These tests hold that copy
// to the contract, openapi.yaml, and to what the server really does.
import { readFileSync } from 'node:fs';
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CRAWL_LIMITS,
  DEFAULT_CRAWL_SETTINGS,
  ENGINE_TYPES,
  createTrawlClient,
  type TrawlClient,
} from '../src/index.js';

interface PropertySchema {
  default?: unknown;
  minimum?: number;
  maximum?: number;
  $ref?: string;
}

const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  components: {
    schemas: {
      StartCrawlRequest: { properties: Record<string, PropertySchema> };
      EngineType: { enum: string[] };
    };
  };
};
const properties = contract.components.schemas.StartCrawlRequest.properties;

let server: TestServer;
let trawl: TrawlClient;

beforeAll(async () => {
  server = await startTestServer();
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  await server?.close();
});

describe('crawl settings in the SDK', () => {
  it("has openapi.yaml's setting names, defaults, bounds and engine types", () => {
    // extractionSchema and compareWith are the settings without a default: a crawl without them has none.
    expect(Object.keys(properties).sort()).toEqual(
      ['startUrl', 'extractionSchema', 'compareWith', ...Object.keys(DEFAULT_CRAWL_SETTINGS)].sort(),
    );
    for (const [name, value] of Object.entries(DEFAULT_CRAWL_SETTINGS)) {
      // A default beside a $ref is not written out; the server test below covers those.
      if (properties[name]!.$ref) continue;
      expect(properties[name]!.default, name).toEqual(value);
    }
    for (const [name, bounds] of Object.entries(CRAWL_LIMITS)) {
      expect({ min: properties[name]!.minimum, max: properties[name]!.maximum }, name).toEqual(bounds);
    }
    expect(properties.engineType!.$ref).toBe('#/components/schemas/EngineType');
    expect(contract.components.schemas.EngineType.enum).toEqual([...ENGINE_TYPES]);
  });

  it('has the defaults the server applies to a crawl started with a start URL only', async () => {
    const crawl = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/' });
    const applied = Object.fromEntries(
      Object.keys(DEFAULT_CRAWL_SETTINGS).map((name) => [name, crawl[name as keyof typeof crawl]]),
    );
    expect(applied).toEqual(DEFAULT_CRAWL_SETTINGS);
  });
});
