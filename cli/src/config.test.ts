import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, readEnvironment, resolveApiConfig, type Environment } from './config.js';

let dir: string;
let environment: Environment;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trawl-config-'));
  environment = readEnvironment({ XDG_CONFIG_HOME: join(dir, 'config'), HOME: dir }, join(dir, 'work'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, content: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

describe('readEnvironment', () => {
  it('finds the login file under XDG_CONFIG_HOME, and the credentials file under the working directory', () => {
    expect(environment.loginFile).toBe(join(dir, 'config', 'trawl', 'config.json'));
    expect(environment.credentialsFile).toBe(join(dir, 'work', '.trawl', 'credentials.json'));
  });

  it('ignores a relative or blank XDG_CONFIG_HOME, and blank variables', () => {
    const env = readEnvironment(
      { XDG_CONFIG_HOME: 'relative', TRAWL_API_TOKEN: '  ', TRAWL_API_URL: '', NO_COLOR: '' },
      dir,
    );
    expect(env.loginFile.endsWith(join('.config', 'trawl', 'config.json'))).toBe(true);
    expect(env).toMatchObject({ token: undefined, apiUrl: undefined, noColor: false });
    expect(readEnvironment({ NO_COLOR: '1' }, dir).noColor).toBe(true);
  });
});

describe('resolveApiConfig', () => {
  it('takes each value from the first source that has it, naming the source', () => {
    write(environment.loginFile, { token: 'from-login' });
    write(environment.credentialsFile, { apiUrl: 'http://credentials:1', token: 'from-credentials' });
    expect(resolveApiConfig({}, environment)).toEqual({
      apiUrl: { value: 'http://credentials:1', source: environment.credentialsFile },
      token: { value: 'from-login', source: environment.loginFile },
    });
    const withEnv = { ...environment, token: 'from-env', apiUrl: 'http://env:2/' };
    expect(resolveApiConfig({}, withEnv)).toEqual({
      apiUrl: { value: 'http://env:2', source: 'TRAWL_API_URL' },
      token: { value: 'from-env', source: 'TRAWL_API_TOKEN' },
    });
    expect(resolveApiConfig({ token: 'from-flag', apiUrl: 'https://flag' }, withEnv)).toEqual({
      apiUrl: { value: 'https://flag', source: '--api-url' },
      token: { value: 'from-flag', source: '--token' },
    });
  });

  it('defaults the address, and leaves the token missing when nothing has one', () => {
    expect(resolveApiConfig({}, environment)).toEqual({
      apiUrl: { value: DEFAULT_API_URL, source: 'the default' },
      token: undefined,
    });
  });

  it('skips the login file for trawl login, even when it is broken', () => {
    write(environment.loginFile, 'broken');
    expect(resolveApiConfig({}, environment, { skipLoginFile: true }).token).toBeUndefined();
    expect(() => resolveApiConfig({}, environment)).toThrow(
      `Invalid config file ${environment.loginFile}: not valid JSON`,
    );
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['an array', '[]', 'expected an object'],
    ['no token', '{"apiUrl":"http://x"}', '"token" must be a non-empty string'],
    ['a numeric apiUrl', '{"token":"t","apiUrl":5}', '"apiUrl" must be a string'],
  ])('names a credentials file with %s', (_name, content, why) => {
    write(environment.credentialsFile, content);
    expect(() => resolveApiConfig({}, environment)).toThrow(
      `Invalid config file ${environment.credentialsFile}: ${why}`,
    );
  });

  it('resolves the project from --project, then TRAWL_PROJECT_ID, then the login file', () => {
    write(environment.loginFile, { apiUrl: 'http://login:1', token: 't', projectId: 'from-login' });
    expect(resolveApiConfig({}, environment).projectId).toEqual({
      value: 'from-login',
      source: environment.loginFile,
    });
    const withEnv = { ...environment, projectId: 'from-env' };
    expect(resolveApiConfig({}, withEnv).projectId).toEqual({
      value: 'from-env',
      source: 'TRAWL_PROJECT_ID',
    });
    expect(resolveApiConfig({ project: ' from-flag ' }, withEnv).projectId).toEqual({
      value: 'from-flag',
      source: '--project',
    });
    write(environment.loginFile, { token: 't' });
    expect(resolveApiConfig({}, environment).projectId).toBeUndefined();
  });

  it('reads a login file that holds only a project, and a broken one only for the project does not fail', () => {
    write(environment.loginFile, { projectId: 'p1' });
    expect(resolveApiConfig({ token: 'flag', apiUrl: 'http://flag' }, environment)).toEqual({
      apiUrl: { value: 'http://flag', source: '--api-url' },
      token: { value: 'flag', source: '--token' },
      projectId: { value: 'p1', source: environment.loginFile },
    });
    expect(resolveApiConfig({}, environment).token).toBeUndefined();
    write(environment.loginFile, '{ broken');
    expect(resolveApiConfig({ token: 'flag', apiUrl: 'http://flag' }, environment).projectId).toBeUndefined();
    expect(() => resolveApiConfig({ apiUrl: 'http://flag' }, environment)).toThrow('not valid JSON');
    write(environment.loginFile, { token: 't', projectId: 5 });
    expect(() => resolveApiConfig({}, environment)).toThrow('"projectId" must be a string');
  });

  it('refuses an address that is not http(s), naming its source', () => {
    write(environment.loginFile, { apiUrl: 'ftp://x', token: 't' });
    expect(() => resolveApiConfig({}, environment)).toThrow(
      `Invalid API URL "ftp://x" (from ${environment.loginFile})`,
    );
  });
});
