// The Content API of the sandbox, written from content-api.md. Where the document is silent (error
// bodies, the stream's events) it answers the way such services commonly do: `{statusCode, error,
// message}` errors, and the AI SDK UI message stream over server-sent events.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

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
  /** Figures the assistant talks about: per-course completion from the Connector side. */
  courseStats?: () => { title: string; enrolled: number; completed: number; completionPercent: number }[];
}

const API_KEY_HEADER = 'x-api-key';
const ORG = 'org_northwind';

type Result = 'streamed' | { status: number; payload: unknown };
type Body = Record<string, unknown>;

const oid = () => randomBytes(12).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fail(status: number, message: string, details?: Record<string, string>): { status: number; payload: unknown } {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 504: 'Gateway Timeout' }[status] ?? 'Error';
  return { status, payload: { statusCode: status, error, message, ...(details ? { details } : {}) } };
}

const COMPONENT_TYPES = ['chat', 'data_analyst', 'flashcards', 'scenarios', 'practice_test', 'audio_recap', 'tutor_me', 'explainers', 'uploads', 'chat_analytics', 'video_generation', 'performance_insights'];
const COMPONENT_STATUSES = ['draft', 'active', 'inactive', 'processing', 'error'];
const CONTENT_TYPES = ['text', 'pdf', 'video', 'audio', 'url'];

