import { LRUCache } from 'lru-cache';
import type { Tool } from '@modelcontextprotocol/server';
import type { BatchToolDef } from '../../tools/batch.js';
import type { ToolDef } from '../../tools/define.js';
import type { JobToolDef } from '../../tools/jobs.js';
import type { CodeToolDef } from '../../tools/code.js';
import { toolsDeclaration, type ToolDeclarations } from '../../tools/declarations.js';
import { CODE_TOOL_NAME } from '../config/code-limits.js';
import type { RepeatFacts } from '../jobs/advice.js';
import { didYouMean } from '../text/suggest.js';
import { serverInstructions } from './instructions.js';
import { keeps, narrowingKey, type Narrowing } from './narrowing.js';
import { batchToolEntry, codeToolEntry, jobToolEntry, toolDeclarations, toolEntry } from './tool-schema.js';
import { BATCH_TOOL_NAME, JOB_TOOL_NAMES, offered, summarize, type ToolFilter, type ToolSummary } from './tool-summary.js';

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

/** What the tool table says of calling a tool again: the advice of a job that ended without its result. */
export async function repeatFacts(name: string): Promise<RepeatFacts> {
  const def = (await loadDefinitions()).get(name);
  if (!def) return { safe: true };
  return { safe: def.annotations.readOnlyHint || def.annotations.idempotentHint, findWith: def.findWith };
}

let jobDefinitions: Promise<ReadonlyMap<string, JobToolDef>> | undefined;

/** The job tools' declarations, loaded when one is first called. */
function loadJobDefinitions(): Promise<ReadonlyMap<string, JobToolDef>> {
  jobDefinitions ??= import('../../tools/jobs.js').then(({ JOB_TOOLS }) => new Map(JOB_TOOLS.map((d) => [d.name, d])));
  return jobDefinitions;
}

let batchDefinition: Promise<BatchToolDef> | undefined;

/** batch_call's declaration, loaded when it is first listed without the build's list, or called. */
function loadBatchDefinition(): Promise<BatchToolDef> {
  batchDefinition ??= import('../../tools/batch.js').then(({ BATCH_TOOL }) => BATCH_TOOL);
  return batchDefinition;
}

let codeDefinition: Promise<CodeToolDef> | undefined;

/** code_run's declaration, loaded when it is first listed without the build's list, or called. */
function loadCodeDefinition(): Promise<CodeToolDef> {
  codeDefinition ??= import('../../tools/code.js').then(({ CODE_TOOL }) => CODE_TOOL);
  return codeDefinition;
}

/** The TypeScript declarations of read tools, from the build or made from their declarations. */
async function declarationsOf(names: readonly string[]): Promise<ToolDeclarations[]> {
  const { builtDeclarations } = await import('../../tools/built-declarations.js');
  if (builtDeclarations) return names.map((n) => builtDeclarations[n]!);
  const defs = await loadDefinitions();
  return names.map((n) => toolDeclarations(defs.get(n)!));
}

/** Names given to --tools or --exclude-tools that are no tool's, with the closest real ones. */
export async function unknownToolNames(filter: ToolFilter): Promise<string | undefined> {
  const known = [
    ...(built?.summaries ?? [...(await loadDefinitions()).values()]).map((t) => t.name),
    BATCH_TOOL_NAME,
    CODE_TOOL_NAME,
    ...JOB_TOOL_NAMES,
  ];
  const unknown = [...(filter.tools ?? []), ...(filter.excludeTools ?? [])].filter((n) => !known.includes(n));
  if (unknown.length === 0) return undefined;
  return `Unknown tool(s): ${unknown.map((n) => `${n.slice(0, 60)}${didYouMean(n, known)}`).join(', ')}. docs/tools.md lists them all.`;
}

/**
 * The tools one server offers, made once per process for each selection (HTTP makes a server per
 * session or per request, and converting 34 schemas each time would dominate): their names, the
 * `tools/list` answer, and each tool's declaration when it is called.
 */
export class Catalogue {
  private static readonly made = new Map<string, Catalogue>();
  /** The catalogues of the narrowings clients asked for (per request or session), the most recent kept. */
  private readonly narrowed = new LRUCache<string, Catalogue>({ max: NARROWED_KEPT });
  private listed: Promise<{ tools: Tool[] }> | undefined;
  /** The names offered, for lookups. */
  readonly offered: ReadonlySet<string>;
  readonly names: readonly string[];
  /** The tools offered that change the workspace (not read-only). */
  readonly writes: ReadonlySet<string>;
  /** batch_call is offered: with any API tool, unless excluded. */
  readonly batch: boolean;
  /** code_run is offered (--toolsets …,code or --tools code_run) with the reads its code calls. */
  readonly code: boolean;
  /** The tools code_run's code may call: the quick reads offered (no long or streamed call). */
  readonly codeTools: readonly string[];
  /** Only the tools that change nothing are offered, by --read-only or a read-only grant. */
  readonly readOnly: boolean;
  /** The server instructions for exactly these tools. */
  readonly instructions: string;

