import { cleanDeep, cut, mayHide, oneLine, workspaceWords } from '../text/clean.js';
import { codeForStatus, ToolError } from './errors.js';

// From one upstream answer to the data of a result or a ToolError, for each API's answer shape.

/** An upstream answer read whole. */
export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the body was JSON, otherwise undefined. */
  json: unknown;
  text: string;
}

const credentialHint = {
  connector: {
    401: 'WORKSPACE_CONNECTOR_TOKEN: the Connector secret or child token is missing, invalid or expired.',
    403: "WORKSPACE_CONNECTOR_TOKEN: the token is valid but the Connector's policy does not permit this command (monthly overview also needs VIEW_ANALYTICS).",
  },
  content: {
    401: 'WORKSPACE_API_KEY: the API key is missing or invalid.',
    403: 'WORKSPACE_API_KEY and WORKSPACE_USER_ID: the key or the acting user may not do this.',
  },
} as const;

function hintFor(api: 'connector' | 'content', status: number): string | undefined {
  return status === 401 || status === 403 ? credentialHint[api][status] : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A body that is no answer, as its words: cleaned, on one line, capped and quoted. */
const snippet = (text: string): string => workspaceWords(text);

/** The workspace's error message as the server's text quotes it. */
const said = (message: string): string => `The workspace said: ${workspaceWords(message)}`;

/** Short workspace words kept as data (a code, a suggestion): cleaned, on one line, capped. */
const words = (v: unknown, max: number): string | undefined => (typeof v === 'string' ? cut(oneLine(v), max) : undefined);

/** Field errors as the workspace gave them, each key and message cleaned and on one line (the tool's keys are picked later). */
function fieldErrors(v: unknown): Record<string, string[]> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(v)) {
    out[cut(oneLine(k), 60)] = (Array.isArray(msgs) ? msgs : [msgs]).map((m) => cut(oneLine(String(m)), 300));
  }
  return out;
}

/**
 * The data of an answer of either API, or the ToolError it stands for. Every string of it is cleaned
 * here, the one place every answer passes (a tool's, a confirmation's reads, a tool that calls others),
 * so the text and the structured content of a result are made from the same cleaned data.
 */
export function answerData(api: 'connector' | 'content', res: UpstreamResponse): Record<string, unknown> {
  const data = api === 'connector' ? envelopeData(res) : plainData(res);
  // One scan of the body spares the walk of the common answer with nothing hidden in it.
  return mayHide(res.text) ? cleanDeep(data) : data;
}

/** Connector answers are envelopes: `{success: true, data}` or `{success: false, error}`. */
export function envelopeData(res: UpstreamResponse): Record<string, unknown> {
  const env = res.json;
  if (!isObject(env) || typeof env['success'] !== 'boolean') {
    throw new ToolError(
      res.text
        ? `The upstream answered HTTP ${res.status} with a body that is not a Connector envelope: ${snippet(res.text)}`
        : `The upstream answered HTTP ${res.status} with an empty body.`,
      { status: res.status, code: 'BAD_UPSTREAM_RESPONSE', hint: hintFor('connector', res.status) },
    );
  }
  if (env['success'] === true && res.status < 300) {
    if (!isObject(env['data'])) {
      throw new ToolError('The upstream envelope has no data object.', { status: res.status, code: 'BAD_UPSTREAM_RESPONSE' });
    }
    return env['data'];
  }
  const error = isObject(env['error']) ? env['error'] : {};
  throw new ToolError(typeof error['message'] === 'string' ? said(error['message']) : `The upstream answered HTTP ${res.status}.`, {
    status: res.status,
    code: codeForStatus(res.status),
    upstreamCode: words(error['code'], 60),
    upstreamResolution: words(error['resolution'], 300),
    fieldErrors: fieldErrors(error['errors']),
    hint: hintFor('connector', res.status),
  });
}

/** Content answers are plain JSON; their error bodies are not documented, so any shape is read. */
export function plainData(res: UpstreamResponse): Record<string, unknown> {
  if (res.status < 300) {
    if (isObject(res.json)) return res.json;
    throw new ToolError(
      res.text
        ? `The upstream answered HTTP ${res.status} with a body that is not a JSON object: ${snippet(res.text)}`
        : `The upstream answered HTTP ${res.status} with an empty body.`,
      { status: res.status, code: 'BAD_UPSTREAM_RESPONSE' },
    );
  }
  const body = res.json;
  let message = res.text ? said(res.text) : `The upstream answered HTTP ${res.status} with no body.`;
  let upstreamCode: string | undefined;
  let resolution: string | undefined;
  let errors: Record<string, string[]> | undefined;
  if (isObject(body)) {
    const error = isObject(body['error']) ? body['error'] : body;
    if (typeof error['message'] === 'string') message = said(error['message']);
    else if (typeof body['error'] === 'string') message = said(body['error']);
    upstreamCode = words(error['code'], 60);
    resolution = words(error['resolution'], 300);
    errors = fieldErrors(error['errors']);
  }
  throw new ToolError(message, {
    status: res.status,
    code: codeForStatus(res.status),
    upstreamCode,
    upstreamResolution: resolution,
    fieldErrors: errors,
    hint: hintFor('content', res.status),
  });
}
