// Browser-mode baseline: a minimal Node.js `http` server doing no work. Answers every POST with
// its body, parsed and re-serialised as JSON (`Content-Type: application/json`), on keep-alive
// connections (Node's default). Listens on 127.0.0.1, port 0 or the first argument, and prints
// `listening on http://127.0.0.1:PORT/` on stdout once it accepts connections.
'use strict';
const http = require('http');

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
    } catch (e) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('the body is not valid JSON\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
});

server.keepAliveTimeout = 30000;
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
