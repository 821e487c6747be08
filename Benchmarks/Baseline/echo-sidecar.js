// Throughput baseline: a typical Node.js JSON-RPC sidecar over stdio, doing no work.
// Reads NDJSON requests with readline, parses each with JSON.parse and answers
// {"jsonrpc":"2.0","id":<id>,"result":<params>}. Replies are batched per tick of the
// event loop (one process.stdout.write per batch) rather than one write per message.
'use strict';
const readline = require('readline');

let pending = [];
let scheduled = false;

function flush() {
  scheduled = false;
  if (pending.length === 0) return;
  process.stdout.write(pending.join(''));
  pending = [];
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });

rl.on('line', (line) => {
  if (line.length === 0) return;
  const request = JSON.parse(line);
  pending.push(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: request.params }) + '\n');
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});

rl.on('close', flush);
