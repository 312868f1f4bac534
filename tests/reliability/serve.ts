/**
 * The reference server in a process of its own, for the reliability suite and the server
 * benchmark: `tsx tests/reliability/serve.ts '<ServerOptions as JSON>'` listens on 127.0.0.1 at
 * a free port and prints `listening http://127.0.0.1:PORT`. A process, so it can be killed with
 * SIGKILL mid-write and so load is generated outside the server's own event loop.
 */
import { createServer, type ServerOptions } from '../../demo/server/app';

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as ServerOptions;
  const app = await createServer(options);
  const stop = (): void => {
    void app.close().then(() => process.exit(0));
  };
  // Before the line below: a SIGTERM sent as soon as it is read must close the server, not kill it.
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`listening ${address}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
