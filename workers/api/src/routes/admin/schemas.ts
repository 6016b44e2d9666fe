import { z } from "@hono/zod-openapi";

export const AccountIdParam = z.object({
  id: z.string().regex(/^acc_[0-9A-Za-z]{20}$/, "not an account id (acc_ and 20 letters or digits; npm run admin -- accounts lists them)"),
});

export const KeyIdParam = AccountIdParam.extend({
  keyId: z.string().regex(/^key_[0-9A-Za-z]{20}$/, "not a key id (key_ and 20 letters or digits; npm run admin -- show <account> lists them)"),
});

export { jsonBody } from "../../schemas.ts";
