import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback between Vatio and its PostgreSQL, that a test can cut (issue 16, Faults:
 * the database away). `cut()` drops every open connection and stops listening, so a new
 * connection is refused, as when the database server is stopped; `restore()` listens again on the
 * same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => ok());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((ok) => server.close(() => ok()));
  }

  async restore(): Promise<void> {
    await this.start(this.port);
  }
}