export function createContent(options: ContentOptions, now: () => number, apiKey: string) {
  let components: Body[] = [];
  let materials: Body[] = [];
  let folders: Body[] = [];
  let presentations: Body[] = [];
  const iso = () => new Date(now()).toISOString();
  /** One entry per answer stream served, for tests that check how each ended. */
  const state = { streams: [] as { open: boolean; closedEarly: boolean }[] };

  function seed() {
    const t = (daysAgo: number) => new Date(now() - daysAgo * 86_400_000).toISOString();
    folders = [
      { _id: 'f_sales_playbooks', name: 'Sales playbooks', organizationId: ORG, parentFolderId: null, description: 'Negotiation and discovery guides.', status: 'active', metadata: { color: '#2563eb', icon: 'briefcase', materialCount: 2, totalSize: 48_213, lastActivity: t(2) }, createdAt: t(60), updatedAt: t(2) },
      { _id: 'f_security', name: 'Security', organizationId: ORG, parentFolderId: null, status: 'active', metadata: { color: '#dc2626', icon: 'shield', materialCount: 1 }, createdAt: t(45), updatedAt: t(10) },
    ];
    materials = [
      { _id: 'm_batna_notes', name: 'BATNA cheat sheet', organizationId: ORG, folderId: 'f_sales_playbooks', contentType: 'text', content: { text: 'Know your best alternative before you negotiate…', mimeType: 'text/plain', fileSize: 2_048 }, status: 'active', usage: { views: 41 }, references: [], createdAt: t(30), updatedAt: t(30) },
      { _id: 'm_anchor_video', name: 'Anchoring explained', organizationId: ORG, folderId: 'f_sales_playbooks', contentType: 'video', content: { url: 'https://media.northwind.example/anchoring.mp4', storageKey: 'org_northwind/anchoring.mp4', storageUrl: 'https://storage.northwind.example/org_northwind/anchoring.mp4', filename: 'anchoring.mp4', fileSize: 46_165, mimeType: 'video/mp4' }, status: 'active', usage: { views: 17 }, createdAt: t(20), updatedAt: t(20) },
      { _id: 'm_phishing_pdf', name: 'Phishing examples 2026', organizationId: ORG, folderId: 'f_security', contentType: 'pdf', content: { url: 'https://docs.northwind.example/phishing.pdf', filename: 'phishing.pdf', fileSize: 812_004, mimeType: 'application/pdf' }, status: 'active', usage: {}, createdAt: t(12), updatedAt: t(12) },
    ];
    components = [
      { _id: oid(), componentId: 'cmp_insights', type: 'performance_insights', name: 'Workspace insights', organization: ORG, config: {}, status: 'active', usage: { conversations: 12 }, createdAt: t(40), updatedAt: t(40) },
    ];
    presentations = [];
  }
  seed();

  function material(body: Body, userId: string, processing: boolean): Body {
    const content = body['content'] as Body;
    const type = String(content['type']);
    const m: Body = {
      _id: oid(),
      name: body['name'],
      organizationId: ORG,
      folderId: typeof body['folderId'] === 'string' ? body['folderId'] : null,
      contentType: type === 'url' ? 'text' : type,
      content: { ...(content['text'] ? { text: content['text'] } : {}), ...(content['url'] || content['sourceUrl'] ? { url: content['url'] ?? content['sourceUrl'] } : {}), mimeType: type === 'text' || type === 'url' ? 'text/plain' : `${type}/*` },
      metadata: { createdBy: userId },
      status: processing ? 'processing' : 'active',
      usage: {},
      references: Array.isArray(body['references']) ? body['references'] : [],
      createdAt: iso(),
      updatedAt: iso(),
    };
    materials.unshift(m);
    const folder = folders.find((f) => f['_id'] === m['folderId']);
    if (folder) (folder['metadata'] as Body)['materialCount'] = materials.filter((x) => x['folderId'] === folder['_id']).length;
    if (processing) {
      setTimeout(() => {
        m['status'] = 'active';
        m['updatedAt'] = iso();
      }, options.processingMs ?? 1_200).unref();
    }
    return m;
  }

  function checkMaterial(body: Body): Record<string, string> {
    const errors: Record<string, string> = {};
    if (typeof body['name'] !== 'string' || !body['name']) errors['name'] = 'name is required';
    const content = body['content'];
    if (!content || typeof content !== 'object') errors['content'] = 'content is required';
    else if (!CONTENT_TYPES.includes(String((content as Body)['type']))) errors['content.type'] = `content.type must be one of ${CONTENT_TYPES.join(', ')}`;
    if (body['folderId'] !== undefined && !folders.some((f) => f['_id'] === body['folderId'])) errors['folderId'] = 'folder not found';
    return errors;
  }

  async function stream(req: IncomingMessage, res: ServerResponse, body: Body): Promise<Result> {
    if (!Array.isArray(body['messages'])) return fail(400, 'Messages array is required');
    const script = options.stream ?? {};
    const sessionId = typeof body['sessionId'] === 'string' ? body['sessionId'] : `ses_${oid().slice(0, 12)}`;
    const question = String((body['message'] as Body | undefined)?.['text'] ?? 'the workspace');
    const stats = options.courseStats?.() ?? [];
    const best = [...stats].sort((a, b) => b.completionPercent - a.completionPercent)[0];
    const worst = [...stats].sort((a, b) => a.completionPercent - b.completionPercent)[0];
    const intro =
      `You asked: "${question}". Across ${stats.length} courses, ` +
      stats.map((c) => `${c.title} has ${c.completed} of ${c.enrolled} learners complete (${c.completionPercent}%)`).join('; ') +
      '. ';
    const outro = best && worst ? `${best.title} is furthest along; ${worst.title} needs the most attention, so a reminder to its assignees before the due date is the quickest win.` : 'There is no course data yet.';
    const words = (intro + outro).split(/(?<= )/);
    const total = script.deltas ?? words.length;
    const token = script.token ?? ((i: number) => words[i % words.length]!);
    const chart = { kind: 'bar', title: 'Completion by course', x: stats.map((c) => c.title), y: stats.map((c) => c.completionPercent), unit: '%' };
    const rows = stats.map((c) => ({ course: c.title, enrolled: c.enrolled, completed: c.completed, completionPercent: c.completionPercent }));

    // The script of parts; text deltas are made lazily so a 10,000-delta stream holds no list of them.
    type Step = { part: Record<string, unknown> } | { delta: number };
    const half = Math.ceil(total / 2);
    function* steps(): Generator<Step> {
      yield { part: { type: 'start', messageId: `msg_${oid().slice(0, 8)}`, messageMetadata: { sessionId } } };
      yield { part: { type: 'reasoning-start', id: 'r1' } };
      yield { part: { type: 'reasoning-delta', id: 'r1', delta: 'Look up completion per course, then compare.' } };
      yield { part: { type: 'reasoning-end', id: 'r1' } };
      yield { part: { type: 'tool-input-start', toolCallId: 'call_1', toolName: 'queryLearnerData' } };
      yield { part: { type: 'tool-input-available', toolCallId: 'call_1', toolName: 'queryLearnerData', input: { metric: 'completion', groupBy: 'course' } } };
      yield { part: { type: 'tool-output-available', toolCallId: 'call_1', output: { rows } } };
      yield { part: { type: 'text-start', id: 't1' } };
      for (let i = 0; i < half; i++) yield { delta: i };
      yield { part: { type: 'tool-input-start', toolCallId: 'call_2', toolName: 'buildChart' } };
      yield { part: { type: 'tool-input-available', toolCallId: 'call_2', toolName: 'buildChart', input: { kind: 'bar', metric: 'completionPercent' } } };
      yield { part: { type: 'tool-output-available', toolCallId: 'call_2', output: { chart } } };
      yield { part: { type: 'data-chart', id: 'chart_1', data: chart } };
      for (let i = half; i < total; i++) yield { delta: i };
      yield { part: { type: 'text-end', id: 't1' } };
      yield { part: { type: 'finish', finishReason: 'stop', messageMetadata: { sessionId } } };
    }

    const format = script.format ?? 'ui';
    const encode = (step: Step): string | undefined => {
      const part = 'delta' in step ? { type: 'text-delta', id: 't1', delta: token(step.delta) } : step.part;
      if (format === 'ui') return `data: ${JSON.stringify(part)}\n\n`;
      if (format === 'text') return part.type === 'text-delta' ? String(part['delta']) : undefined;
      switch (part.type) {
        case 'text-delta':
          return `0:${JSON.stringify(part['delta'])}\n`;
        case 'tool-input-available':
          return `9:${JSON.stringify({ toolCallId: part['toolCallId'], toolName: part['toolName'], args: part['input'] })}\n`;
        case 'tool-output-available':
          return `a:${JSON.stringify({ toolCallId: part['toolCallId'], result: part['output'] })}\n`;
        case 'data-chart':
          return `2:${JSON.stringify([part['data']])}\n`;
        case 'error':
          return `3:${JSON.stringify(part['errorText'])}\n`;
        case 'finish':
          return `d:${JSON.stringify({ finishReason: 'stop' })}\n`;
        default:
          return undefined;
      }
    };

    res.writeHead(200, {
      'content-type': format === 'ui' ? 'text/event-stream; charset=utf-8' : 'text/plain; charset=utf-8',
      'cache-control': 'no-cache',
      'x-session-id': sessionId,
      ...(format === 'ui' ? { 'x-vercel-ai-ui-message-stream': 'v1' } : {}),
    });
    res.flushHeaders();
    const record = { open: true, closedEarly: false };
    state.streams.push(record);
    let closed = false;
    let ended = false;
    res.on('close', () => {
      closed = true;
      record.open = false;
      record.closedEarly = !ended;
    });
    const write = async (text: string) => {
      if (!res.write(text)) await new Promise((r) => res.once('drain', r));
    };

    let n = 0;
    for (const step of steps()) {
      if (closed) return 'streamed';
      if (script.failAfter !== undefined && n >= script.failAfter) {
        req.socket.destroy();
        return 'streamed';
      }
      if (script.silentAfter !== undefined && n >= script.silentAfter) return 'streamed'; // holds the connection open
      if (script.errorAfter !== undefined && n >= script.errorAfter) {
        const e = encode({ part: { type: 'error', errorText: 'The analytics service is temporarily unavailable.' } });
        if (e) await write(e);
        break;
      }
      const text = encode(step);
      if (text !== undefined) {
        if (script.delayMs) await sleep(script.delayMs);
        if (closed) return 'streamed';
        await write(text);
        if ('delta' in step) script.onEmit?.(step.delta, performance.now());
        n++;
      }
    }
    if (format === 'ui' && script.errorAfter === undefined) await write('data: [DONE]\n\n');
    ended = true;
    res.end();
    return 'streamed';
  }

  const routes: { method: string; pattern: RegExp; run: (m: RegExpExecArray, body: Body, req: IncomingMessage, res: ServerResponse, url: URL) => Promise<Result> | Result }[] = [
    { method: 'POST', pattern: /^\/api\/v1\/performance-insights\/stream$/, run: (_m, body, req, res) => stream(req, res, body) },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/components$/,
      run: (_m, body) => {
        if (!COMPONENT_TYPES.includes(String(body['type']))) return fail(400, `type must be one of ${COMPONENT_TYPES.join(', ')}`);
        if (typeof body['name'] !== 'string' || !body['name']) return fail(400, 'name is required');
        const config = (body['config'] ?? {}) as Body;
        if ((body['type'] === 'chat' || body['type'] === 'data_analyst') && typeof config['model'] !== 'string') return fail(400, 'config.model is required');
        const c: Body = { _id: oid(), componentId: `cmp_${oid().slice(0, 10)}`, type: body['type'], name: body['name'], ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}), organization: ORG, config, status: 'draft', usage: {}, createdAt: iso(), updatedAt: iso() };
        components.push(c);
        return { status: 201, payload: c };
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/api\/v1\/components\/([^/]+)$/,
      run: (m, body) => {
        const id = decodeURIComponent(m[1]!);
        const c = components.find((x) => x['_id'] === id || x['componentId'] === id);
        if (!c) return fail(404, `Component ${id} not found`);
        if (!COMPONENT_STATUSES.includes(String(body['status']))) return fail(400, `status must be one of ${COMPONENT_STATUSES.join(', ')}`);
        c['status'] = body['status'];
        c['updatedAt'] = iso();
        return { status: 200, payload: c };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/pdf-generator\/create$/,
      run: async (_m, body, req) => {
        const n = body['numberOfSlides'];
        if (typeof body['topic'] !== 'string' || !body['topic']) return fail(400, 'topic is required');
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 50) return fail(400, 'numberOfSlides must be between 1 and 50');
        if (typeof body['locale'] !== 'string') return fail(400, 'locale is required');
        if (body['imageMode'] === 'provide-own' && !Array.isArray(body['customImages'])) return fail(400, 'customImages is required when imageMode is provide-own');
        await sleep(options.generationMs ?? 1_500);
        const id = oid();
        const p: Body = {
          _id: id,
          topic: body['topic'],
          numberOfSlides: n,
          locale: body['locale'],
          url: `https://storage.northwind.example/presentations/${id}.pdf`,
          pptxUrl: `https://storage.northwind.example/presentations/${id}.pptx`,
          transcript: Array.from({ length: n }, (_, i) => ({ pageNum: i + 1, descriptionOfPage: i === 0 ? `Title slide: ${body['topic']}` : `Slide ${i + 1} on ${body['topic']}: key point ${i}, with an image (${body['imageMode'] ?? 'search'}).` })),
          organizationId: ORG,
          userId: String(req.headers['x-user-id'] ?? 'api'),
          createdAt: iso(),
          updatedAt: iso(),
        };
        presentations.push(p);
        return { status: 201, payload: { success: true, presentation: p } };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/materials\/generate$/,
      run: (_m, body, req) => {
        if (typeof body['topic'] !== 'string' || !body['topic']) return fail(400, 'topic is required');
        if (!['outline', 'overview', 'notes', 'summary'].includes(String(body['type']))) return fail(400, 'type must be outline, overview, notes or summary');
        if (typeof body['name'] !== 'string' || !body['name']) return fail(400, 'name is required');
        const m = material({ name: body['name'], content: { type: 'text', text: `${body['type']} of ${body['topic']}` }, folderId: body['folderId'], references: body['references'] }, String(req.headers['x-user-id'] ?? 'api'), true);
        m['generationMetadata'] = { topic: body['topic'], type: body['type'], length: body['length'] ?? 'medium', level: body['level'] ?? null, model: 'sandbox-writer-1' };
        return { status: 201, payload: m };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/materials\/upload-and-process$/,
      run: async (_m, body, req) => {
        const errors = checkMaterial(body);
        if (Object.keys(errors).length) return fail(400, 'Invalid material', errors);
        const timeoutMs = typeof body['timeoutMs'] === 'number' ? body['timeoutMs'] : 300_000;
        const poll = typeof body['pollIntervalMs'] === 'number' ? body['pollIntervalMs'] : 2_000;
        const m = material(body, String(req.headers['x-user-id'] ?? 'api'), true);
        const started = now();
        while (m['status'] === 'processing') {
          const waited = now() - started;
          if (waited >= timeoutMs) return fail(504, `Processing did not finish within ${timeoutMs} ms; the material ${m['_id']} is still processing.`);
          await sleep(Math.min(poll, timeoutMs - waited));
        }
        return { status: 201, payload: m };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/materials$/,
      run: (_m, body, req) => {
        const errors = checkMaterial(body);
        if (Object.keys(errors).length) return fail(400, 'Invalid material', errors);
        const type = String((body['content'] as Body)['type']);
        return { status: 201, payload: material(body, String(req.headers['x-user-id'] ?? 'api'), type !== 'text') };
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/v1\/materials$/,
      run: (_m, _body, _req, _res, url) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        if (!Number.isInteger(page) || page < 1) return fail(400, 'page must be a positive integer');
        if (!Number.isInteger(limit) || limit < 1 || limit > 200) return fail(400, 'limit must be between 1 and 200');
        const folderId = url.searchParams.get('folderId');
        const search = url.searchParams.get('search')?.toLowerCase();
        const list = materials.filter((m) => m['status'] !== 'deleted' && (!folderId || m['folderId'] === folderId) && (!search || String(m['name']).toLowerCase().includes(search)));
        return { status: 200, payload: { materials: list.slice((page - 1) * limit, page * limit), totalCount: list.length, page, totalPages: Math.max(1, Math.ceil(list.length / limit)) } };
      },
    },
    {
      method: 'POST',
      pattern: /^\/api\/v1\/folders$/,
      run: (_m, body) => {
        if (typeof body['name'] !== 'string' || !body['name']) return fail(400, 'name is required');
        if (body['parentFolderId'] !== undefined && !folders.some((f) => f['_id'] === body['parentFolderId'])) return fail(404, 'Parent folder not found');
        const f: Body = { _id: oid(), name: body['name'], organizationId: ORG, parentFolderId: body['parentFolderId'] ?? null, ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}), status: 'active', metadata: { materialCount: 0, totalSize: 0, ...((body['metadata'] as Body) ?? {}) }, createdAt: iso(), updatedAt: iso() };
        folders.push(f);
        return { status: 201, payload: f };
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/api\/v1\/folders\/([^/]+)$/,
      run: (m, body) => {
        const id = decodeURIComponent(m[1]!);
        const f = folders.find((x) => x['_id'] === id);
        if (!f) return fail(404, `Folder ${id} not found`);
        if (body['parentFolderId'] !== undefined && (body['parentFolderId'] === id || !folders.some((x) => x['_id'] === body['parentFolderId']))) return fail(400, 'parentFolderId must be another existing folder');
        for (const k of ['name', 'parentFolderId', 'description'] as const) if (body[k] !== undefined) f[k] = body[k];
        if (body['metadata'] && typeof body['metadata'] === 'object') f['metadata'] = { ...(f['metadata'] as Body), ...(body['metadata'] as Body) };
        f['updatedAt'] = iso();
        return { status: 200, payload: f };
      },
    },
  ];

  return {
    options,
    state,
    /** What the sandbox holds, for tests that check a write landed. */
    get store() {
      return { components, materials, folders, presentations };
    },
    owns(path: string): boolean {
      return /^\/api\/v1\/(performance-insights|components|pdf-generator|materials|folders)(\/|$)/.test(path);
    },
    reset(): void {
      seed();
      options.stream = {};
      state.streams = [];
    },
    async handle(req: IncomingMessage, res: ServerResponse, url: URL, raw: string): Promise<Result> {
      if (req.headers[API_KEY_HEADER] !== apiKey) return fail(401, 'Invalid or missing API key');
      let body: Body = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Body;
        } catch {
          return fail(400, 'Request body is not valid JSON');
        }
      }
      for (const route of routes) {
        const m = route.pattern.exec(url.pathname);
        if (m && route.method === req.method) return route.run(m, body, req, res, url);
      }
      return fail(404, `Cannot ${req.method} ${url.pathname}`);
    },
  };
}
