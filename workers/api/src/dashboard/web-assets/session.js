// @ts-check
// The secret key lives in sessionStorage only: this tab, until it closes or the user signs out. It is sent as the
// Authorization header and never put in a URL, a cookie or a log.

const SECRET = "bas.secret_key";
const PUBLISHABLE = "bas.publishable_key";

export const session = {
  /** @returns {string | null} */
  secretKey: () => sessionStorage.getItem(SECRET),
  /** @param {string} key */
  signIn: (key) => sessionStorage.setItem(SECRET, key),
  /** Forgets both keys. */
  signOut: () => {
    sessionStorage.removeItem(SECRET);
    sessionStorage.removeItem(PUBLISHABLE);
  },
  /** The playground's publishable key (public by design, but still kept to this tab). @returns {string} */
  publishableKey: () => sessionStorage.getItem(PUBLISHABLE) ?? "",
  /** @param {string} key */
  setPublishableKey: (key) => (key ? sessionStorage.setItem(PUBLISHABLE, key) : sessionStorage.removeItem(PUBLISHABLE)),
};
