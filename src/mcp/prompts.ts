import { ProtocolError, ProtocolErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/server';
import { PROMPTS } from '../../tools/prompts.js';
import { quote } from '../text/quote.js';

// Prompts: what a client shows people for the workflows they run (tools/prompts.ts), offered only with the tools they rely on.

export function listPrompts(offered: ReadonlySet<string>): { prompts: Prompt[] } {
  return {
    prompts: PROMPTS.filter((p) => p.tools.every((t) => offered.has(t))).map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments,
    })),
  };
}

export function getPrompt(offered: ReadonlySet<string>, name: string, args: Record<string, string> = {}): GetPromptResult {
  const prompt = PROMPTS.find((p) => p.name === name && p.tools.every((t) => offered.has(t)));
  if (!prompt)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown prompt ${quote(name)}: prompts/list names the prompts this server offers.`,
    );
  const missing = prompt.arguments.filter((a) => a.required && !args[a.name]).map((a) => a.name);
  if (missing.length > 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} needs ${missing.join(' and ')}.`);
  return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text: prompt.message(args) } }] };
}
