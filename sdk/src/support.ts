// Support requests, problem reports and folders: the typed methods over the generated functions.
import type { RequestOptions } from './client.js';
import type { Caller } from './call.js';
import type { Client } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type {
  AdminCrawlResultReportPage,
  AdminSupportRequest,
  AdminSupportRequestPage,
  Crawl,
  CrawlResultReport,
  CrawlResultReportRequest,
  Folder,
  SupportRequest,
} from './gen/types.gen.js';

/** Support requests and problem reports. The listing methods are for `trawlAdmin` users (else a 403). */
export interface SupportApi {
  /**
   * Sends a support request: kept for the admins and emailed with its files to the support address. Files are
   * PNG, JPEG or PDF (checked by content), at most 5, 5 MB each and 10 MB in all.
   * @example
   * await trawl.support.send({ subject: 'Crawl stuck', message: 'It says running since noon.', files: [screenshot] });
   */
  send(
    request: { subject: string; message: string; files?: Array<Blob | File> },
    options?: RequestOptions,
  ): Promise<SupportRequest>;
  /**
   * Reports a problem with one of the team's crawl results (a 404 for any other).
   * @example
   * await trawl.support.reportCrawlResult({ crawlResultId, problemType: 'missing_information', description: 'The pricing table is gone' });
   */
  reportCrawlResult(body: CrawlResultReportRequest, options?: RequestOptions): Promise<CrawlResultReport>;
  /** Admins: support requests, newest first. `page` is 0-based. */
  listRequests(
    query?: { page?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<AdminSupportRequestPage>;
  /** Admins: one support request. */
  getRequest(id: string, options?: RequestOptions): Promise<AdminSupportRequest>;
  /**
   * Admins: an attachment's content, as it was sent.
   * @example
   * const file = await trawl.support.downloadAttachment(request.id, request.attachments[0].id);
   */
  downloadAttachment(requestId: string, attachmentId: string, options?: RequestOptions): Promise<Blob>;
  /** Admins: problem reports on crawl results, newest first. `page` is 0-based. */
  listReports(
    query?: { page?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<AdminCrawlResultReportPage>;
}

/** Folders of crawls in a project (the client's `projectId`, else the team's first project). */
export interface FoldersApi {
  /**
   * The project's folders by name, each with its `crawlCount`. List a folder's crawls with
   * `crawls.list({ parentId })`.
   * @example
   * const folders = await trawl.folders.list();
   */
  list(options?: RequestOptions): Promise<Folder[]>;
  /** Creates a folder; names are unique in a project (a 409 otherwise). */
  create(name: string, options?: RequestOptions): Promise<Folder>;
  rename(id: string, name: string, options?: RequestOptions): Promise<Folder>;
  /** Deletes a folder; its crawls stay, back at the top of the project. */
  delete(id: string, options?: RequestOptions): Promise<void>;
  /**
   * Files a crawl in a folder of its project, or with `null` takes it out of its folder.
   * @example
   * await trawl.folders.move(crawl.id, folder.id);
   */
  move(crawlId: string, folderId: string | null, options?: RequestOptions): Promise<Crawl>;
}

export function createSupportApis(raw: Client, call: Caller): { support: SupportApi; folders: FoldersApi } {
  const support: SupportApi = {
    send: (body, o) => call((signal) => api.sendSupportRequest({ client: raw, body, signal }), o?.signal),
    reportCrawlResult: (body, o) =>
      call((signal) => api.reportCrawlResult({ client: raw, body, signal }), o?.signal),
    listRequests: (query = {}, o) =>
      call((signal) => api.listSupportRequests({ client: raw, query, signal }), o?.signal),
    getRequest: (id, o) =>
      call((signal) => api.getSupportRequest({ client: raw, path: { id }, signal }), o?.signal),
    downloadAttachment: (id, attachmentId, o) =>
      call(
        (signal) =>
          api.downloadSupportAttachment({ client: raw, path: { id, attachmentId }, signal, parseAs: 'blob' }),
        o?.signal,
      ) as Promise<Blob>,
    listReports: (query = {}, o) =>
      call((signal) => api.listCrawlResultReports({ client: raw, query, signal }), o?.signal),
  };
  const folders: FoldersApi = {
    list: (o) => call((signal) => api.listFolders({ client: raw, signal }), o?.signal),
    create: (name, o) =>
      call((signal) => api.createFolder({ client: raw, body: { name }, signal }), o?.signal),
    rename: (id, name, o) =>
      call((signal) => api.renameFolder({ client: raw, path: { id }, body: { name }, signal }), o?.signal),
    delete: async (id, o) => {
      await call((signal) => api.deleteFolder({ client: raw, path: { id }, signal }), o?.signal);
    },
    move: (crawlId, folderId, o) =>
      call(
        (signal) => api.moveCrawlToFolder({ client: raw, path: { id: crawlId }, body: { folderId }, signal }),
        o?.signal,
      ),
  };
  return { support, folders };
}
