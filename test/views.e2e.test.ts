// The MCP Apps views in a real browser (Debian's Chromium, driven by playwright-core): each view is read
// from the built server over stdio with a real MCP client, mounted by a small host built on ext-apps'
// AppBridge in a sandboxed iframe under the default CSP, and fed the real tool input and result. What a
// person sees is checked in light and dark, with no console error and no request leaving the page; a
// screenshot of each view is written to docs/views/.
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { fitList } from '../src/mcp/fit.js';
import { startTestSandbox, type TestSandbox } from '../src/sandbox/testing.js';
import { connectStdio, sandboxEnv, type Connected } from './helpers.js';
import type { Mount } from './apps-host/mount.js';
import { missingPrograms, needPrograms, program } from './programs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS = `${ROOT}docs/views`;
const THEMES = ['light', 'dark'] as const;

let sandbox: TestSandbox;
let conn: Connected;
let tools: Tool[];
let hostServer: Server;
let hostUrl: string;
let browser: Browser;
/** Tool calls the views made through the host, as the server received them. */
const viewCalls: { name: string; args: Record<string, unknown> }[] = [];

beforeAll(async () => {
  // Without Chromium (Debian's, or CHROMIUM_PATH) nothing here can run: each test skips in beforeEach.
  if (missingPrograms('chromium').length > 0) return;
  sandbox = await startTestSandbox({ stream: { delayMs: 0 } });
  conn = await connectStdio(sandboxEnv(sandbox));
  tools = (await conn.client.listTools()).tools;
  const hostJs = await build({
    entryPoints: [`${ROOT}test/apps-host/host.ts`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'warning',
  });
  const page = readFileSync(`${ROOT}test/apps-host/index.html`);
  hostServer = createServer((req, res) => {
    if (req.url === '/host.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(hostJs.outputFiles[0]!.text);
    res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: program('chromium'), args: ['--no-sandbox', '--font-render-hinting=none'] });
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);

beforeEach((ctx) => {
  needPrograms(ctx, 'chromium');
  sandbox.reset();
  viewCalls.length = 0;
});

afterAll(async () => {
  await browser?.close();
  await conn?.close();
  if (hostServer) await new Promise((resolve) => hostServer.close(resolve));
  await sandbox?.close();
});

interface Shown {
  page: Page;
  view: FrameLocator;
  problems: string[];
  close(): Promise<void>;
}

/**
 * Calls the tool on the server, reads its view's HTML from the server, and mounts it in the host page
 * with the real input and result. Every console error, page error and request to another address is a
 * problem the caller asserts away.
 */
async function show(
  name: string,
  args: Record<string, unknown>,
  theme: (typeof THEMES)[number],
  opts: { width?: number; result?: CallToolResult; serve?: (name: string, args: Record<string, unknown>) => Promise<CallToolResult> } = {},
): Promise<Shown> {
  const tool = tools.find((t) => t.name === name)!;
  const uri = (tool._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri;
  expect(uri, `${name} names a view`).toMatch(/^ui:\/\//);
  const read = await conn.client.readResource({ uri: uri! });
  const content = read.contents[0] as { text: string; mimeType: string };
  expect(content.mimeType).toBe('text/html;profile=mcp-app');
  const result = opts.result ?? ((await conn.client.callTool({ name, arguments: args })) as CallToolResult);

  // Tall enough for a whole page of a long table, so that its screenshot shows the pager.
  const page = await browser.newPage({ viewport: { width: (opts.width ?? 720) + 32, height: 2400 }, colorScheme: theme });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(hostUrl)) return route.continue();
    problems.push(`request left the page: ${url}`);
    return route.abort();
  });
  await page.exposeFunction('callServerTool', async (toolName: string, toolArgs: Record<string, unknown>) => {
    viewCalls.push({ name: toolName, args: toolArgs });
    return opts.serve ? opts.serve(toolName, toolArgs) : conn.client.callTool({ name: toolName, arguments: toolArgs });
  });
  await page.goto(hostUrl);
  const mount: Mount = { html: content.text, tool: tool as never, input: args, result: result as never, theme, width: opts.width ?? 720 };
  // The host page's own function (test/apps-host/host.ts); the mount goes over as plain JSON.
  await page.evaluate((m) => (globalThis as unknown as { mountView(m: unknown): Promise<void> }).mountView(m), mount as unknown);
  const view = page.frameLocator('iframe');
  await view.locator('main, [role=alert]').first().waitFor();
  return { page, view, problems, close: () => page.close() };
}

/** The frame's height follows the view's content and settles (no resize loop). */
async function settledHeight(s: Shown): Promise<number> {
  const frame = s.page.locator('iframe');
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(50);
  const sizeChanges = () => s.page.evaluate(() => (globalThis as unknown as { sizeChanges: number }).sizeChanges);
  const before = await sizeChanges();
  await s.page.waitForTimeout(300);
  const after = await sizeChanges();
  expect(after - before, 'size notifications keep coming').toBeLessThanOrEqual(1);
  const box = await frame.boundingBox();
  const content = await s.view.locator('html').evaluate((el) => el.scrollHeight);
  expect(Math.abs(box!.height - content)).toBeLessThanOrEqual(2);
  return box!.height;
}

async function screenshot(s: Shown, name: string): Promise<void> {
  await settledHeight(s);
  await s.page.locator('iframe').screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The texts of a column of the view's (first) table body. */
const column = (s: Shown, index: number) => s.view.locator('table').first().locator(`tbody tr > :nth-child(${index})`).allInnerTexts();

describe.each(THEMES)('%s theme', (theme) => {
  test("learners: rows, completion bars, groups; sorting by a column; a learner's progress called back from the server", async () => {
    const s = await show('analytics_students', {}, theme);
    const { structuredContent } = (await conn.client.callTool({ name: 'analytics_students', arguments: {} })) as unknown as {
      structuredContent: { students: { user: { name: string } }[] };
    };
    const names = structuredContent.students.map((x) => x.user.name);
    await expect.poll(() => column(s, 1)).toEqual(names);
    expect(await s.view.locator('thead th').allInnerTexts()).toEqual(expect.arrayContaining(['Learner', 'Completion', 'Groups', 'Joined']));
    expect(await s.view.locator('tbody .bar-fill').count()).toBe(names.length);
    expect(await s.view.locator('tbody tr').first().locator('.tag').count()).toBeGreaterThan(0);

    // Sorting by completion, from the keyboard: the header is a button, and says how it is sorted.
    const header = s.view.locator('thead th', { hasText: 'Completion' });
    await header.locator('button').focus();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const ratios = (await column(s, 2)).map((t) => {
      const m = /(\d+) of (\d+)/.exec(t)!;
      return Number(m[1]) / Number(m[2]);
    });
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    await header.locator('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');

    // Choosing a learner calls the server back (analytics_courses, then learning_student_units per course).
    const first = s.view.locator('tbody tr').first().locator('button.link');
    const learner = await first.innerText();
    await first.click();
    await s.view.locator('section.panel table').waitFor();
    expect(await s.view.locator('section.panel h2').innerText()).toBe(`Progress of ${learner}`);
    expect(viewCalls.map((c) => c.name)).toContain('learning_student_units');
    expect(sandbox.requests.some((r) => r.path.includes('student') && JSON.stringify(r.body ?? r.query).includes('courseId'))).toBe(true);
    expect(await s.view.locator('section.panel tbody tr').count()).toBeGreaterThan(0);
    expect(await s.view.locator('section.panel tbody .bar-value').first().innerText()).toMatch(/%$/);
    await screenshot(s, `learners-${theme}`);
    expect(s.problems).toEqual([]);
    await s.close();
  });

  test('learners who need attention: the reason of each; top performers: the rank', async () => {
    const s = await show('analytics_needs_attention', {}, theme);
    await expect.poll(() => s.view.locator('h1').innerText()).toBe('Learners who need attention');
    const reasons = await s.view.locator('tbody .reason').allInnerTexts();
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(r).toMatch(/^None of \d+ assigned courses? completed/);
    const top = await show('analytics_top_performers', { limit: 3 }, theme);
    await expect.poll(() => column(top, 1)).toEqual(['1', '2', '3']);
    expect(await top.view.locator('thead th').first().innerText()).toBe('Rank');
    expect([...s.problems, ...top.problems]).toEqual([]);
    await s.close();
    await top.close();
  });

  test('courses: completion by course as a chart with labels and units, and its table', async () => {
    const s = await show('analytics_courses', {}, theme);
    const chart = s.view.locator('figure.chart');
    expect(await chart.getAttribute('aria-label')).toBe('Completion by course: learners who completed (%)');
    expect(await chart.locator('.chart-label').allInnerTexts()).toEqual([
      'Negotiation Essentials',
      'Security Awareness 2026',
      'Welcome to Northwind',
    ]);
    expect(await chart.locator('.bar-value').allInnerTexts()).toEqual(['40 %', '33.3 %', '33.3 %']);
    const widths = await chart
      .locator('.bar-fill')
      .evaluateAll((els) => els.map((e) => (e as unknown as { style: { width: string } }).style.width));
    expect(widths).toEqual(['40%', '33.3%', '33.3%']);
    expect(await column(s, 2)).toEqual(['5 learners', '9 learners', '3 learners']);
    // What a screen reader is given: the chart as a labelled figure listing each course with its value, the table with its headers.
    const figure = await chart.ariaSnapshot();
    expect(figure).toContain('figure "Completion by course: learners who completed (%)"');
    expect(figure).toContain('listitem: Negotiation Essentials 40 %');
    const table = await s.view.locator('table').ariaSnapshot();
    for (const header of ['Course', 'Enrolled', 'Completed', 'Completion']) expect(table).toContain(`columnheader "${header}"`);
    expect(table).toContain('rowheader "Security Awareness 2026"');
    await screenshot(s, `courses-${theme}`);
    expect(s.problems).toEqual([]);
    await s.close();
  });

  test("quizzes: a quiz's score distribution and attempts, and the difficulty of each question", async () => {
    const quiz = await show('performance_quiz', { activityId: 'tp_phishing_quiz' }, theme);
    expect(await quiz.view.locator('h1').innerText()).toBe('Quiz: Spotting phishing');
    expect(await quiz.view.locator('.figure dd').allInnerTexts()).toEqual(['6', '78 %']);
    expect(await quiz.view.locator('figure.chart .chart-label').allInnerTexts()).toEqual(['0-24 %', '25-49 %', '50-74 %', '75-100 %']);
    const scores = await column(quiz, 2);
    expect(scores[0]).toMatch(/^100 % \(3 of 3\)/);
    expect(scores.at(-1)).toBe('not finished');
    const stats = await show('learning_question_stats', { kind: 'test', refId: 'ts_sec_core' }, theme);
    const chart = stats.view.locator('figure.chart');
    expect(await chart.locator('figcaption').innerText()).toContain('Wrong answers by question');
    expect(await chart.locator('.chart-label').first().innerText()).toBe('Q1. Which is safest for sharing a customer file?');
    expect(await chart.locator('.bar-value').allInnerTexts()).toEqual(['0 %', '25 %', '25 %', '50 %']);
    await screenshot(stats, `questions-${theme}`);
    expect([...quiz.problems, ...stats.problems]).toEqual([]);
    await quiz.close();
    await stats.close();
  });

  test('the workspace overview: key figures with units; the month before is one click away', async () => {
    const hero = await show('analytics_hero', {}, theme);
    const figures = await hero.view.locator('.figure').allInnerTexts();
    expect(figures.map((f) => f.replace(/\s+/g, ' '))).toEqual(
      expect.arrayContaining(['Learners 9 learners', 'Average time to complete 10 d 8 h']),
    );
    await hero.view.getByRole('button', { name: "This month's activity" }).click();
    await hero.view.locator('section.panel h1').waitFor();
    expect(viewCalls).toEqual([{ name: 'analytics_monthly_overview', args: {} }]);
    await screenshot(hero, `overview-${theme}`);

    const month = await show('analytics_monthly_overview', {}, theme);
    const current = await month.view.locator('h1').innerText();
    expect(current).toMatch(/^Activity in \w+ \d{4}$/);
    expect(await month.view.locator('button', { hasText: '→' }).isDisabled()).toBe(true); // no month after this one
    await month.view.locator('button', { hasText: '←' }).click();
    await expect.poll(() => month.view.locator('h1').innerText()).not.toBe(current);
    expect(viewCalls.at(-1)?.name).toBe('analytics_monthly_overview');
    expect(viewCalls.at(-1)?.args['month']).toMatch(/^\d{4}-\d{2}$/);
    expect(await month.view.locator('.figure dt').allInnerTexts()).toContain('Learners who started');
    expect([...hero.problems, ...month.problems]).toEqual([]);
    await hero.close();
    await month.close();
  });

  test('the assistant: its answer with the chart and table of its stream; a follow-up continues the conversation', async () => {
    const question = 'How is completion by course?';
    const s = await show('performance_insights_ask', { question }, theme);
    expect(await s.view.locator('.answer').innerText()).toContain('Negotiation Essentials has 2 of 5 learners complete');
    expect(await s.view.locator('figure.chart figcaption').innerText()).toContain('Completion by course');
    expect(await s.view.locator('figure.chart .bar-value').allInnerTexts()).toEqual(['40 %', '33.3 %', '33.3 %']);
    expect(await s.view.locator('table thead th').allInnerTexts()).toEqual(['Course', 'Enrolled', 'Completed', 'Completion (%)']);
    await screenshot(s, `assistant-${theme}`);
    await s.view.getByRole('textbox', { name: 'Follow-up question' }).fill('And which learners are behind?');
    await s.view.getByRole('button', { name: 'Ask' }).click();
    await expect.poll(() => s.view.locator('.sub').first().innerText()).toBe('You asked: And which learners are behind?');
    expect(viewCalls).toHaveLength(1);
    expect(viewCalls[0]!.args['sessionId']).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.problems).toEqual([]);
    await s.close();
  });
});

describe('states and sizes', () => {
  test('an isError result shows its message and resolution', async () => {
    const s = await show('learning_question_stats', { kind: 'quiz', refId: 'no_such_quiz' }, 'light');
    const alert = s.view.getByRole('alert');
    expect(await alert.locator('.error-title').innerText()).toMatch(/^Error [A-Z_]+ \(HTTP \d{3}[^)]*\): /);
    expect(await alert.innerText()).toContain('What to do:');
    expect(s.problems).toEqual([]);
    await s.close();
  });

  test('an empty list says so', async () => {
    const s = await show('analytics_needs_attention', {}, 'light', {
      result: { content: [{ type: 'text', text: '{"students":[]}' }], structuredContent: { students: [] } },
    });
    expect(await s.view.getByRole('status').innerText()).toContain('Nobody needs attention');
    expect(s.problems).toEqual([]);
    await s.close();
  });

  test('a list the model cut to a few fields is read again whole for the view, every column shown', async () => {
    // Made here: the SDK client checks structured content against the output schema, which cut rows do not meet.
    const whole = (await conn.client.callTool({ name: 'analytics_students', arguments: {} })) as CallToolResult;
    const cut = {
      students: (whole.structuredContent!['students'] as { user: { name: string } }[]).map((l) => ({ user: { name: l.user.name } })),
    };
    const s = await show('analytics_students', { fields: ['user.name'] }, 'light', {
      result: { content: [{ type: 'text', text: JSON.stringify(cut) }], structuredContent: cut },
    });
    await expect
      .poll(() => s.view.locator('thead th').allInnerTexts())
      .toEqual(expect.arrayContaining(['Learner', 'Completion', 'Groups']));
    expect(viewCalls).toEqual([{ name: 'analytics_students', args: {} }]);
    expect(await s.view.locator('tbody .bar-fill').count()).toBe(9);
    expect(s.problems).toEqual([]);
    await s.close();
  });

  test('readable at 320 px: nothing wider than the frame but the table, which scrolls on its own', async () => {
    const s = await show('analytics_students', {}, 'light', { width: 320 });
    await settledHeight(s);
    const overflow = await s.view.locator('html').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(s.problems).toEqual([]);
    await s.close();
  });

  test('the theme and style variables come from the host', async () => {
    for (const theme of THEMES) {
      const s = await show('analytics_hero', {}, theme);
      expect(await s.view.locator('html').getAttribute('data-theme')).toBe(theme);
      const bg = await s.view
        .locator('body')
        .evaluate(
          (el) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor,
        );
      expect(bg).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(23, 24, 27)');
      await s.close();
    }
  });
});

// At a customer's size: the built server with --sandbox --sandbox-size 5000 (5,000 learners in 200 teams).
// A list result arrives in parts (the size a client takes), and the view gathers the rest through the host;
// it keeps one page of rows in the document while search and sort cover every row, and draws them within a second.

interface Learner {
  user: { id: string; name: string; email: string };
  coursesAssigned: number;
  coursesCompleted: number;
}

/** The render measures the view recorded (views/ui.ts measureRender, named 'view render'). */
async function renders(s: Shown): Promise<{ duration: number; rows: number }[]> {
  const frame = s.page.frames().find((f) => f !== s.page.mainFrame())!;
  return frame.evaluate(() =>
    (
      globalThis as unknown as { performance: { getEntriesByName(n: string): { duration: number; detail: { rows: number } }[] } }
    ).performance
      .getEntriesByName('view render')
      .map((e) => ({ duration: e.duration, rows: e.detail.rows })),
  );
}

/** The render time of data received, summed over every drawing: asserted within 1 s, and printed for the record. */
async function renderTime(s: Shown, what: string): Promise<number> {
  const measured = await renders(s);
  expect(measured.length).toBeGreaterThan(0);
  const total = measured.reduce((n, m) => n + m.duration, 0);
  const longest = Math.max(...measured.map((m) => m.duration));
  console.log(`${what}: ${measured.length} drawings, ${total.toFixed(1)} ms in all, the longest ${longest.toFixed(1)} ms`);
  return total;
}

describe('at size: 5,000 learners', () => {
  test('courses: a list of 1,000 courses in parts, gathered; the chart keeps to the 20 largest, the table holds every course', async () => {
    const all = Array.from({ length: 1000 }, (_, i) => ({
      courseId: `crs_${i}`,
      title: `Course ${String(i + 1).padStart(4, '0')}: ${['Safety', 'Sales', 'Security', 'Onboarding'][i % 4]} at work`,
      enrolled: 10 + ((i * 37) % 500),
      completed: (i * 13) % 10,
      completionPercent: Math.round((((i * 13) % 10) / (10 + ((i * 37) % 500))) * 1000) / 10,
    }));
    // Cut as the server cuts a list (src/mcp/fit.ts), at the default size a client takes.
    const served = (offset: number): CallToolResult => {
      const { data } = fitList({ courses: all }, 'courses', offset, 40_000);
      return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
    };
    const s = await show('analytics_courses', {}, 'light', {
      result: served(0),
      serve: async (_name, args) => served(Number(args['offset'])),
    });
    const enrolments = all.reduce((n, c) => n + c.enrolled, 0).toLocaleString('en-US');
    await expect.poll(() => s.view.getByRole('status').innerText()).toBe(`1,000 courses · ${enrolments} enrolments`);
    expect(viewCalls.length).toBeGreaterThan(1);
    expect(viewCalls.every((c) => c.name === 'analytics_courses')).toBe(true);
    expect(await renderTime(s, `courses, 1,000 rows in ${viewCalls.length + 1} parts`)).toBeLessThan(1000);
    const chart = s.view.locator('figure.chart');
    expect(await chart.locator('figcaption').innerText()).toContain('Completion of the 20 largest of 1,000 courses');
    const largest = [...all].sort((a, b) => b.enrolled - a.enrolled).slice(0, 20);
    expect(await chart.locator('.chart-label').allInnerTexts()).toEqual(largest.map((c) => c.title));
    expect(await s.view.locator('table tbody tr').count()).toBe(25);
    await s.view.getByRole('searchbox', { name: 'Search courses' }).fill('Course 0900');
    await expect.poll(() => column(s, 1)).toEqual([all[899]!.title]);
    expect(s.problems).toEqual([]);
    await s.close();
  });

  let big: Connected;
  beforeAll(async () => {
    big = await connectStdio({ PATH: process.env['PATH'] ?? '', WORKSPACE_LOG_LEVEL: 'warn' }, ['--sandbox', '--sandbox-size', '5000']);
  }, 60_000);
  afterAll(() => big?.close());
  const callBig = async (name: string, args: Record<string, unknown>) =>
    (await big.client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })) as CallToolResult;

  test('learners: the parts gathered through the host with "showing N of TOTAL" meanwhile; one page of rows in the document; the last learner a page away; search and sort over every row', async () => {
    const first = await callBig('analytics_students', {});
    const firstRows = first.structuredContent!['students'] as Learner[];
    expect(first.structuredContent!['page']).toMatchObject({ offset: 0, total: 5000, nextOffset: firstRows.length });
    // Every row the view was given, in order: the truth its table is checked against.
    const given = [...firstRows];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const serve = async (name: string, args: Record<string, unknown>) => {
      if (Number(args['offset']) > firstRows.length) await gate; // holds the third part until the status was read
      const result = await callBig(name, args);
      given.push(...((result.structuredContent?.['students'] ?? []) as Learner[]));
      return result;
    };
    const s = await show('analytics_students', {}, 'light', { result: first, serve });
    const status = s.view.getByRole('status');
    await expect.poll(() => status.innerText()).toMatch(/^Showing \d{3} of 5,000 learners; reading the rest…$/);
    open();
    await expect
      .poll(() => status.innerText(), { timeout: 200_000, interval: 1000 })
      .toMatch(/^5,000 learners · [\d,]+ (has|have) completed/);
    const done = given.filter((l) => l.coursesAssigned > 0 && l.coursesCompleted >= l.coursesAssigned).length;
    expect(await status.innerText()).toBe(
      `5,000 learners · ${done.toLocaleString('en-US')} ${done === 1 ? 'has' : 'have'} completed every assigned course`,
    );
    // Every part asked for once, each where the one before ended, until the total: every learner exactly once.
    const offsets = viewCalls.map((c) => c.args['offset'] as number);
    expect(viewCalls.every((c) => c.name === 'analytics_students')).toBe(true);
    expect(offsets[0]).toBe(firstRows.length);
    expect(offsets).toEqual([...new Set(offsets)].sort((a, b) => a - b));
    expect(given).toHaveLength(5000);
    expect(new Set(given.map((l) => l.user.id)).size).toBe(5000);
    expect(await renderTime(s, `learners, 5,000 rows in ${offsets.length + 1} parts`)).toBeLessThan(1000);

    const rows = s.view.locator('table').first().locator('tbody tr');
    expect(await rows.count()).toBe(25);
    expect(await column(s, 1)).toEqual(given.slice(0, 25).map((l) => l.user.name));
    await s.view.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => column(s, 1).then((c) => c.at(-1))).toBe(given[4999]!.user.name);
    expect(await s.view.locator('.pager-place').innerText()).toBe('Rows 4,976–5,000 of 5,000');
    expect(await rows.count()).toBe(25);

    const row4900 = given[4899]!;
    const search = s.view.getByRole('searchbox', { name: /^Search learners/ });
    await search.fill(row4900.user.email);
    await expect.poll(() => column(s, 1)).toEqual([row4900.user.name]);
    expect(await s.view.locator('.toolbar').innerText()).toContain('1 of 5,000 match');
    await search.fill(row4900.user.name);
    await expect.poll(() => column(s, 1)).toContain(row4900.user.name);
    await search.fill('');
    // Sorting covers every row: by name, the first of all 5,000 comes first.
    const learner = s.view.locator('thead th', { hasText: 'Learner' });
    await learner.locator('button').click();
    await expect.poll(() => learner.getAttribute('aria-sort')).toBe('ascending');
    const byName = given.map((l) => l.user.name).sort(new Intl.Collator('en-US').compare);
    await expect.poll(() => column(s, 1)).toEqual(byName.slice(0, 25));
    const completion = s.view.locator('thead th', { hasText: 'Completion' });
    await completion.locator('button').click();
    await expect.poll(() => completion.getAttribute('aria-sort')).toBe('descending');
    expect(done).toBeGreaterThan(25);
    for (const c of await column(s, 2)) expect(c).toMatch(/^(\d+) of \1 courses?$/); // a page of learners with every course done
    expect(await s.view.locator('.pager-place').innerText()).toBe('Rows 1–25 of 5,000');
    await screenshot(s, 'learners-at-size-light');
    expect(s.problems).toEqual([]);
    await s.close();
  }, 240_000);

  test("a quiz's attempts by every learner: drawn within a second, one page in the document, the last attempt a page away, a learner's attempt found", async () => {
    const result = await callBig('performance_quiz', { activityId: 'tp_phishing_quiz' });
    const data = result.structuredContent!;
    const attempts = data['attempts'] as { user: { name: string; email: string }; percent: number | null }[];
    const total = (data['page'] as { total?: number } | undefined)?.total ?? attempts.length;
    expect(total).toBeGreaterThan(1000);
    const s = await show('performance_quiz', { activityId: 'tp_phishing_quiz' }, 'light', {
      result,
      serve: async (name, args) => {
        const part = await callBig(name, args);
        attempts.push(...(part.structuredContent!['attempts'] as typeof attempts));
        return part;
      },
    });
    await expect
      .poll(() => s.view.getByRole('status').innerText(), { timeout: 200_000, interval: 1000 })
      .toBe(`${total.toLocaleString('en-US')} attempts`);
    expect(attempts).toHaveLength(total);
    expect(await renderTime(s, `quiz, ${total} attempts`)).toBeLessThan(1000);
    const rows = s.view.locator('table').first().locator('tbody tr');
    expect(await rows.count()).toBe(25);
    // Sorted by score, best first: the last page ends with the lowest score (or an unfinished attempt).
    await s.view.getByRole('button', { name: 'Last page' }).click();
    const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    const lowest = attempts.some((a) => a.percent === null)
      ? 'not finished'
      : `${percent.format(Math.min(...attempts.map((a) => a.percent!)))} %`;
    await expect.poll(() => column(s, 2).then((c) => c.at(-1)!.split(' (')[0])).toBe(lowest);
    const last = Math.floor((total - 1) / 25) * 25 + 1;
    expect(await s.view.locator('.pager-place').innerText()).toBe(
      `Rows ${last.toLocaleString('en-US')}–${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
    );
    const far = attempts[Math.min(4899, total - 1)]!;
    await s.view.getByRole('searchbox', { name: /^Search attempts/ }).fill(far.user.email);
    const ofThem = attempts.filter((a) => a.user.email === far.user.email).length;
    await expect.poll(() => column(s, 1)).toEqual(Array(ofThem).fill(far.user.name));
    expect(s.problems).toEqual([]);
    await s.close();
  }, 240_000);
});