  /** The job tools offered: with the long tools, when calls are handed off as jobs. */
  private readonly jobTools: ReadonlySet<string>;
  private readonly jobs: boolean;

  private constructor(
    private readonly summaries: readonly ToolSummary[],
    jobs: boolean,
    { batch, code, readOnly, jobTools }: { batch: boolean; code: boolean; readOnly: boolean; jobTools: readonly string[] },
    private readonly definitions: () => Promise<ReadonlyMap<string, ToolDef>>,
    private readonly builtList: Record<string, Tool> | undefined,
  ) {
    this.batch = batch && summaries.length > 0;
    this.codeTools = summaries.filter((s) => s.readOnly && !s.long).map((s) => s.name);
    this.code = code && this.codeTools.length > 0;
    this.readOnly = readOnly;
    this.jobTools = new Set(jobTools);
    this.jobs = jobs;
    this.names = [
      ...summaries.map((s) => s.name),
      ...(this.batch ? [BATCH_TOOL_NAME] : []),
      ...(this.code ? [CODE_TOOL_NAME] : []),
      ...this.jobTools,
    ];
    this.offered = new Set(this.names);
    // Following or cancelling one's own job changes no workspace data: a read-only grant may do both.
    this.writes = new Set(summaries.filter((s) => !s.readOnly).map((s) => s.name));
    this.instructions = serverInstructions(summaries, this.jobTools.size > 0, this.batch, this.code);
  }

  /** The catalogue of the tools the filter selects, from the build's summaries or the declarations. */
  static async select(filter: ToolFilter): Promise<Catalogue> {
    const all = built?.summaries ?? [...(await loadDefinitions()).values()].map(summarize);
    const chosen = all.filter((t) => offered(t, filter));
    const batch = !filter.excludeTools?.has(BATCH_TOOL_NAME) && chosen.length > 0;
    const code = (filter.code ?? false) && !filter.excludeTools?.has(CODE_TOOL_NAME);
    return Catalogue.named(
      chosen,
      filter.jobs ?? false,
      { batch, code, readOnly: filter.readOnly ?? false, jobTools: jobToolsOffered(chosen, filter, batch || code) },
      loadDefinitions,
      built?.list,
    );
  }

  /** A catalogue of declarations already at hand (tests, scripts). */
  static of(defs: readonly ToolDef[], jobs = false, code = false): Catalogue {
    const map = new Map(defs.map((d) => [d.name, d]));
    const summaries = defs.map(summarize);
    const flags = {
      batch: true,
      code,
      readOnly: summaries.length > 0 && summaries.every((s) => s.readOnly),
      jobTools: jobToolsOffered(summaries, { apis: new Set(), jobs }, summaries.length > 0),
    };
    return Catalogue.named(summaries, jobs, flags, async () => map, undefined);
  }

  private static named(
    summaries: ToolSummary[],
    jobs: boolean,
    flags: { batch: boolean; code: boolean; readOnly: boolean; jobTools: readonly string[] },
    definitions: () => Promise<ReadonlyMap<string, ToolDef>>,
    list: Record<string, Tool> | undefined,
  ): Catalogue {
    const key = `${[...summaries.map((s) => s.name), ...flags.jobTools].join(',')}:${jobs}:${flags.batch}:${flags.code}:${flags.readOnly}`;
    let c = Catalogue.made.get(key);
    if (!c) Catalogue.made.set(key, (c = new Catalogue(summaries, jobs, flags, definitions, list)));
    return c;
  }

  /** The toolsets this catalogue offers a tool of (`batch` for batch_call), for a client told what it may narrow to. */
  get toolsets(): readonly string[] {
    const sets = new Set(this.summaries.map((s) => s.toolset as string));
    if (this.batch) sets.add('batch');
    if (this.code) sets.add('code');
    if (this.jobTools.size > 0) sets.add('jobs');
    return [...sets];
  }

  /**
   * This catalogue narrowed as a client asked (never widened), made once per distinct narrowing and kept
   * while it is among the most recent NARROWED_KEPT: a request's server then costs a map lookup, and any
   * number of distinct narrowings a client makes up costs bounded memory.
   */
  narrow(n: Narrowing | undefined): Catalogue {
    if (!n) return this;
    const key = narrowingKey(n);
    let c = this.narrowed.get(key);
    if (!c) this.narrowed.set(key, (c = this.narrowedBy(n)));
    return c;
  }

  private narrowedBy(n: Narrowing): Catalogue {
    const readOnly = this.readOnly || n.readOnly === true;
    const summaries = this.summaries.filter((s) => keeps(n, s.name, s.toolset) && (!readOnly || s.readOnly));
    const batch = this.batch && summaries.length > 0 && keeps(n, BATCH_TOOL_NAME, 'batch');
    const code = this.code && keeps(n, CODE_TOOL_NAME, 'code');
    // The job tools follow what may become a job (a long call, a batch) as they do at start, or are named.
    const followed = batch || code || summaries.some((s) => s.long);
    const jobTools = [...this.jobTools].filter(
      (name) => (followed || keeps(n, name, 'jobs')) && !n.excludeTools?.has(name) && (name !== 'jobs_cancel' || !readOnly),
    );
    return new Catalogue(summaries, this.jobs, { batch, code, readOnly, jobTools }, this.definitions, this.builtList);
  }

