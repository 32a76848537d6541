import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dialog, expect, expectToast, noModal, row, signedInPage, test, USERS, unique } from './admin/helpers.ts';
import { shot } from './fixtures.ts';

// Issue 31: an administrator subscribes a receiver, copies the secret shown once, sends a test and reads its answer
// in the delivery log; the receiver checks the signature with that secret.
const page = signedInPage(USERS.admin);
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let port = 0;

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('taken by the e2e receiver');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

test('add a webhook, keep its secret, send a test and see it delivered and signed', async () => {
  const p = page();
  const name = unique('ERP hook');
  await p.goto('/master/webhooks');
  await expect(p.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await p.getByRole('button', { name: 'Add Webhook' }).click();
  const form = dialog(p, 'Add Webhook');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Receiver URL', { exact: true }).fill(`http://127.0.0.1:${port}/fleet`);
  await form.getByLabel('Event closed').check();
  await form.getByRole('button', { name: 'Save' }).click();

  const secretBox = dialog(p, 'Signing secret');
  await expect(secretBox.getByText('shown only this once', { exact: false })).toBeVisible();
  const secret = ((await secretBox.getByTestId('webhook-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^whsec_/);
  await secretBox.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await noModal(p);

  const r = row(p, name);
  await expect(r.getByText('Event opened')).toBeVisible();
  await expect(r.getByText('Event closed')).toBeVisible();
  await r.getByRole('button', { name: 'Send Test' }).click();
  await expectToast(p, 'A test delivery is queued; its answer appears in the log.');
  const drawer = p.locator('.ant-drawer').filter({ hasText: `Delivery log: ${name}` });
  await expect(drawer.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByText('HTTP 200')).toBeVisible();
  await shot(p, 'webhooks-log');

  const got = received.find((q) => JSON.parse(q.body).data?.name === name);
  expect(got).toBeTruthy();
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got!.headers['x-fleet-signature']))!;
  expect(createHmac('sha256', secret).update(`${t}.${got!.body}`).digest('hex')).toBe(v1);
  expect(got!.headers['x-fleet-event']).toBe('test');
});
