// Who is asking, on every beta route: the beta key (Bearer or bare) of an account with the beta on (401, then 403).
import { authenticate, bearerKey, type Principal } from "@brand/core/auth/authenticate";
import { AppError } from "@brand/core/errors";

export async function betaPrincipal(db: D1Database, request: Request, now: Date): Promise<Principal> {
  const principal = await authenticate(db, "beta", bearerKey(request.headers, { allowBare: true }), now);
  if (!principal.beta) throw new AppError("forbidden", "The beta is not enabled for this account.");
  return principal;
}
