// Rewrites the generated parts of README.md (the tool table) from the tool declarations.
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceTable } from './tool-docs.js';

const path = new URL('../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = replaceTable(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'README.md is up to date' : 'README.md tool table updated');
