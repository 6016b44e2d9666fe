// Envelopes: the formats whose fields name the parties of a payment (US ACH and wires, Dutch SEPA lines), read
// before the bank's noise is stripped so the right field's words are the ones left.

/** The fields of an ACH envelope: each ends the one before it. */
const ACH_FIELD = "(?=\\s+(?:ORIG ID|CO ID|DESC DATE|CO ENTRY DESCR|DES|SEC|TRACE#?|EED|IND ID|IND NAME|INDN|TRN|ID)\\s*:|$)";
/** ACH envelopes print the merchant after `ORIG CO NAME:` and end it at the next field (`ORIG ID:`, `DES:`, …). */
const ACH_NAME = new RegExp(`\\bORIG CO NAME\\s*:\\s*(.+?)${ACH_FIELD}`);
const ACH_RECEIVER = new RegExp(`\\b(?:IND NAME|INDN)\\s*:\\s*(.+?)${ACH_FIELD}`);
/** A wallet's instant transfer names the one paid in its ID field ("PAYPAL DES:INST XFER ID:STEAM GAMES INDN:…"). */
const ACH_PAYEE = new RegExp(`\\bDES\\s*:\\s*INST XFER\\s+ID\\s*:\\s*(.+?)${ACH_FIELD}`);
/** The short ACH form starts with the originator: "GEICO DES:PREM COLL ID:… INDN:…". */
const ACH_SHORT = /^(.+?)\s+DES\s*:/;

const ACH_DESCRIPTION = new RegExp(`\\bCO ENTRY DESCR\\s*:\\s*(.+?)${ACH_FIELD}`);

/** An ACH envelope as its originator and its entry's description ("CAPITAL ONE CRCARDPMT"), or null for none. */
export function achEntry(upper: string): string | null {
  const name = ACH_NAME.exec(upper);
  return name ? `${name[1].trim()} ${ACH_DESCRIPTION.exec(upper)?.[1].trim() ?? ""}`.trim() : null;
}

/** The receiver an ACH envelope names ("IND NAME:TYLER ABERNATHY"): the other party when the originator is a P2P rail. */
export function achReceiver(upper: string): string | null {
  return ACH_RECEIVER.exec(upper)?.[1].trim() ?? null;
}

/**
 * Dutch SEPA lines name the other party and the payment's description in fields, as text ("SEPA OVERBOEKING IBAN: …
 * BIC: … NAAM: J DE VRIES OMSCHRIJVING: …") or structured ("/TRTP/IDEAL/IBAN/…/NAME/STICHTING MOLLIE PAYMENTS/REMI/…").
 */
const SEPA_FIELDS = "OMSCHRIJVING|IBAN|BIC|KENMERK|MACHTIGING|INCASSANT|ID";
const SEPA_NAME = new RegExp(`\\bNAAM\\s*:\\s*(.+?)(?=\\s+(?:${SEPA_FIELDS})\\s*:|$)`);
const SEPA_DESCRIPTION = new RegExp(`\\bOMSCHRIJVING\\s*:\\s*(.+?)(?=\\s+(?:${SEPA_FIELDS})\\s*:|$)`);
const TRTP_FIELD = (field: string) => new RegExp(`/${field}/([^/]*)`);
const [TRTP_NAME, TRTP_REMI, TRTP_KIND] = [TRTP_FIELD("NAME"), TRTP_FIELD("REMI"), TRTP_FIELD("TRTP")];

/** A Dutch SEPA line's name and description, and whether it is a transfer ("SEPA OVERBOEKING"), if it is one. */
function sepaFields(upper: string): { name: string; description: string; transfer: boolean } | null {
  const name = SEPA_NAME.exec(upper) ?? (upper.startsWith("/TRTP/") ? TRTP_NAME.exec(upper) : null);
  if (!name) return null;
  const description = (SEPA_DESCRIPTION.exec(upper) ?? TRTP_REMI.exec(upper))?.[1] ?? "";
  const kind = TRTP_KIND.exec(upper)?.[1] ?? upper;
  return { name: name[1].trim(), description: description.trim(), transfer: /^(?:SEPA )?OVERBOEKING\b/.test(kind) };
}

/** A processor collecting on a merchant's behalf, in Dutch ("IDEAL ADYEN N.V. INZAKE TRANSAVIA OMSCHRIJVING: …"). */
const ON_BEHALF = /^(.+?)\s+INZAKE\s+(.+?)(?=\s+(?:OMSCHRIJVING|KENMERK)\s*:|$)/;

/** A US wire's beneficiary or originator field ("WIRE TYPE:WIRE OUT DATE:… BNF:ELENA PETROVA ID:… PMT DET:…"). */
const WIRE_PARTY = /^WIRE TYPE:\s*WIRE (OUT|IN)\b.*?\b(?:BNF|ORIG)\s*:\s*(.+?)(?=\s+(?:ID|PMT DET|OBI|BNF BK|ORIG BK|SND BK)\s*:|$)/;

/**
 * The party an envelope names: a wire's other party, the merchant a processor collects for (after its name and a star,
 * as after a processor's prefix), the ACH originator (and the payee of a wallet's instant transfer), or a SEPA line's
 * name field (a transfer keeps its phrase, so it is still read as one; after a platform's name, the payment's
 * description follows it after a star: "STG MOLLIE PAYMENTS*KAASHANDEL DE WAAG"); else the descriptor.
 */
export function unwrapEnvelope(upper: string, isPlatform: (name: string) => boolean): string {
  const wire = WIRE_PARTY.exec(upper);
  if (wire) return `WIRE TRANSFER ${wire[1] === "OUT" ? "TO" : "FROM"} ${wire[2].trim()}`;
  const behalf = ON_BEHALF.exec(upper);
  if (behalf && isPlatform(behalf[1].replace(/^IDEAL\s+/, ""))) return `${behalf[1]}*${behalf[2]}`;
  const sepa = sepaFields(upper);
  if (sepa?.transfer) return `SEPA OVERBOEKING ${sepa.name}`;
  if (sepa) return sepa.description && isPlatform(sepa.name) ? `${sepa.name}*${sepa.description}` : sepa.name;
  const name = ACH_NAME.exec(upper) ?? ACH_SHORT.exec(upper);
  if (!name) return upper;
  // The payee after the wallet, as its card lines print it: "PAYPAL *STEAM GAMES".
  const payee = ACH_PAYEE.exec(upper);
  return payee ? `${name[1].trim()} *${payee[1].trim()}` : name[1].trim();
}
