// Which country a purchase was made in, as far as the descriptor shows it: the spec's `country_code` is "a hint for
// ambiguous names", and when a request gives none the descriptor often says as much itself, in its bank's format
// ("KARTENZAHLUNG": a German card; "INTERAC PURCHASE": a Canadian one), the region code after the city ("SURREY BC")
// or the city ("LEIPZIG"). The corpus uses it to choose between brands of one name in different markets (A&W in the
// US and Canada, Netto in Denmark and Germany), and to leave a market's plain-worded brand to the shops of that name
// elsewhere (corpus-match.ts); it names no brand by itself.
import { countryOfPlace } from "./places.ts";

/** Formats only one country's banks print, each with that country's alpha-2 code. */
const BANK_FORMATS: [RegExp, string][] = [
  [/\b(?:KARTENZAHLUNG|GIROCARD|EC-KARTE)\b/, "DE"], // a direct debit's and a transfer's words are Austria's too
  [/^(?:CB|PRLV|PRELEVEMENT|PAIEMENT (?:PAR )?(?:CB|CARTE)|FACTURE CARTE|VIR SEPA)\b/, "FR"],
  [/^(?:BEA|GEA)\b|\b(?:BETAALAUTOMAAT|INCASSO)\b/, "NL"],
  [/\b(?:BANCONTACT|DOMICILIERING)\b/, "BE"],
  [/^COMPRA (?:TARJ|EN\b)|\bCON LA TARJETA\b|\bBIZUM\b/, "ES"],
  [/^(?:PAGAMENTO (?:POS|CARTA|CONTACTLESS)|ADDEBITO|BONIFICO)\b/, "IT"],
  [/^(?:VDP|VDC|VDA)-|^POS\d{2}[A-Z]{3}\b/, "IE"],
  [/^(?:KORTKÖP|KORTKOP)\b|\bSWISH\b/, "SE"],
  [/\bDANKORT\b|\bMOBILEPAY\b/, "DK"],
  [/^(?:VAREKJØP|VAREKJOP|KORTKJØP|KORTKJOP)\b|\bVIPPS\b/, "NO"],
  [/^(?:KAUF\/DIENSTLEISTUNG|LSV)\b|\bTWINT\b/, "CH"],
  [/^BEZAHLUNG KARTE\b/, "AT"],
  [/^(?:ZAKUP|P[LŁ]ATNO[SŚ][CĆ] KART[AĄ])(?=\s|$)|\bBLIK\b/, "PL"],
  [/^KORTTIOSTO\b/, "FI"],
  [/^POS W\/D\b/, "NZ"],
  [/\bINTERAC\b|^(?:IDP|OPOS) PURCHASE\b/, "CA"],
  [/\b(?:OSKO|BPAY|PAYID)\b/, "AU"],
  // UK: "CARD PAYMENT TO … ON 14-03", "… ON 11 MAR BCC", HSBC's ")))", Lloyds' "… CD 7120".
  [/^(?:CARD PAYMENT TO|\)\)\))|\bFASTER PAYMENT\b|\bON \d{1,2}(?:-\d{2}| [A-Z]{3})\b|\s(?:BCC|BGC)$|\sCD \d{4}$/, "GB"],
  [/^CHECKCARD\b|\bPURCHASE AUTHORI[ZS]ED ON\b|\bORIG CO NAME\b/, "US"],
];

/** Codes that say no country: "DE" is Delaware or Germany, "NS" Nova Scotia or New South Wales cut by the column. */
const SAYS_NOTHING = new Set(["DE", "NS"]);

/**
 * Country codes printed after a city. "DE" is left out: Delaware or Germany. "CA" is California: Canada's banks print
 * the province.
 */
const TRAILING_CODES: Record<string, string> = { GB: "GB", UK: "GB", IE: "IE", FR: "FR", NL: "NL", BE: "BE", ES: "ES",
  IT: "IT", PT: "PT", AT: "AT", CH: "CH", SE: "SE", NO: "NO", DK: "DK", FI: "FI", PL: "PL", LU: "LU", AU: "AU", NZ: "NZ" };

/** How many words from the end are searched for a place: the city and region come last. */
const TAIL_WORDS = 4;

/** The country the descriptor shows, upper case as it came, or null when it shows none. */
export function countryShown(upper: string): string | null {
  for (const [format, country] of BANK_FORMATS) if (format.test(upper)) return country;
  // "NO" before a number is one ("MANDATE NO 0041"), not Norway; a code with digits holds no place ("A-12BC34EF").
  const words = upper
    .replace(/\bNO\.?\s*\d/g, " ")
    .split(/\s+/)
    .filter((token) => !/\d/.test(token))
    .flatMap((token) => token.split(/[^A-Z]+/))
    .filter(Boolean)
    .slice(-TAIL_WORDS);
  for (let end = words.length; end > 0; end--) {
    const word = words[end - 1];
    const country =
      (end > 1 && countryOfPlace(`${words[end - 2]} ${word}`)) || TRAILING_CODES[word] || (SAYS_NOTHING.has(word) ? null : countryOfPlace(word));
    if (country) return country;
  }
  return null;
}
