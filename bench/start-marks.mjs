// Preloaded (node --import) by npm run bench's start-up breakdown into each server it starts, the same for
// all: when the process can first run code (node is up), and when the server starts reading stdin (a
// 'data' listener: its modules are loaded and it is set up). Milliseconds since the process started,
// written to stderr at exit; nothing in the server changes.
import { writeSync } from 'node:fs';

const marks = { nodeUp: performance.now(), reading: NaN };
const stdin = Object.getOwnPropertyDescriptor(process, 'stdin');
let watched = false;
Object.defineProperty(process, 'stdin', {
  ...stdin,
  get() {
    const stream = stdin.get.call(process);
    if (!watched) {
      watched = true;
      const on = stream.on;
      stream.on = stream.addListener = function (event, listener) {
        if (event === 'data' && Number.isNaN(marks.reading)) marks.reading = performance.now();
        return on.call(this, event, listener);
      };
    }
    return stream;
  },
});
process.on('exit', () => writeSync(2, `\nSTART-MARKS ${JSON.stringify(marks)}\n`));
