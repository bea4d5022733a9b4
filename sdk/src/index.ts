/**
 * The Trawl SDK: a typed client for the Trawl web crawling API.
 *
 * @example
 * import { createTrawlClient } from '@trawl/sdk';
 * const trawl = createTrawlClient({ baseUrl: 'http://localhost:3000', token: 'trawl_...' });
 * const crawl = await trawl.crawls.start({ startUrl: 'https://example.com' });
 *
 * @packageDocumentation
 */
export { createTrawlClient, WAIT_CONNECTION_ATTEMPTS } from './client.js';
export type {
  CrawlsApi,
  RequestOptions,
  ResultChangeStatus,
  TrawlClient,
  TrawlClientOptions,
  WaitOptions,
} from './client.js';
export type { AdminApi, AuthApi, ProjectsApi, TeamsApi, TokensApi } from './accounts.js';
export type { FoldersApi, SupportApi } from './support.js';
export type { SchedulesApi } from './schedules.js';
export type { BillingApi } from './billing.js';
export type { SessionStore } from './session.js';
export { createPublicTrawlClient } from './public-client.js';
export type { PublicCrawlsApi, PublicTrawlClient, PublicTrawlClientOptions } from './public-client.js';
export { CLOSE_UNAUTHORIZED, connectTeamEvents, teamEventsUrl } from './realtime.js';
export type {
  TeamEventsConnection,
  TeamEventsOptions,
  TeamEventsStatus,
  WebSocketConstructor,
  WebSocketLike,
} from './realtime.js';
export { parseSse } from './watch.js';
export type { SseMessage, WatchOptions } from './watch.js';
export { verifyWebhookSignature } from './webhooks.js';
export type { VerifyWebhookOptions, WebhooksApi } from './webhooks.js';
export { TrawlApiError, TrawlConnectionError, TrawlError } from './errors.js';
export type { TrawlErrorDetail } from './errors.js';
export {
  CRAWL_LIMITS,
  DEFAULT_CRAWL_SETTINGS,
  ENGINE_TYPES,
  isValidStartUrl,
  validateCrawlSettings,
} from './settings.js';
export type { CrawlSettings } from './settings.js';
export type {
  Crawl,
  CrawlLog,
  CrawlLogPage,
  CrawlOptions,
  CrawlPage,
  CrawlResult,
  CrawlResultPage,
  ChangeCounts,
  CrawlResultMatch,
  CrawlResultSearch,
  SnippetSegment,
  Dashboard,
  AppCrawlPage,
  SearchHistory,
  SearchHistoryEntry,
  CrawlStatus,
  EngineType,
  StartCrawlRequest,
  ErrorResponse,
  CrawlEvent,
  CrawlLogCreatedEvent,
  CrawlResultCreatedEvent,
  CrawlStreamEvent,
  SubscriptionChangedEvent,
  TeamEvent,
  WebhookEndpoint,
  CreatedWebhookEndpoint,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDelivery,
  WebhookAttempt,
} from './gen/types.gen.js';
export type {
  Billing,
  BillingCard,
  BillingCustomer,
  BillingInfoRequest,
  BillingInfoResponse,
  ChangePlanRequest,
  Invoice,
  Plan,
  AdminCrawlPage,
  AdminHealth,
  AdminCrawlResultReportPage,
  AdminSupportRequest,
  AdminSupportRequestPage,
  CrawlResultReport,
  CrawlResultReportRequest,
  Folder,
  CreateScheduleRequest,
  Schedule,
  ScheduleRun,
  UpdateScheduleRequest,
  ProblemType,
  SupportAttachment,
  SupportRequest,
  ApiToken,
  ChangePasswordRequest,
  CreateApiTokenRequest,
  CreatedApiToken,
  InviteLink,
  LoginRequest,
  OutboxPage,
  Project,
  ResetPasswordRequest,
  SignupInviteRequest,
  SignupRootUserRequest,
  Team,
  TeamInvite,
  TeamMember,
  UpdateProfileRequest,
  User,
} from './gen/types.gen.js';
