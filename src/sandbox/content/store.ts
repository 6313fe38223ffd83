// What the sandbox's Content API holds (components, materials, folders, presentations), its seed, and
// the pieces every route uses: error bodies, ids, material creation. Where content-api.md is silent on
// error bodies it answers the way such services commonly do: `{statusCode, error, message}`.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WorkspaceFacts } from './facts.js';

export interface StreamScript {
  /** Pause between two events, ms. */
  delayMs?: number;
  /** Number of text deltas; by default the natural length of the answer. */
  deltas?: number;
  /** Text of delta i, when a test or the bench needs to recognise each one. */
  token?: (i: number) => string;
  /** Wire format: the UI message stream (default), the older data-stream lines, or plain text. */
  format?: 'ui' | 'data' | 'text';
  /** Cut the connection after this many events. */
  failAfter?: number;
  /** Send an error part after this many events, then end. */
  errorAfter?: number;
  /** Stop sending after this many events but keep the connection open. */
  silentAfter?: number;
  /** Called as each text delta leaves, with its index and performance.now(). */
  onEmit?: (i: number, at: number) => void;
}

export interface ContentOptions {
  stream?: StreamScript;
  /** How long a new material takes to process, ms. */
  processingMs?: number;
  /** How long a presentation takes to generate, ms. */
  generationMs?: number;
  /** The figures the analytics assistant works from: the sandbox's own Connector answers. */
  facts?: () => WorkspaceFacts;
}

export type Body = Record<string, unknown>;
export type { CourseStat, WorkspaceFacts } from './facts.js';
export type Answer = { status: number; payload: unknown };
/** What a route did: answered with a status and payload, or wrote the response itself (the stream). */
export type Result = 'streamed' | Answer;

export interface RouteContext {
  store: ContentStore;
  options: ContentOptions;
  /** The path pattern's captures. */
  match: RegExpExecArray;
  body: Body;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH';
  pattern: RegExp;
  run: (ctx: RouteContext) => Promise<Result> | Result;
}

export const ORG = 'org_northwind';
const CONTENT_TYPES = ['text', 'pdf', 'video', 'audio', 'url'];

export const oid = (): string => randomBytes(12).toString('hex');
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function fail(status: number, message: string, details?: Record<string, string>): Answer {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 504: 'Gateway Timeout' }[status] ?? 'Error';
  return { status, payload: { statusCode: status, error, message, ...(details ? { details } : {}) } };
}

/** The acting user a request names (x-user-id), or "api". */
export const actingUser = (req: IncomingMessage): string => String(req.headers['x-user-id'] ?? 'api');

export class ContentStore {
  components: Body[] = [];
  materials: Body[] = [];
  folders: Body[] = [];
  presentations: Body[] = [];

  constructor(
    readonly now: () => number,
    private readonly processingMs: () => number,
  ) {
    this.seed();
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  seed(): void {
    const t = (daysAgo: number) => new Date(this.now() - daysAgo * 86_400_000).toISOString();
    // prettier-ignore
    this.folders = [
      { _id: 'f_sales_playbooks', name: 'Sales playbooks', organizationId: ORG, parentFolderId: null, description: 'Negotiation and discovery guides.', status: 'active', metadata: { color: '#2563eb', icon: 'briefcase', materialCount: 2, totalSize: 48_213, lastActivity: t(2) }, createdAt: t(60), updatedAt: t(2) },
      { _id: 'f_security', name: 'Security', organizationId: ORG, parentFolderId: null, status: 'active', metadata: { color: '#dc2626', icon: 'shield', materialCount: 1 }, createdAt: t(45), updatedAt: t(10) },
    ];
    // prettier-ignore
    this.materials = [
      { _id: 'm_batna_notes', name: 'BATNA cheat sheet', organizationId: ORG, folderId: 'f_sales_playbooks', contentType: 'text', content: { text: 'Know your best alternative before you negotiate…', mimeType: 'text/plain', fileSize: 2_048 }, status: 'active', usage: { views: 41 }, references: [], createdAt: t(30), updatedAt: t(30) },
      { _id: 'm_anchor_video', name: 'Anchoring explained', organizationId: ORG, folderId: 'f_sales_playbooks', contentType: 'video', content: { url: 'https://media.northwind.example/anchoring.mp4', storageKey: 'org_northwind/anchoring.mp4', storageUrl: 'https://storage.northwind.example/org_northwind/anchoring.mp4', filename: 'anchoring.mp4', fileSize: 46_165, mimeType: 'video/mp4' }, status: 'active', usage: { views: 17 }, createdAt: t(20), updatedAt: t(20) },
      { _id: 'm_phishing_pdf', name: 'Phishing examples 2026', organizationId: ORG, folderId: 'f_security', contentType: 'pdf', content: { url: 'https://docs.northwind.example/phishing.pdf', filename: 'phishing.pdf', fileSize: 812_004, mimeType: 'application/pdf' }, status: 'active', usage: {}, createdAt: t(12), updatedAt: t(12) },
    ];
    // prettier-ignore
    this.components = [
      { _id: oid(), componentId: 'cmp_insights', type: 'performance_insights', name: 'Workspace insights', organization: ORG, config: {}, status: 'active', usage: { conversations: 12 }, createdAt: t(40), updatedAt: t(40) },
    ];
    this.presentations = [];
  }

  folder(id: unknown): Body | undefined {
    return this.folders.find((f) => f['_id'] === id);
  }

  /** Field errors of a material to create, empty when it is fine. */
  checkMaterial(body: Body): Record<string, string> {
    const errors: Record<string, string> = {};
    if (typeof body['name'] !== 'string' || !body['name']) errors['name'] = 'name is required';
    const content = body['content'];
    if (!content || typeof content !== 'object') errors['content'] = 'content is required';
    else if (!CONTENT_TYPES.includes(String((content as Body)['type'])))
      errors['content.type'] = `content.type must be one of ${CONTENT_TYPES.join(', ')}`;
    if (body['folderId'] !== undefined && !this.folder(body['folderId'])) errors['folderId'] = 'folder not found';
    return errors;
  }

  /** Adds a material; one that is processing becomes active after `processingMs`. */
  addMaterial(body: Body, userId: string, processing: boolean): Body {
    const content = body['content'] as Body;
    const type = String(content['type']);
    const m: Body = {
      _id: oid(),
      name: body['name'],
      organizationId: ORG,
      folderId: typeof body['folderId'] === 'string' ? body['folderId'] : null,
      contentType: type === 'url' ? 'text' : type,
      content: {
        ...(content['text'] ? { text: content['text'] } : {}),
        ...(content['url'] || content['sourceUrl'] ? { url: content['url'] ?? content['sourceUrl'] } : {}),
        mimeType: type === 'text' || type === 'url' ? 'text/plain' : `${type}/*`,
      },
      metadata: { createdBy: userId },
      status: processing ? 'processing' : 'active',
      usage: {},
      references: Array.isArray(body['references']) ? body['references'] : [],
      createdAt: this.iso(),
      updatedAt: this.iso(),
    };
    this.materials.unshift(m);
    const folder = this.folder(m['folderId']);
    if (folder) (folder['metadata'] as Body)['materialCount'] = this.materials.filter((x) => x['folderId'] === folder['_id']).length;
    if (processing) {
      setTimeout(() => {
        m['status'] = 'active';
        m['updatedAt'] = this.iso();
      }, this.processingMs()).unref();
    }
    return m;
  }
}
