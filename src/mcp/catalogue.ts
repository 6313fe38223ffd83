import type { Tool } from '@modelcontextprotocol/server';
import type { ToolDef } from '../../tools/define.js';
import type { JobToolDef } from '../../tools/jobs.js';
import { didYouMean } from '../text/suggest.js';
import { serverInstructions } from './instructions.js';
import { jobToolEntry, toolEntry } from './tool-schema.js';
import { JOB_TOOL_NAMES, offered, summarize, type ToolFilter, type ToolSummary } from './tool-summary.js';

/**
 * Filled in at build time for the bundle: every tool's summary and `tools/list` entry. A freshly started
 * bundle answers `tools/list` from them and builds the tools' zod schemas (a third of the schemas built
 * at start) only when a tool is first called.
 */
declare const __LW_TOOLS__: { summaries: ToolSummary[]; list: Record<string, Tool> } | undefined;
const built = typeof __LW_TOOLS__ === 'undefined' ? undefined : __LW_TOOLS__;

let definitions: Promise<ReadonlyMap<string, ToolDef>> | undefined;

/** The tool declarations, loaded once, on first use. */
function loadDefinitions(): Promise<ReadonlyMap<string, ToolDef>> {
  definitions ??= import('../../tools/index.js').then(({ tools }) => new Map(tools.map((d) => [d.name, d])));
  return definitions;
}

let jobDefinitions: Promise<ReadonlyMap<string, JobToolDef>> | undefined;

/** The job tools' declarations, loaded when one is first called. */
function loadJobDefinitions(): Promise<ReadonlyMap<string, JobToolDef>> {
  jobDefinitions ??= import('../../tools/jobs.js').then(({ JOB_TOOLS }) => new Map(JOB_TOOLS.map((d) => [d.name, d])));
  return jobDefinitions;
}

/** Names given to --tools or --exclude-tools that are no tool's, with the closest real ones. */
export async function unknownToolNames(filter: ToolFilter): Promise<string | undefined> {
  const known = [...(built?.summaries ?? [...(await loadDefinitions()).values()]).map((t) => t.name), ...JOB_TOOL_NAMES];
  const unknown = [...(filter.tools ?? []), ...(filter.excludeTools ?? [])].filter((n) => !known.includes(n));
  if (unknown.length === 0) return undefined;
  return `Unknown tool(s): ${unknown.map((n) => `${n.slice(0, 60)}${didYouMean(n, known)}`).join(', ')}. The README's tool list names them all.`;
}

/**
 * The tools one server offers, made once per process for each selection (HTTP makes a server per
 * session or per request, and converting 34 schemas each time would dominate): their names, the
 * `tools/list` answer, and each tool's declaration when it is called.
 */
export class Catalogue {
  private static readonly made = new Map<string, Catalogue>();
  private listed: Promise<{ tools: Tool[] }> | undefined;
  /** The names offered, for lookups. */
  readonly offered: ReadonlySet<string>;
  readonly names: readonly string[];
  /** The tools offered that change the workspace (not read-only). */
  readonly writes: ReadonlySet<string>;
  /** The server instructions for exactly these tools. */
  readonly instructions: string;

  /** The job tools offered: with the long tools, when calls are handed off as jobs. */
  private readonly jobTools: ReadonlySet<string>;
  private readonly jobs: boolean;

  private constructor(
    summaries: readonly ToolSummary[],
    jobs: boolean,
    jobTools: readonly string[],
    private readonly definitions: () => Promise<ReadonlyMap<string, ToolDef>>,
    private readonly builtList: Record<string, Tool> | undefined,
  ) {
    this.jobTools = new Set(jobTools);
    this.jobs = jobs;
    this.names = [...summaries.map((s) => s.name), ...this.jobTools];
    this.offered = new Set(this.names);
    // Following or cancelling one's own job changes no workspace data: a read-only grant may do both.
    this.writes = new Set(summaries.filter((s) => !s.readOnly).map((s) => s.name));
    this.instructions = serverInstructions(summaries, this.jobTools.size > 0);
  }

  /** The catalogue of the tools the filter selects, from the build's summaries or the declarations. */
  static async select(filter: ToolFilter): Promise<Catalogue> {
    const all = built?.summaries ?? [...(await loadDefinitions()).values()].map(summarize);
    const chosen = all.filter((t) => offered(t, filter));
    return Catalogue.named(chosen, filter.jobs ?? false, jobToolsOffered(chosen, filter), loadDefinitions, built?.list);
  }

  /** A catalogue of declarations already at hand (tests, scripts). */
  static of(defs: readonly ToolDef[], jobs = false): Catalogue {
    const map = new Map(defs.map((d) => [d.name, d]));
    const summaries = defs.map(summarize);
    return Catalogue.named(summaries, jobs, jobToolsOffered(summaries, { apis: new Set(), jobs }), async () => map, undefined);
  }

  private static named(
    summaries: ToolSummary[],
    jobs: boolean,
    jobTools: readonly string[],
    definitions: () => Promise<ReadonlyMap<string, ToolDef>>,
    list: Record<string, Tool> | undefined,
  ): Catalogue {
    const key = `${[...summaries.map((s) => s.name), ...jobTools].join(',')}:${jobs}`;
    let c = Catalogue.made.get(key);
    if (!c) Catalogue.made.set(key, (c = new Catalogue(summaries, jobs, jobTools, definitions, list)));
    return c;
  }

  /** The `tools/list` answer, made on first request. */
  list(): Promise<{ tools: Tool[] }> {
    const built = this.builtList;
    const entries = built
      ? Promise.resolve(this.names.map((n) => built[n]!))
      : Promise.all([this.definitions(), loadJobDefinitions()]).then(([defs, jobDefs]) =>
          this.names.map((n) => (this.jobTools.has(n) ? jobToolEntry(jobDefs.get(n)!) : toolEntry(defs.get(n)!))),
        );
    // Without jobs (hand-off off) no call can become a task.
    this.listed ??= entries.then((tools) => ({ tools: this.jobs ? tools : tools.map(({ execution: _, ...rest }) => rest) }));
    return this.listed;
  }

  /** The declaration of an offered tool, or undefined for a name this server does not offer (or a job tool). */
  async definition(name: string): Promise<ToolDef | undefined> {
    return this.offered.has(name) && !this.jobTools.has(name) ? (await this.definitions()).get(name) : undefined;
  }

  /** The declaration of an offered job tool. */
  async jobTool(name: string): Promise<JobToolDef | undefined> {
    return this.jobTools.has(name) ? (await loadJobDefinitions()).get(name) : undefined;
  }
}

/**
 * The job tools offered, when calls are handed off as jobs: with the long tools (their calls may answer
 * with a job), or when named (`--toolsets jobs`, `--tools jobs_get`), unless excluded. A catalogue of
 * reads only (--read-only, a read-only grant) offers no cancel: it stops nothing but reads.
 */
function jobToolsOffered(summaries: readonly ToolSummary[], filter: ToolFilter): string[] {
  if (!filter.jobs) return [];
  const reads = filter.readOnly === true || (summaries.length > 0 && summaries.every((s) => s.readOnly));
  const withLongTools = summaries.some((s) => s.long);
  return JOB_TOOL_NAMES.filter(
    (n) => (withLongTools || filter.toolsets?.has('jobs') || filter.tools?.has(n)) && !filter.excludeTools?.has(n) && (n !== 'jobs_cancel' || !reads),
  );
}
