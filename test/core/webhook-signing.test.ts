// Standard Webhooks v1 signing, checked against an implementation written from the specification alone
// (./standard-webhooks.ts) and the specification's test vector; the receiver's helper; the retry schedule; the SSRF
// guard for webhook URLs.
import { describe, expect, it } from "vitest";
import { checkWebhookTarget } from "@brand/core/crawler/target";
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, MAX_QUEUE_DELAY_S, RETRY_DELAYS_S, retryDelaySeconds } from "@brand/core/webhooks/schedule";
import { generateSecret, signatureOf, webhookHeaders } from "@brand/core/webhooks/sign";
import { verifyWebhook, WebhookVerificationError } from "@brand/core/webhooks/verify";
import { specVerify } from "./standard-webhooks.ts";

// The specification's own example (Standard Webhooks reference libraries).
const VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("signing", () => {
  it("reproduces the specification's test vector", async () => {
    expect(await signatureOf(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    // …as does the independent implementation, so agreeing with it means agreeing with the specification.
    const headers = { "webhook-id": VECTOR.id, "webhook-timestamp": String(VECTOR.timestamp), "webhook-signature": VECTOR.signature };
    expect(await specVerify(VECTOR.secret, headers, VECTOR.body)).toBe(true);
  });

  it("secrets are whsec_ + base64 of 32 random bytes, different every time", () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(atob(secret.slice(6)).length).toBe(32);
    expect(generateSecret()).not.toBe(secret);
  });

  it("what the sender signs, the independent implementation accepts", async () => {
    const secret = generateSecret();
    const body = JSON.stringify({ id: "evt_1", type: "brand.updated", data: { name: "Ünïcode ✓" } });
    const headers = await webhookHeaders([secret], "msg_0123456789abcdef0123", new Date("2026-05-01T10:00:00Z"), body);
    expect(headers["webhook-timestamp"]).toBe(String(Date.parse("2026-05-01T10:00:00Z") / 1000));
    expect(await specVerify(secret, headers, body)).toBe(true);
    expect(await specVerify(secret, headers, body.replace("updated", "indexed"))).toBe(false);
    expect(await specVerify(generateSecret(), headers, body)).toBe(false);
  });

  it("with two secrets, sends two signatures, each valid for its own secret", async () => {
    const [current, previous] = [generateSecret(), generateSecret()];
    const headers = await webhookHeaders([current, previous], "msg_x", new Date(), "{}");
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(await specVerify(current, headers, "{}")).toBe(true);
    expect(await specVerify(previous, headers, "{}")).toBe(true);
  });
});

describe("verifyWebhook (the receiver's helper)", () => {
  const now = new Date(VECTOR.timestamp * 1000);
  const vectorHeaders = { "webhook-id": VECTOR.id, "webhook-timestamp": String(VECTOR.timestamp), "webhook-signature": VECTOR.signature };

  it("accepts the specification's vector and returns the parsed body", async () => {
    expect(await verifyWebhook(VECTOR.secret, vectorHeaders, VECTOR.body, { now })).toEqual({ test: 2432232314 });
    // Header names in any case, a Headers object, and a secret without its prefix.
    const upper = Object.fromEntries(Object.entries(vectorHeaders).map(([k, v]) => [k.toUpperCase(), v]));
    expect(await verifyWebhook(VECTOR.secret, upper, VECTOR.body, { now })).toEqual({ test: 2432232314 });
    expect(await verifyWebhook(VECTOR.secret.slice(6), new Headers(vectorHeaders), VECTOR.body, { now })).toBeTruthy();
  });

  it("accepts what the sender signs, with either of two signatures", async () => {
    const secret = generateSecret();
    const headers = await webhookHeaders([generateSecret(), secret], "msg_y", new Date(), '{"ok":true}');
    expect(await verifyWebhook(secret, headers, '{"ok":true}')).toEqual({ ok: true });
  });

  it.each([
    ["a changed body", { body: '{"test": 2432232315}' }],
    ["another secret", { secret: "whsec_" + btoa("another secret of some length") }],
    ["a changed id", { headers: { "webhook-id": "msg_other" } }],
    ["a changed timestamp", { headers: { "webhook-timestamp": String(VECTOR.timestamp + 1) } }],
    ["an unknown version only", { headers: { "webhook-signature": VECTOR.signature.replace("v1,", "v2,") } }],
    ["a garbled signature", { headers: { "webhook-signature": "v1,%%%" } }],
    ["a missing signature", { headers: { "webhook-signature": "" } }],
    ["a timestamp 6 minutes old", { now: new Date((VECTOR.timestamp + 360) * 1000) }],
    ["a timestamp 6 minutes ahead", { now: new Date((VECTOR.timestamp - 360) * 1000) }],
  ])("refuses %s", async (_, change: { body?: string; secret?: string; headers?: Record<string, string>; now?: Date }) => {
    const attempt = verifyWebhook(change.secret ?? VECTOR.secret, { ...vectorHeaders, ...change.headers }, change.body ?? VECTOR.body, {
      now: change.now ?? now,
    });
    await expect(attempt).rejects.toBeInstanceOf(WebhookVerificationError);
  });
});

describe("retry schedule", () => {
  it("is design §5's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up", () => {
    expect([...RETRY_DELAYS_S]).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(retryDelaySeconds(1, () => 0.5)).toBe(5);
    expect(retryDelaySeconds(7, () => 0.5)).toBe(36000);
    expect(retryDelaySeconds(8)).toBeNull();
    expect(DISABLE_AFTER_MS).toBe(3 * 86_400_000);
  });

  it("jitters by up to ±10 % and never exceeds the queue's 12 h delay cap", () => {
    for (let attempt = 1; attempt <= 7; attempt++) {
      const base = RETRY_DELAYS_S[attempt - 1];
      const low = retryDelaySeconds(attempt, () => 0)!;
      const high = retryDelaySeconds(attempt, () => 0.999999)!;
      expect(low).toBeGreaterThanOrEqual(Math.floor(base * 0.9));
      expect(high).toBeLessThanOrEqual(Math.ceil(base * 1.1));
      // Whole seconds (the queue's unit): the 5 s step has no room to spread; the others do.
      if (attempt > 1) expect(high).toBeGreaterThan(low);
      expect(high).toBeLessThanOrEqual(MAX_QUEUE_DELAY_S);
    }
  });
});

describe("webhook URL guard", () => {
  const production = { loopback: false, testHosts: false };
  const localDev = { loopback: true, testHosts: false };

  it("admits https on public domains", () => {
    expect(checkWebhookTarget("https://hooks.example.com/brand?x=1", production)).toMatchObject({ ok: true });
    expect(checkWebhookTarget("https://api.example.co.uk:443/in", production).ok).toBe(true);
  });

  it.each([
    ["http://hooks.example.com/", "https"],
    ["http://127.0.0.1:9556/", "https"],
    ["https://127.0.0.1/", "not a public domain"],
    ["https://10.1.2.3/", "not a public domain"],
    ["https://169.254.169.254/latest/meta-data", "not a public domain"],
    ["https://[::1]/", "not a public domain"],
    ["https://[fd00::1]/", "not a public domain"],
    ["https://2130706433/", "not a public domain"],
    ["https://localhost/", "not a public domain"],
    ["https://printer.local/", "not a public domain"],
    ["https://svc.internal/", "not a public domain"],
    ["https://receiver.test/", "not a public domain"],
    ["https://hooks.example.com:8443/", "port 8443"],
    ["https://user:pw@hooks.example.com/", "credentials"],
    ["ftp://hooks.example.com/", "scheme"],
    ["not a url", "not a URL"],
  ])("refuses %s in production (%s)", (url, reason) => {
    const check = checkWebhookTarget(url, production);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(reason);
  });

  it("in local development admits http and https to loopback only", () => {
    for (const url of ["http://127.0.0.1:9556/hook", "http://localhost:3000/", "https://[::1]:8443/x"]) {
      expect(checkWebhookTarget(url, localDev).ok, url).toBe(true);
    }
    for (const url of ["http://10.0.0.1:9556/", "http://192.168.1.5/", "http://hooks.example.com/", "http://127.0.0.2/"]) {
      expect(checkWebhookTarget(url, localDev).ok, url).toBe(false);
    }
  });
});
