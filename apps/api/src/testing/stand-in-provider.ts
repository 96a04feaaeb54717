/**
 * A stand-in for the message providers (outside the product): an HTTP server that speaks WhatsApp
 * Business Cloud API's `POST /{version}/{phone-number-id}/messages` and MSG91's `POST /flow/`, with their
 * answers and failures, and counts what it accepted. Like Meta, it can post signed status webhooks
 * (carrying `biz_opaque_callback_data`) back to the product, and like MSG91 delivery reports, retrying
 * until they are taken; and it carries parents' replies (STOP) on either channel.
 * Plain TypeScript with node: imports only, so the bench (plain Node) can load it too.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** What the stand-in does with the next message to a phone: `429:2` is 429 with Retry-After 2 s. */
export type StandInAction = 'ok' | 'invalid' | '500' | 'timeout' | `429:${number}`;

export type StandInOptions = {
  token?: string;
  /** Where to post status webhooks ('sent'), signed with `appSecret`; none: no webhooks. */
  webhookUrl?: string;
  appSecret?: string;
  /** Where to post MSG91's delivery reports (its URL carries the secret as `?token=`); none: no reports. */
  smsReportsUrl?: string;
  /** Where to post MSG91's inbound SMS (with its `?token=`). */
  smsRepliesUrl?: string;
  /** How long a 'timeout' answer takes. */
  hangMs?: number;
  /** Delay before answering each message (a real provider's latency). */
  latencyMs?: number;
};

export type StandIn = {
  url: string;
  /** Scripts the next answers for one phone (10 digits); after the script, 'ok'. */
  script(phone: string, actions: StandInAction[]): void;
  /** Makes the next accepted SMS to a phone come back as not delivered in its delivery report. */
  undelivered(phone: string): void;
  /** A parent's reply reaching the product: signed WhatsApp notification, or MSG91's inbound SMS. */
  reply(channel: 'whatsapp' | 'sms', phone: string, text: string): void;
  /** Accepted messages per key (callback data for WhatsApp, else the message id): 1 each means exactly once. */
  accepted: Map<string, number>;
  /** Every request received, accepted or not. */
  requests: { path: string; to: string; key: string | undefined; body: unknown }[];
  /** Accepted messages whose key was already accepted (a duplicate the parent would see). */
  duplicates(): number;
  /** Webhooks still waiting to be taken by the product. */
  pendingWebhooks(): number;
  /** Resolves once every webhook posted so far was taken by the product. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const scripts = new Map<string, StandInAction[]>();
  const scriptedReports = new Map<string, 'undelivered'[]>();
  const idleWaiters: (() => void)[] = [];
  const accepted = new Map<string, number>();
  const requests: StandIn['requests'] = [];
  const webhooks = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  /** Posts one webhook, retried every 500 ms until taken (as Meta and MSG91 retry theirs). */
  const deliver = (id: string, url: string, body: string, headers: Record<string, string>, tries = 0) => {
    if (closed) return;
    webhooks.add(id);
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(5000),
    })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        webhooks.delete(id);
        if (webhooks.size === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      })
      .catch(() => {
        if (closed || tries > 120) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          deliver(id, url, body, headers, tries + 1);
        }, 500);
        timers.add(timer);
      });
  };

  /** A WhatsApp notification (statuses or messages), signed as Meta signs it. */
  const postWhatsApp = (id: string, value: Record<string, unknown>) => {
    if (!options.webhookUrl) return;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] }],
    });
    const signature = `sha256=${createHmac('sha256', options.appSecret ?? '')
      .update(body)
      .digest('hex')}`;
    deliver(id, options.webhookUrl, body, { 'x-hub-signature-256': signature });
  };

  const postWebhook = (id: string, key: string, to: string) =>
    postWhatsApp(id, {
      statuses: [
        {
          id,
          status: 'sent',
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: to,
          biz_opaque_callback_data: key,
        },
      ],
    });

  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return answer(400, { error: { message: 'Invalid JSON', code: 100 } });
    }
    const isWhatsApp = /\/messages$/.test(request.url ?? '');
    const isMsg91 = /\/flow\/?$/.test(request.url ?? '');
    if (!isWhatsApp && !isMsg91) return answer(404, { error: { message: 'Unknown path', code: 100 } });
    if (isWhatsApp && options.token && request.headers.authorization !== `Bearer ${options.token}`) {
      return answer(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
    }
    const to = isWhatsApp
      ? String(body.to ?? '')
      : String((body.recipients as { mobiles?: string }[] | undefined)?.[0]?.mobiles ?? '');
    const key = isWhatsApp ? (body.biz_opaque_callback_data as string | undefined) : undefined;
    requests.push({ path: request.url ?? '', to, key, body });
    const phone = to.replace(/^91/, '');
    const action = scripts.get(phone)?.shift() ?? 'ok';
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    if (action === 'timeout') {
      await new Promise((resolve) => setTimeout(resolve, options.hangMs ?? 2000));
      if (!response.destroyed) answer(504, { error: { message: 'Gateway timeout', code: 2 } });
      return;
    }
    if (action.startsWith('429:')) {
      const seconds = action.slice(4);
      return isWhatsApp
        ? answer(429, { error: { message: 'Rate limit hit', code: 130429 } }, { 'retry-after': seconds })
        : answer(429, { type: 'error', message: 'Too many requests' }, { 'retry-after': seconds });
    }
    if (action === '500') {
      return isWhatsApp
        ? answer(500, { error: { message: 'Service temporarily unavailable', code: 131000 } })
        : answer(500, { type: 'error', message: 'Internal error' });
    }
    if (action === 'invalid' || !/^91\d{10}$/.test(to)) {
      return isWhatsApp
        ? answer(400, { error: { message: '(#131026) Message undeliverable', code: 131026 } })
        : answer(200, { type: 'error', message: 'Mobile number not valid' });
    }
    const id = isWhatsApp ? `wamid.${randomUUID()}` : randomUUID().replace(/-/g, '');
    const countKey = key ?? id;
    accepted.set(countKey, (accepted.get(countKey) ?? 0) + 1);
    if (isWhatsApp) {
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
      if (key) postWebhook(id, key, to);
      return;
    }
    answer(200, { type: 'success', message: id });
    // MSG91's delivery report (webhook v3): delivered, or failed for the numbers scripted 'undelivered'.
    if (options.smsReportsUrl) {
      const report =
        scriptedReports.get(phone)?.shift() === 'undelivered'
          ? { status: '2', desc: 'FAILED', failedReason: 'Absent subscriber' }
          : { status: '1', desc: 'DELIVERED' };
      deliver(id, options.smsReportsUrl, JSON.stringify({ requestId: id, number: to, ...report }), {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    script(phone, actions) {
      scripts.set(phone, [...actions]);
    },
    undelivered(phone) {
      scriptedReports.set(phone, [...(scriptedReports.get(phone) ?? []), 'undelivered']);
    },
    reply(channel, phone, text) {
      const id = `reply.${randomUUID()}`;
      if (channel === 'whatsapp') {
        postWhatsApp(id, { messages: [{ from: `91${phone}`, id, type: 'text', text: { body: text } }] });
      } else if (options.smsRepliesUrl) {
        deliver(id, options.smsRepliesUrl, JSON.stringify({ number: `91${phone}`, message: text, keyword: text }), {});
      }
    },
    accepted,
    requests,
    duplicates() {
      let extra = 0;
      for (const count of accepted.values()) extra += count - 1;
      return extra;
    },
    pendingWebhooks: () => webhooks.size,
    idle: () => (webhooks.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
