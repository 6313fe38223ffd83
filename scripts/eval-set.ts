// The evaluation requests of npm run eval, read from scripts/eval-set.json and checked on load: requests
// in the words of the people who use this (team leads, L&D admins, teachers, HR), with look-alike pairs and
// requests no tool serves (expect: []). Each set says in its "about" who wrote it, when, and what it is
// for. A set's role is its name: EVAL_SET is split by a hash into a tuning half and a held-out half
// (scripts/eval.ts), LATER_TUNING and INDEPENDENT_TUNING_<n> tune, HELD_OUT_NEXT and
// INDEPENDENT_HELD_OUT_<n> judge a round of edits and their misses are not read while editing. A set
// changes role by being renamed; any other name is refused, so no set is silently left out of both.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const Request = z.strictObject({
  ask: z.string().trim().min(1),
  /** The tools that may rightly come first; none when no tool serves the request. */
  expect: z.array(z.string().regex(/^[a-z][a-z_]*$/)),
  /** Why a group of requests is there, on the first of them: the eval does not read it. */
  note: z.string().optional(),
});
export type EvalRequest = z.infer<typeof Request>;

const ONE_OF_A_KIND = ['EVAL_SET', 'LATER_TUNING', 'HELD_OUT_NEXT'] as const;
const SetName = z.union([z.enum(ONE_OF_A_KIND), z.string().regex(/^INDEPENDENT_(TUNING|HELD_OUT)(_([2-9]|[1-9]\d+))?$/)]);

const EvalFile = z
  .strictObject({
    sets: z.array(z.strictObject({ name: SetName, about: z.string().min(1), requests: z.array(Request).min(1) })),
  })
  .superRefine(({ sets }, ctx) => {
    const names = sets.map((s) => s.name);
    for (const name of new Set(names)) {
      if (names.indexOf(name) !== names.lastIndexOf(name)) ctx.addIssue({ code: 'custom', message: `two sets are named ${name}` });
    }
    for (const name of ONE_OF_A_KIND) if (!names.includes(name)) ctx.addIssue({ code: 'custom', message: `no set is named ${name}` });
  });

export type NamedSet = readonly [name: string, set: EvalRequest[]];

export interface EvalSets {
  EVAL_SET: EvalRequest[];
  LATER_TUNING: EvalRequest[];
  HELD_OUT_NEXT: EvalRequest[];
  /** The sets written by hands that read only the API documents, never the descriptions, in order of their number. */
  independentTuning: NamedSet[];
  /** Never read: they judge rounds of edits, and only their figures are printed. */
  independentHeldOut: NamedSet[];
}

/** Key of a request for telling two apart: case, spacing and punctuation do not count. */
const askKey = (ask: string) =>
  ask
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The sets of the file, checked: the schema, then no request in two places (tuning would see a held-out one). */
export function loadEvalSets(file = new URL('./eval-set.json', import.meta.url)): EvalSets {
  const parsed = EvalFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file.pathname} does not fit its schema:\n${z.prettifyError(parsed.error)}`);
  const { sets } = parsed.data;
  const asked = new Set<string>();
  for (const r of sets.flatMap((s) => s.requests)) {
    if (asked.has(askKey(r.ask))) throw new Error(`"${r.ask}" is in the evaluation twice`);
    asked.add(askKey(r.ask));
  }
  const named = (name: string) => sets.find((s) => s.name === name)!.requests;
  const independent = (prefix: 'INDEPENDENT_TUNING' | 'INDEPENDENT_HELD_OUT'): NamedSet[] => {
    const number = (name: string) => Number(name.slice(prefix.length + 1) || 1);
    return sets
      .filter((s) => s.name === prefix || s.name.startsWith(`${prefix}_`))
      .sort((a, b) => number(a.name) - number(b.name))
      .map((s) => [s.name, s.requests] as const);
  };
  return {
    EVAL_SET: named('EVAL_SET'),
    LATER_TUNING: named('LATER_TUNING'),
    HELD_OUT_NEXT: named('HELD_OUT_NEXT'),
    independentTuning: independent('INDEPENDENT_TUNING'),
    independentHeldOut: independent('INDEPENDENT_HELD_OUT'),
  };
}
