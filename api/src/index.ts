export { createApp, createApiRoutes, buildOpenApiDocument, API_INFO } from './app.js';
export { startServer } from './server.js';
export type { RunningServer, StartServerOptions } from './server.js';
export { loadConfig } from './config.js';
export { ConfigError } from './env.js';
export type { Config } from './config.js';
export { openDatabase } from './db/client.js';
export type { Database, DatabaseHandle } from './db/client.js';
