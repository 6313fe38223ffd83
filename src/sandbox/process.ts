// The built-in sandbox as a process of its own, started by attach.ts. It stands for a remote workspace, so
// its work stays out of the server's: a generated workspace of 100,000 learners holds some 600 MB and takes
// seconds of CPU for each whole list, which in the server's process would count as the server's memory and
// stall its event loop (health checks, every other caller) while it answers.
import { startSandbox, type SandboxOptions } from './platform.js';

const opts = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions;
const sandbox = await startSandbox(opts);
// The parent gone (stopped, or killed without a word) closes the channel: the sandbox ends with it.
process.on('disconnect', () => void sandbox.close().finally(() => process.exit(0)));
process.send?.({ url: sandbox.url, learners: sandbox.ws.users.filter((u) => u.role === 'MEMBER').length });
