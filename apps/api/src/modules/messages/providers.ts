/**
 * The providers that carry messages to parents, behind one interface: WhatsApp Business Cloud API and
 * MSG91 (SMS, India). Each speaks its provider's real HTTP API; tests point them at a stand-in server.
 */

export type OutgoingMessage = {
  /** 10-digit Indian mobile. */
  phone: string;
  body: string;
  /** Ours, unique per message; sent where the API takes one and echoed in delivery reports. */
  idempotencyKey: string;
  /** An approved WhatsApp template's name and its parameters, when business-initiated messages need one. */
  template?: { name: string; language: 'en' | 'mr'; params: string[] } | undefined;
};

export type SendOutcome =
  | { ok: true; providerMessageId: string }
  /** `permanent`: retrying cannot help (an invalid number, a refused template). */
  | { ok: false; permanent: boolean; reason: string; retryAfterMs?: number | undefined };

export type MessageProvider = {
  /** 'whatsapp' or 'sms': stored as the message's channel. */
  channel: 'whatsapp' | 'sms';
  /** Messages per second the provider allows this sender. */
  ratePerSecond: number;
  send(message: OutgoingMessage): Promise<SendOutcome>;
};

const TIMEOUT_MS = 10_000;

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 3_600_000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - now), 3_600_000);
}

async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<{ response: Response; json: unknown } | { error: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { response, json };
  } catch (error) {
    const name = (error as Error).name;
    return { error: name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : 'could not connect' };
  }
}

/** A temporary failure: the caller tries again later (after Retry-After when the provider gave one). */
const retry = (reason: string, response?: Response): SendOutcome => ({
  ok: false,
  permanent: false,
  reason,
  retryAfterMs: response ? retryAfterMs(response.headers.get('retry-after')) : undefined,
});

export type WhatsAppSettings = {
  token: string;
  phoneNumberId: string;
  /** https://graph.facebook.com/v21.0 */
  apiUrl: string;
  ratePerSecond: number;
  timeoutMs?: number;
};

/** Graph API error codes that are about the recipient or the message, not the moment: no retry. */
const WHATSAPP_PERMANENT = new Set([100, 131008, 131009, 131021, 131026, 131030, 131047, 131051, 132000, 132001]);
/** Rate and capacity: retry later. */
const WHATSAPP_THROTTLED = new Set([4, 80007, 130429, 131048, 131056]);

/**
 * WhatsApp Business Cloud API: `POST {apiUrl}/{phone-number-id}/messages` with a bearer token, a text
 * message, or an approved template with body parameters. `biz_opaque_callback_data` carries our key, which
 * Meta echoes in the status webhooks (how a delivery report finds its message). The Graph API has no
 * idempotency key: see the decision record for what that means after a crash.
 */
export function whatsAppProvider(settings: WhatsAppSettings): MessageProvider {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/${settings.phoneNumberId}/messages`;
  return {
    channel: 'whatsapp',
    ratePerSecond: settings.ratePerSecond,
    async send(message) {
      const base = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `91${message.phone}`,
        biz_opaque_callback_data: message.idempotencyKey,
      };
      const body = message.template
        ? {
            ...base,
            type: 'template',
            template: {
              name: message.template.name,
              language: { code: message.template.language },
              components: [
                { type: 'body', parameters: message.template.params.map((text) => ({ type: 'text', text })) },
              ],
            },
          }
        : { ...base, type: 'text', text: { preview_url: true, body: message.body } };
      const answer = await post(
        url,
        { authorization: `Bearer ${settings.token}` },
        body,
        settings.timeoutMs ?? TIMEOUT_MS,
      );
      if ('error' in answer) return retry(`WhatsApp ${answer.error}`);
      const { response, json } = answer;
      const data = json as { messages?: { id?: string }[]; error?: { code?: number; message?: string } } | null;
      const id = data?.messages?.[0]?.id;
      if (response.ok && id) return { ok: true, providerMessageId: id };
      const code = data?.error?.code;
      const reason = `WhatsApp ${response.status}${code ? ` (${code})` : ''}: ${data?.error?.message ?? response.statusText}`;
      if (response.status === 429 || (code !== undefined && WHATSAPP_THROTTLED.has(code)))
        return retry(reason, response);
      if (response.status >= 500 || response.status === 408) return retry(reason, response);
      if (code !== undefined && WHATSAPP_PERMANENT.has(code)) return { ok: false, permanent: true, reason };
      return response.status >= 400 && response.status < 500
        ? { ok: false, permanent: true, reason }
        : retry(reason, response);
    },
  };
}

export type Msg91Settings = {
  authKey: string;
  /** The Flow (DLT-approved template) the message goes out as. */
  flowId: string;
  /** https://control.msg91.com/api/v5 */
  apiUrl: string;
  ratePerSecond: number;
  timeoutMs?: number;
};

/**
 * MSG91 (SMS in India): `POST {apiUrl}/flow/` with the `authkey` header, the Flow's id and one recipient
 * whose variable `message` holds the text (an Indian SMS must match a DLT-registered template; the Flow is
 * that template). MSG91 answers `{ type: 'success', message: <request id> }` or `{ type: 'error' }`.
 * It takes no idempotency key.
 */
export function msg91Provider(settings: Msg91Settings): MessageProvider {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/flow/`;
  return {
    channel: 'sms',
    ratePerSecond: settings.ratePerSecond,
    async send(message) {
      const answer = await post(
        url,
        { authkey: settings.authKey, accept: 'application/json' },
        {
          template_id: settings.flowId,
          short_url: '0',
          recipients: [{ mobiles: `91${message.phone}`, message: message.body }],
        },
        settings.timeoutMs ?? TIMEOUT_MS,
      );
      if ('error' in answer) return retry(`MSG91 ${answer.error}`);
      const { response, json } = answer;
      const data = json as { type?: string; message?: string } | null;
      if (response.ok && data?.type === 'success' && data.message) return { ok: true, providerMessageId: data.message };
      const reason = `MSG91 ${response.status}: ${data?.message ?? response.statusText}`;
      if (response.status === 429 || response.status >= 500 || response.status === 408) return retry(reason, response);
      return { ok: false, permanent: true, reason };
    },
  };
}

/** The provider the configuration names: WhatsApp first, else MSG91, else none (messages are prepared). */
export function providerOf(
  config: { whatsapp?: WhatsAppSettings | undefined; msg91?: Msg91Settings | undefined } | undefined,
): MessageProvider | undefined {
  if (config?.whatsapp) return whatsAppProvider(config.whatsapp);
  if (config?.msg91) return msg91Provider(config.msg91);
  return undefined;
}
