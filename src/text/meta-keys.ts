// The `_meta` keys that mark what people wrote in a result, beside the cleaning of that text: the MCP face
// writes them, and the jobs and the bulk runs that keep or merge results read them. A leaf module.

/** `_meta` key of a result naming the fields people wrote that it carries, down to the leaf. */
export const UNTRUSTED_META = 'io.github.learning-workspace/untrusted';

/**
 * `_meta` key of a job's result made in lockdown. A job outlives its request, so a request in lockdown may
 * read (or join) one made outside it: only a result with this mark is shown to it as it is.
 */
export const LOCKDOWN_META = 'io.github.learning-workspace/lockdown';
