import { TrawlApiError, TrawlConnectionError } from '@trawl/sdk';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError, describeError } from './errors.js';

describe('describeError', () => {
  it('keeps a CliError as it is', () => {
    const err = new CliError('Nope', { code: 'x', exitCode: 2, details: [{ path: 'a', message: 'b' }] });
    expect(describeError(err)).toEqual({
      code: 'x',
      message: 'Nope',
      details: [{ path: 'a', message: 'b' }],
      exitCode: 2,
    });
  });

  it('makes commander errors one-line usage errors with exit 2', () => {
    const err = new CommanderError(
      1,
      'commander.unknownCommand',
      "error: unknown command 'crawlz'\n(Did you mean crawl?)",
    );
    expect(describeError(err)).toMatchObject({
      code: 'usage_error',
      message: "unknown command 'crawlz' (Did you mean crawl?) (see `trawl --help`)",
      exitCode: 2,
    });
  });

  it('names the crawl on a 404 and the token source on a 401', () => {
    const context = { crawlId: 'c1', apiUrl: 'http://api', tokenSource: 'TRAWL_API_TOKEN' };
    expect(describeError(new TrawlApiError(404, 'not_found', 'Crawl not found'), context).message).toBe(
      'Crawl c1 not found',
    );
    expect(describeError(new TrawlApiError(404, 'not_found', 'No route for GET /x'), context).message).toBe(
      'No route for GET /x',
    );
    expect(
      describeError(new TrawlApiError(401, 'unauthorized', 'Invalid bearer token'), context).message,
    ).toBe(
      'The Trawl API at http://api rejected the API token from TRAWL_API_TOKEN (Invalid bearer token). Log in with a valid one: trawl login --token <token>',
    );
  });

  it('keeps 400 details for one line each, and says when the server failed', () => {
    const details = [{ path: 'maxResults', message: 'Max Results must be a number between 1 and 5000' }];
    expect(describeError(new TrawlApiError(400, 'validation_error', details[0]!.message, details))).toEqual({
      code: 'validation_error',
      message: 'The Trawl API rejected the request',
      details,
      exitCode: 1,
    });
    expect(describeError(new TrawlApiError(500, 'internal_error', 'Internal server error')).message).toBe(
      'The Trawl API failed (HTTP 500): Internal server error',
    );
  });

  it('explains a connection failure with its innermost cause', () => {
    const cause = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    expect(describeError(new TrawlConnectionError('http://127.0.0.1:9', cause)).message).toBe(
      'Could not reach the Trawl API at http://127.0.0.1:9: connect ECONNREFUSED 127.0.0.1:9. Is the server running (npm start)?',
    );
  });

  it('keeps the message of an unexpected error', () => {
    expect(describeError(new Error('boom'))).toEqual({
      code: 'internal_error',
      message: 'boom',
      details: [],
      exitCode: 1,
    });
  });
});
