// The code blocks of the README and the docs pages, as the tests that run them read them: each block with
// the comment before it, which says which test runs it or why none does; and shell command lines split
// into words as a POSIX shell would, so a test runs a documented command as written.
import { readFileSync } from 'node:fs';

export const ROOT = new URL('../', import.meta.url);

export interface Block {
  /** The fence's language: sh, json, toml, text… */
  lang: string;
  /** The text of the HTML comment on the line before the fence ("run by …", "not run: …"), if any. */
  marker: string | undefined;
  text: string;
  /** Line of the opening fence, from 1. */
  line: number;
}

/** Every fenced code block of a markdown file (a path from the repository root). */
export function codeBlocks(file: string): Block[] {
  const lines = readFileSync(new URL(file, ROOT), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    const marker = /^<!--\s*(.*?)\s*-->$/.exec(lines[i - 1] ?? '')?.[1];
    blocks.push({ lang: open[1]!, marker, text: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    i = end;
  }
  return blocks;
}

/** The blocks of a file that a comment says this test runs. */
export function blocksRunBy(file: string, test: string, lang?: string): Block[] {
  return codeBlocks(file).filter((b) => b.marker?.startsWith('run by') && b.marker.includes(test) && (!lang || b.lang === lang));
}

/**
 * A shell block's commands: continuation lines joined, a line break inside single quotes kept, comment and
 * blank lines left out.
 */
export function shellCommands(text: string): string[] {
  const commands: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (line.endsWith('\\')) {
      current += line.slice(0, -1);
      continue;
    }
    current += line;
    if ((current.match(/'/g) ?? []).length % 2 === 1) {
      current += '\n';
      continue;
    }
    if (current.trim() && !current.trim().startsWith('#')) commands.push(current.trim());
    current = '';
  }
  return commands;
}

/**
 * One command line as the shell splits it into words: 'single' quotes literal, "double" quotes and bare
 * words expanding $NAME and ${NAME} from `env` (unset: empty), a # at the start of a word ending the line.
 * Newlines inside quotes are kept.
 */
export function shellWords(line: string, env: Record<string, string | undefined>): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const expand = (s: string) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a?: string, b?: string) => env[(a ?? b)!] ?? '');
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) break;
    else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = line.indexOf('"', i + 1);
      word = (word ?? '') + expand(line.slice(i + 1, end));
      i = end;
    } else {
      const bare = /^[^\s'"]+/.exec(line.slice(i))![0];
      word = (word ?? '') + expand(bare);
      i += bare.length - 1;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Where the docs put the built server and the HTTP endpoint; a test puts its own in their place. */
export const DOC_CLI = '/absolute/path/to/learning-workspace-mcp/dist/src/cli.js';
export const DOC_URL = 'http://127.0.0.1:8787/mcp';
