// A stand-in XYZ tile server on loopback, for screenshots and browser tests on a closed network:
// each tile is an SVG with a grid and its own z/x/y written on it, so a picture shows which tiles
// were asked for and where they landed. Point Vatio at it with
//   MAP_TILE_URL=http://127.0.0.1:<port>/{z}/{x}/{y}.svg
// Run: node scripts/tile-server.mjs [port]   (TILE_FAIL_EVERY=n answers 404 for every n-th tile
// column, to see the map fall back to its plain background). GET /health answers "ok".
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The SVG of one tile. */
export function tileSvg(z, x, y) {
  const shade = (x + y) % 2 === 0 ? '#e7eee2' : '#dde7ef';
  const grid = [64, 128, 192]
    .map((p) => `<path d="M${p} 0V256M0 ${p}H256" stroke="#b9c6cf" stroke-width="1"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="${shade}"/>${grid}
<rect x="0.5" y="0.5" width="255" height="255" fill="none" stroke="#7d8f9c" stroke-width="1"/>
<text x="128" y="136" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#4b5d6b">${z}/${x}/${y}</text>
</svg>`;
}

/** Starts the server; resolves to { url (the template), port, requests (paths asked for), close }. */
export function startTileServer({ port = 0, host = '127.0.0.1', failEvery = 0 } = {}) {
  const requests = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/health') return void response.writeHead(200).end('ok');
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.svg$/.exec(path);
    if (!match) return void response.writeHead(404).end();
    requests.push(path);
    const [z, x, y] = match.slice(1).map(Number);
    if (failEvery > 0 && x % failEvery === 0) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=60' });
    response.end(tileSvg(z, x, y));
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        url: `http://${host}:${actual}/{z}/{x}/{y}.svg`,
        port: actual,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const tiles = await startTileServer({
    port: Number(process.argv[2] ?? process.env.TILE_PORT ?? 3392),
    failEvery: Number(process.env.TILE_FAIL_EVERY ?? 0),
  });
  console.log(`tiles at ${tiles.url}`);
}
