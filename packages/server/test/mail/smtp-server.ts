import { createServer, type Server, type Socket } from 'node:net';

/**
 * A small SMTP server on loopback for the outbox tests: it answers the plain SMTP dialogue (no TLS, no auth) and
 * keeps each message it accepted. While `failing` is true it refuses every mail with a temporary error (451), as a
 * mail server that is down for maintenance; `failing = false` lets the next try through.
 */
export class TestSmtpServer {
  readonly messages: { from: string; to: string[]; data: string }[] = [];
  failing = false;
  refused = 0;
  private server: Server;
  private sockets = new Set<Socket>();
  port = 0;

  constructor() {
    this.server = createServer((socket) => this.session(socket));
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const say = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    let data = '';
    say('220 localhost test SMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.messages.push({ from, to, data });
            say('250 2.0.0 queued');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') say('250-localhost\r\n250 8BITMIME');
        else if (verb === 'HELO') say('250 localhost');
        else if (verb === 'MAIL') {
          if (this.failing) {
            this.refused++;
            say('451 4.3.0 mail server busy, try again later');
          } else {
            from = line.slice(10);
            to = [];
            data = '';
            say('250 2.1.0 ok');
          }
        } else if (verb === 'RCPT') {
          to.push(line.slice(8));
          say('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') say('250 ok');
        else if (verb === 'NOOP') say('250 ok');
        else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 5.5.2 not implemented');
      }
    });
  }
}