  /** The `tools/list` answer, made on first request. */
  list(): Promise<{ tools: Tool[] }> {
    const built = this.builtList;
    const entries = built
      ? this.codeEntry(built[CODE_TOOL_NAME]).then((code) =>
          this.names.map((n) => (n === BATCH_TOOL_NAME ? this.batchEntry(built[n]!) : n === CODE_TOOL_NAME ? code! : built[n]!)),
        )
      : Promise.all([this.definitions(), loadJobDefinitions(), loadBatchDefinition(), this.code ? loadCodeDefinition() : undefined])
          .then(async ([defs, jobDefs, batchDef, codeDef]) => ({
            defs,
            jobDefs,
            batchDef,
            code: await this.codeEntry(codeDef && codeToolEntry(codeDef)),
          }))
          .then(({ defs, jobDefs, batchDef, code }) =>
            this.names.map((n) =>
              n === BATCH_TOOL_NAME
                ? this.batchEntry(batchToolEntry(batchDef))
                : n === CODE_TOOL_NAME
                  ? code!
                  : this.jobTools.has(n)
                    ? jobToolEntry(jobDefs.get(n)!)
                    : toolEntry(defs.get(n)!),
            ),
          );
    // Without jobs (hand-off off) no call can become a task.
    this.listed ??= entries.then((tools) => ({ tools: this.jobs ? tools : tools.map(({ execution: _, ...rest }) => rest) }));
    return this.listed;
  }

  /** The declaration of an offered tool, or undefined for a name this server does not offer (or a job tool). */
  async definition(name: string): Promise<ToolDef | undefined> {
    return this.offered.has(name) && !this.jobTools.has(name) ? (await this.definitions()).get(name) : undefined;
  }

  /** code_run's entry: its description followed by the short declarations of the reads its code may call. */
  private async codeEntry(entry: Tool | undefined): Promise<Tool | undefined> {
    if (!this.code || !entry) return undefined;
    return { ...entry, description: `${entry.description}\n${await this.codeDeclarations(false)}` };
  }

  /** The `tools` object code_run's code gets, as TypeScript: outputs cut short (the description), or whole (the resource). */
  async codeDeclarations(full: boolean): Promise<string> {
    const lines = (await declarationsOf(this.codeTools)).map((d) => (full ? d.full : d.short));
    return toolsDeclaration(lines);
  }

  /** code_run's declaration, when this catalogue offers it. */
  async codeTool(): Promise<CodeToolDef | undefined> {
    return this.code ? loadCodeDefinition() : undefined;
  }

  /**
   * batch_call's entry with hints true of the tools it can run here: read-only where every tool offered
   * only reads (--read-only, a read-only grant), destructive only where a deleting tool is offered.
   */
  private batchEntry(entry: Tool): Tool {
    const readOnly = this.summaries.every((s) => s.readOnly);
    const destructive = this.summaries.some((s) => s.destructive);
    return {
      ...entry,
      annotations: { ...entry.annotations, readOnlyHint: readOnly, destructiveHint: destructive, idempotentHint: readOnly },
    };
  }

  /** batch_call's declaration, when this catalogue offers it. */
  async batchTool(): Promise<BatchToolDef | undefined> {
    return this.batch ? loadBatchDefinition() : undefined;
  }

  /** What any tool of this build is, offered here or not (a batch names a write on a read-only server). */
  async anyTool(name: string): Promise<ToolSummary | undefined> {
    return (built?.summaries ?? [...(await loadDefinitions()).values()].map(summarize)).find((t) => t.name === name);
  }

  /** The declaration of an offered job tool. */
  async jobTool(name: string): Promise<JobToolDef | undefined> {
    return this.jobTools.has(name) ? (await loadJobDefinitions()).get(name) : undefined;
  }
}

/** Narrowed catalogues kept per catalogue: distinct narrowings beyond it are made again when asked. */
const NARROWED_KEPT = 64;

/**
 * The job tools offered, when calls are handed off as jobs: with the long tools (their calls may answer
 * with a job), or when named (`--toolsets jobs`, `--tools jobs_get`), unless excluded. A catalogue of
 * reads only (--read-only, a read-only grant) offers no cancel: it stops nothing but reads.
 */
function jobToolsOffered(summaries: readonly ToolSummary[], filter: ToolFilter, batch: boolean): string[] {
  if (!filter.jobs) return [];
  // A catalogue of reads only (--read-only, a read-only grant) offers no cancel: it stops nothing but reads.
  const reads = filter.readOnly === true || (summaries.length > 0 && summaries.every((s) => s.readOnly));
  // A long call, or a batch, may outlast the client's patience and be handed off as a job.
  const followed = batch || summaries.some((s) => s.long);
  return JOB_TOOL_NAMES.filter(
    (n) =>
      (followed || filter.toolsets?.has('jobs') || filter.tools?.has(n)) && !filter.excludeTools?.has(n) && (n !== 'jobs_cancel' || !reads),
  );
}
