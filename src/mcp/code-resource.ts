import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { CODE_DECLARATIONS_URI } from '../config/code-limits.js';
import type { Catalogue } from './catalogue.js';

// The fuller declarations of the tools code_run's code calls (every output field), offered with code_run.

export function codeResource(): Resource {
  return {
    uri: CODE_DECLARATIONS_URI,
    name: 'code-run-tools',
    title: 'The tools code_run can call, as TypeScript',
    description: "Every read tool code_run's code can call, with its input and its whole output type.",
    mimeType: 'text/x-typescript',
  };
}

/** The declarations, when this is their address and the catalogue offers code_run; else undefined. */
export async function readCodeResource(catalogue: Catalogue, uri: string): Promise<ReadResourceResult | undefined> {
  if (uri !== CODE_DECLARATIONS_URI || !catalogue.code) return undefined;
  return { contents: [{ uri, mimeType: 'text/x-typescript', text: await catalogue.codeDeclarations(true) }] };
}
