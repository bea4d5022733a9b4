// Accounts, teams, projects, API tokens and admin: the typed methods over the generated functions.
import type { RequestOptions } from './client.js';
import type { Client } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type {
  AdminCrawlPage,
  AdminHealth,
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
import type { SessionCaller } from './session.js';

/**
 * Sign-up, sign-in and the session. Sessions are cookies: see {@link TrawlClientOptions.session} for
 * where a client keeps them. A client created with a `token` needs none of this but `me()`.
 */
export interface AuthApi {
  /**
   * Creates an account with a team of its own (and the team's default project), and signs in.
   * @example
   * const user = await trawl.auth.signUp({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'correct horse' });
   */
  signUp(body: SignupRootUserRequest, options?: RequestOptions): Promise<User>;
  /**
   * Creates an account in the team that invited it (`inviteToken` is the `inviteToken` of the invite link), and signs in.
   * @example
   * const user = await trawl.auth.signUpByInvite({ ...profile, inviteToken: new URL(link).searchParams.get('inviteToken')! });
   */
  signUpByInvite(body: SignupInviteRequest, options?: RequestOptions): Promise<User>;
  /**
   * Signs in. A wrong email or password rejects with a 401 `invalid_credentials` ('Invalid email or password').
   * @example
   * const user = await trawl.auth.login({ email: 'ada@example.com', password });
   * console.log(user.teams[0]?.name);
   */
  login(body: LoginRequest, options?: RequestOptions): Promise<User>;
  /**
   * Signs out: the server revokes the session and its cookies are dropped. Resolves also when no one was signed in.
   * @example
   * await trawl.auth.logout();
   */
  logout(options?: RequestOptions): Promise<void>;
  /**
   * The signed-in user, or with a token the user who created it (a 404 for a token tied to no user).
   * @example
   * const { email, roles, teams } = await trawl.auth.me();
   */
  me(options?: RequestOptions): Promise<User>;
  /**
   * Renews the session now. Other methods do it by themselves once, when the short-lived access cookie has expired.
   * @example
   * const user = await trawl.auth.refresh();
   */
  refresh(options?: RequestOptions): Promise<User>;
  /**
   * Emails a password reset link, if an account has this email; resolves the same either way.
   * @example
   * await trawl.auth.forgotPassword('ada@example.com');
   */
  forgotPassword(email: string, options?: RequestOptions): Promise<void>;
  /**
   * Sets a new password with the `token` of a reset link, and signs the user out everywhere. An unknown,
   * used or expired token rejects with a 400 `invalid_reset_token`.
   * @example
   * await trawl.auth.resetPassword({ token: new URL(link).searchParams.get('token')!, password: 'a new passphrase' });
   */
  resetPassword(body: ResetPasswordRequest, options?: RequestOptions): Promise<void>;
  /**
   * Signs in with the token of a one-time sign-in link, such as the console link the first start prints
   * (`/#signInToken=...`). An unknown, used or expired token rejects with a 400 `invalid_sign_in_link`.
   * @example
   * const user = await trawl.auth.signInWithLink(token);
   */
  signInWithLink(token: string, options?: RequestOptions): Promise<User>;
  /**
   * Changes the signed-in user's name; fields left out stay as they are.
   * @example
   * const user = await trawl.auth.updateMe({ firstName: 'Ada' });
   */
  updateMe(body: UpdateProfileRequest, options?: RequestOptions): Promise<User>;
  /**
   * Changes the signed-in user's password and signs out every other session. A wrong current password
   * rejects with a 400 `invalid_password`.
   * @example
   * await trawl.auth.changePassword({ currentPassword, newPassword: 'a new passphrase' });
   */
  changePassword(body: ChangePasswordRequest, options?: RequestOptions): Promise<void>;
  /**
   * Signs the user out of every session on every device, this one included. API tokens keep working.
   * @example
   * await trawl.auth.logoutEverywhere();
   */
  logoutEverywhere(options?: RequestOptions): Promise<void>;
  /**
   * Where a browser goes to sign in with Google (`GET /auth/google`, a redirect to Google), or null when the
   * server has no Google client (it answers 501 `google_not_configured`). Nothing is followed or stored.
   * @example
   * const url = await trawl.auth.googleSignInUrl();
   * if (url) window.location.assign(url);
   */
  googleSignInUrl(options?: RequestOptions): Promise<string | null>;
}

/** The caller's team. Every method takes the team's ID (from `auth.me()`'s `teams`); another team's is a 404. */
export interface TeamsApi {
  /**
   * The team, with its usage and live projects.
   * @example
   * const team = await trawl.teams.get(user.teams[0]!.id);
   */
  get(teamId: string, options?: RequestOptions): Promise<Team>;
  /**
   * The team's members, oldest first.
   * @example
   * for (const m of await trawl.teams.members(teamId)) console.log(m.email);
   */
  members(teamId: string, options?: RequestOptions): Promise<TeamMember[]>;
  /**
   * A link anyone can use to join the team, for 7 days.
   * @example
   * const { inviteLink, expiresAt } = await trawl.teams.createInviteLink(teamId);
   */
  createInviteLink(teamId: string, options?: RequestOptions): Promise<InviteLink>;
  /**
   * Emails an invitation only `email` can accept, once. A member's email rejects with a 409 `already_member`.
   * @example
   * await trawl.teams.sendInviteEmail(teamId, 'grace@example.com');
   */
  sendInviteEmail(teamId: string, email: string, options?: RequestOptions): Promise<void>;
  /**
   * Invitations that can still be accepted: invite links not expired and invite emails not yet used, newest first.
   * @example
   * for (const invite of await trawl.teams.invites(teamId)) console.log(invite.kind, invite.email, invite.expiresAt);
   */
  invites(teamId: string, options?: RequestOptions): Promise<TeamInvite[]>;
  /**
   * Withdraws an invitation; its link stops working at once.
   * @example
   * await trawl.teams.revokeInvite(teamId, invite.id);
   */
  revokeInvite(teamId: string, inviteId: string, options?: RequestOptions): Promise<void>;
  /**
   * Removes a member: their sessions in the team end and the API tokens they created for it are revoked.
   * Needs a signed-in member; removing yourself rejects with a 400 `cannot_remove_self`.
   * @example
   * await trawl.teams.removeMember(teamId, member.id);
   */
  removeMember(teamId: string, userId: string, options?: RequestOptions): Promise<void>;
  /**
   * Deletes the team with its projects, crawls and tokens, and the members who belong to no other team.
   * Needs a signed-in member: an API token gets a 403.
   * @example
   * await trawl.teams.delete(teamId);
   */
  delete(teamId: string, options?: RequestOptions): Promise<void>;
}

/** The team's projects. Select one for crawls with {@link TrawlClientOptions.projectId}. */
export interface ProjectsApi {
  /**
   * The live projects, oldest first (the first is where crawls go when no project is selected).
   * @example
   * const projects = await trawl.projects.list();
   */
  list(options?: RequestOptions): Promise<Project[]>;
  /**
   * Creates a project; the title is trimmed and lowercased, and a blank one rejects with 'Project name is required'.
   * @example
   * const project = await trawl.projects.create('docs');
   * const docs = createTrawlClient({ baseUrl, token, projectId: project.id });
   */
  create(title: string, options?: RequestOptions): Promise<Project>;
  /**
   * Renames a project.
   * @example
   * await trawl.projects.rename(project.id, 'handbook');
   */
  rename(projectId: string, title: string, options?: RequestOptions): Promise<Project>;
  /**
   * Deletes a project; its crawls are kept. The last project of a team cannot go (409 `last_project`).
   * @example
   * await trawl.projects.delete(project.id);
   */
  delete(projectId: string, options?: RequestOptions): Promise<void>;
}

/** The team's API tokens. */
export interface TokensApi {
  /**
   * Tokens that are not revoked, newest first: their prefixes and last use, never the tokens.
   * @example
   * for (const t of await trawl.tokens.list()) console.log(t.prefix, t.name, t.lastUsedAt);
   */
  list(options?: RequestOptions): Promise<ApiToken[]>;
  /**
   * Creates a token, returned in `token` this once; with `projectId`, it reaches only that project.
   * @example
   * const { token } = await trawl.tokens.create({ name: 'CI' });
   */
  create(body: CreateApiTokenRequest, options?: RequestOptions): Promise<CreatedApiToken>;
  /**
   * Revokes a token; it stops working at once.
   * @example
   * await trawl.tokens.revoke(tokenId);
   */
  revoke(tokenId: string, options?: RequestOptions): Promise<void>;
}

/** Service administration; every method needs a user (or a user's token) with the `trawlAdmin` role, else a 403. */
export interface AdminApi {
  /**
   * The database, the orchestrator and the crawl queue.
   * @example
   * const { database, queue } = await trawl.admin.health();
   */
  health(options?: RequestOptions): Promise<AdminHealth>;
  /**
   * One page of every team's crawls, newest first; `page` is 0-based. `query` matches part of the start
   * URL, or a whole crawl ID or team ID.
   * @example
   * const { results, totalPages } = await trawl.admin.crawls({ page: 0, limit: 50, query: 'example.com' });
   */
  crawls(
    query?: { page?: number; limit?: number; query?: string },
    options?: RequestOptions,
  ): Promise<AdminCrawlPage>;
  /**
   * One page of the emails the server sent or keeps (without SMTP, reset and invite emails wait here), newest first.
   * @example
   * const { results } = await trawl.admin.outbox();
   */
  outbox(query?: { page?: number; limit?: number }, options?: RequestOptions): Promise<OutboxPage>;
}

export interface AccountApis {
  auth: AuthApi;
  teams: TeamsApi;
  projects: ProjectsApi;
  tokens: TokensApi;
  admin: AdminApi;
}

/**
 * The account methods over one generated client. Signing in, out and renewing never trigger the
 * refresh-and-retry other calls get on a 401. `refresh` is the client's one renewal at a time, which
 * `auth.refresh()` shares with the automatic renewals: a refresh token works once.
 */
export function createAccountApis(
  raw: Client,
  call: SessionCaller,
  refresh: (signal?: AbortSignal) => Promise<User>,
): AccountApis {
  const once = { refresh: false };
  const nothing = (): undefined => undefined;

  const auth: AuthApi = {
    signUp: (body, o) =>
      call((signal) => api.signupRootUser({ client: raw, body, signal }), o?.signal, once).then(
        (r) => r.user,
      ),
    signUpByInvite: (body, o) =>
      call((signal) => api.signupByInvite({ client: raw, body, signal }), o?.signal, once).then(
        (r) => r.user,
      ),
    login: (body, o) =>
      call((signal) => api.login({ client: raw, body, signal }), o?.signal, once).then((r) => r.user),
    logout: (o) => call((signal) => api.logout({ client: raw, signal }), o?.signal, once).then(nothing),
    me: (o) => call((signal) => api.getMe({ client: raw, signal }), o?.signal),
    refresh: (o) => refresh(o?.signal),
    forgotPassword: (email, o) =>
      call((signal) => api.forgotPassword({ client: raw, body: { email }, signal }), o?.signal, once).then(
        nothing,
      ),
    resetPassword: (body, o) =>
      call((signal) => api.resetPassword({ client: raw, body, signal }), o?.signal, once).then(nothing),
    signInWithLink: (token, o) =>
      call((signal) => api.signInWithLink({ client: raw, body: { token }, signal }), o?.signal, once).then(
        (r) => r.user,
      ),
    updateMe: (body, o) => call((signal) => api.updateMe({ client: raw, body, signal }), o?.signal),
    changePassword: (body, o) =>
      call((signal) => api.changePassword({ client: raw, body, signal }), o?.signal).then(nothing),
    logoutEverywhere: (o) =>
      call((signal) => api.logoutEverywhere({ client: raw, signal }), o?.signal).then(nothing),
    // Needs the client's address and fetch: createTrawlClient sets it.
    googleSignInUrl: () => Promise.reject(new Error('googleSignInUrl is set by createTrawlClient')),
  };

  const teams: TeamsApi = {
    get: (id, o) => call((signal) => api.getTeam({ client: raw, path: { id }, signal }), o?.signal),
    members: (id, o) =>
      call((signal) => api.listTeamMembers({ client: raw, path: { id }, signal }), o?.signal),
    createInviteLink: (id, o) =>
      call((signal) => api.createInviteLink({ client: raw, path: { id }, signal }), o?.signal),
    sendInviteEmail: (id, email, o) =>
      call(
        (signal) => api.sendInviteEmail({ client: raw, path: { id }, body: { email }, signal }),
        o?.signal,
      ).then(nothing),
    delete: (id, o) =>
      call((signal) => api.deleteTeam({ client: raw, path: { id }, signal }), o?.signal).then(nothing),
    invites: (id, o) =>
      call((signal) => api.listTeamInvites({ client: raw, path: { id }, signal }), o?.signal),
    revokeInvite: (id, inviteId, o) =>
      call((signal) => api.revokeTeamInvite({ client: raw, path: { id, inviteId }, signal }), o?.signal).then(
        nothing,
      ),
    removeMember: (id, userId, o) =>
      call((signal) => api.removeTeamMember({ client: raw, path: { id, userId }, signal }), o?.signal).then(
        nothing,
      ),
  };

  const projects: ProjectsApi = {
    list: (o) => call((signal) => api.listProjects({ client: raw, signal }), o?.signal),
    create: (title, o) =>
      call((signal) => api.createProject({ client: raw, body: { title }, signal }), o?.signal),
    rename: (id, title, o) =>
      call((signal) => api.renameProject({ client: raw, path: { id }, body: { title }, signal }), o?.signal),
    delete: (id, o) =>
      call((signal) => api.deleteProject({ client: raw, path: { id }, signal }), o?.signal).then(nothing),
  };

  const tokens: TokensApi = {
    list: (o) => call((signal) => api.listApiTokens({ client: raw, signal }), o?.signal),
    create: (body, o) => call((signal) => api.createApiToken({ client: raw, body, signal }), o?.signal),
    revoke: (id, o) =>
      call((signal) => api.revokeApiToken({ client: raw, path: { id }, signal }), o?.signal).then(nothing),
  };

  const admin: AdminApi = {
    health: (o) => call((signal) => api.getAdminHealth({ client: raw, signal }), o?.signal),
    crawls: (query = {}, o) => call((signal) => api.listAllCrawls({ client: raw, query, signal }), o?.signal),
    outbox: (query = {}, o) => call((signal) => api.listOutbox({ client: raw, query, signal }), o?.signal),
  };

  return { auth, teams, projects, tokens, admin };
}
