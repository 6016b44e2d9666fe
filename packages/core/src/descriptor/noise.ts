// What banks add around a merchant's name: card-network wrappers, dates, card and reference numbers, store numbers,
// phone numbers. Stripping it leaves the words that can name a merchant. (Envelopes, whose fields name the parties,
// are read first: envelope.ts.)
import { achEntry } from "./envelope.ts";

/** Stands where a store, terminal or reference number was: a chain's store number is a sign of a chain. */
export const NUMBER_MARK = "#";

/**
 * How often a subscription bills, in the statements' languages ("RATP NAVIGO ANNUEL", "AMERICAN EXPRESS DDR MONTHLY"):
 * whole words only, since their beginnings begin names ("MENS" of MENSUEL, "MONT" of MONTHLY).
 */
const BILLING_PERIODS = ["MONTHLY", "ANNUAL", "YEARLY", "ANNUEL", "ANNUELLE", "MENSUEL", "MENSUELLE", "MENSUAL", "ANUAL", "MENSILE", "ANNUALE", "MONATLICH", "JAEHRLICH", "JÄHRLICH", "MAANDELIJKS", "JAARLIJKS"];

/** An order, in the statements' languages: its number is dropped with it, and the word alone names nobody. */
const ORDER_WORDS = ["BESTELLNR", "BESTELLNUMMER", "ZAMOWIENIE", "ZAMÓWIENIE", "ZAM", "COMMANDE", "PEDIDO", "ORDINE"];

const PHRASES: RegExp[] = [
  /\b(?:RECURRING\s+)?(?:PURCHASE|PMNT|PAYMENT|PMT)\s+AUTHORI[ZS]ED\s+ON\s+\d{1,2}\/\d{1,2}\b/g,
  /^\s*(?:CARD|CONTACTLESS|DEBIT CARD)\s+(?:PAYMENT|PURCHASE)\s+(?:TO|AT)?\b/g, // UK: "CARD PAYMENT TO X ON 14-03"
  /\bON\s+\d{1,2}[-/.]\d{1,2}(?:[-/.]\d{2,4})?\b/g,
  /^\s*(?:PAIEMENT\s+(?:PAR\s+)?(?:CB|CARTE)|CB|CARTE)\b/g, // France
  /\b(?:KARTENZAHLUNG|SEPA[- ](?:BASIS)?LASTSCHRIFT|(?:BASIS)?LASTSCHRIFT|GIROCARD|EC-KARTE|EC KARTE|DEBITKARTENUMSATZ)\b|^\s*EBILL\b/g, // Germany; Switzerland's e-bill
  /^\s*(?:C-|CONTACTLESS\s+)?(?:IDP|INTERAC(?: RETAIL)?)\s+PURCHASE\b(?:\s*-\s*\d{4})?/g, // Canada: Interac Direct Payment ("C-IDP": contactless)
  /\b(?:DEBIT|CREDIT|CHECK)\s*CARD\s+(?:PURCHASE|PAYMENT|PMT)?\b/g,
  /\bCHECKCARD\s+\d{4}\b/g,
  /\b(?:POS|PIN)\s+(?:DEBIT|PURCHASE|PUR|TRANSACTION|WITHDRAWAL)\b|^\s*WITHDRAWAL\s+POS\b/g,
  /\bRECURRING\s+(?:PAYMENT|PMT|DEBIT|CHARGE)\b/g,
  /\b(?:VISA|MASTERCARD|MC|AMEX)\s+(?:PURCHASE|(?:DEBIT|DDA)(?:\s+PUR(?:CHASE)?)?|CARD|VAREKJØP|VAREKJOP|VARE|KJØP|KJOP|KÖP|KOP)\b/g, // "VISA VARE", "VISA KJØP", "VISA VAREKJØP": Norway; "VISA KÖP": Sweden
  /\b(?:DBT|DEBIT)\s+(?:PURCHASE|PUR|CRD|TRANSACTION)\b|\bNON-PIN\b|^\s*RECURRING\b/g,
  /^\s*(?:IDEAL(?:\s+BETALING)?|PAY\s+ANYONE(?=\s+TRANSFER))\b|\b(?:BESTELLING|BESTELLUNG)\b|\bVALUE\s+DATE:?|\bPASNR\.?\s*\d*/g,
  /^\s*(?:MISC(?:ELLANEOUS)?\s+(?:PAYMENT|DEBIT)|PAGO\s+MOVIL(?:\s+EN)?|PAIEMENT\s+DIRECT)\b/g,
  /\bCARD\s+(?:ENDING\s+(?:IN\s+)?|NO\.?\s*|#\s*)?[X*]*\d{4}\b/g,
  /\b\d{4}-[X*]{4}-[X*]{4}-\d{4}\b/g, // a card's number, masked in groups
  /\bDDA\s+(?:PURCHASE|DEBIT|POS)\b/g,
  /^\s*(?:PRLV|PRELEVEMENT)(?:\s+SEPA)?\b/g, // France: direct debit
  /^\s*(?:COMPRA|PAGO)\s+(?:CON\s+)?TARJ(?:ETA)?\.?(?:\s+\d{4}\b)?(?:\s+EN\b)?/g, // Spain: card purchase
  /^\s*COMPRA\s+(?:(?:INTERNET|ONLINE|WEB)(?:\s+EN)?|EN)\b|,?\s*CON\s+LA\s+TARJETA\s*:?\s*[\dX*]+(?:\s+EL\s+[\d-]+)?/g, // Spain: "COMPRA EN …, CON LA TARJETA : 5402… EL 2025-04-16"
  /^\s*PAG\s+SERV\b/g, // Portugal: a bill payment (before Italy's PAG)
  /^\s*(?:PAGAMENTO|PAG\.?|ACQUISTO|OPERAZIONE)(?:\s+CON)?(?:\s+(?:POS|CARTA|CONTACTLESS|TRAMITE\s+POS|SU\s+INTERNET|INTERNET|ONLINE))?\b/g, // Italy: card purchase, online too
  /\b(?:ALLE\s+)?ORE\s+\d{1,2}[:.]\d{2}\b|\bDIV\s*=\s*[A-Z]{3}\b|\bCARTA\s+N\.?\s*[*X\d]+|\bDEL\s+(?=\d{1,2}\.\d{1,2}\.\d{2,4})|\bC\/O\b|\bPRESSO\b(?=\s+[A-Z])/g, // Italy: the time and the card, "c/o", "presso" (at)
  /^\s*(?:BEA|GEA)(?:,?\s+BETAALPAS)?\b|\bBETAALAUTOMAAT\b|^\s*(?:SEPA\s+)?INCASSO(?:\s+ALGEMEEN\s+DOORLOPEND)?\b/g, // Netherlands
  /^\s*E-LASKU\b|\sVIITE\s+\d+.*$/g, // Finland: an e-invoice and its reference
  /^\s*(?:KORTKÖP|KORTKOP|KORTKJØP|KORTKJOP|VAREKJØP|VAREKJOP|KORTTIOSTO|P?KORTTIMAKSU|BETALINGSSERVICE|DANKORT-?(?:NOTA|KØB|KOE?B)|VISA\/DANKORT|VARER?(?=\s+\d))\b/g, // Nordics: card purchase ("VARER 09.03": Norway's goods)
  /^\s*(?:EFTPOS|VISA DEBIT)\s+(?:PURCHASE|PURCH|TRANSACTION|TXN)?\b/g, // Australia and New Zealand
  /\bEFTPOS\b/g,
  /^\s*(?:OPOS|FPOS|PRE-AUTHORIZED DEBIT|PREAUTHORIZED DEBIT|PREAUTH DEBIT|PAD|PAIEMENT\s+PR[EÉ]AUTORIS[EÉ])\b/g, // Canada: online POS, pre-authorised debit
  /\bW\/CASH\b|\bCASH\s*BACK\b(?:\s+\$?[\d.,]+)?|^\s*DEB\s+(?=[A-Z])|^\s*PAID\s+TO\s+-|^\s*ONLINE\s+BANKING\s+PAYMENT\s+-|^\s*DBCRD\s+PUR(?:\s+AP)?|^\s*DEBIT\s+POS,?|\bAUT\s+\d{6}\b|^\s*WITHDRAWAL\s+FROM\b(?!\s+(?:SAVINGS|CHECKING|SHARE|ACCOUNT)\b)/g, // US: TD Bank's and credit unions' debit card and ACH lines
  /^\s*(?:ACH\s+(?:DEBIT|WITHDRAWAL|PMT)|(?:EXTERNAL|ELECTRONIC)\s+WITHDRAWAL|ELECTRONIC\s+(?:PMT-WEB|PAYMENT)|ONLINE\s+PAYMENT(?!\s+-\s)|WEB\s+AUTHORI[ZS]ED\s+PMT|INT'?L\s+PURCHASE)\b/g, // US (New Zealand's "ONLINE PAYMENT - " is a transfer)
  /^\s*TAP\s+(?:AND|&|N)\s+(?:PAY|GO)\b/g, // a contactless purchase ("TAP AND PAY BUNNINGS")
  /\s(?:DD|CD|VIS|\)\)\))(?=\s+#|\s+\d{4,}\b|\s*$)/g, // UK: the payment type after the name ("VODAFONE DD", "TESCO CD 1234")
  /^\s*VIS\s|^\s*\)\)\)\s*/g, // UK: HSBC's Visa and contactless marks before the name
  /^\s*(?:POS\s+)?\d{4}\s+\d{2}[A-Z]{3}\d{2}\s+[A-Z]{1,3}\s*,/g, // UK: "POS 4471 09MAR24 C , MERCHANT , CITY GB" (card, date, type)
  /\bON\s+\d{1,2}\s+(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\b|\s(?:BCC|BGC)\s*$/g, // UK: "ON 10 MAR BCC"
  /^\s*D\/D\b/g, // Ireland: a direct debit
  /^\s*(?:(?:MB-|INTERNET\s+|ONLINE\s+)?BILL\s+(?:PAYMENT|PMT|PAY)(?:\s+VIA\b)?|BPAY)\b/g, // Canada ("MB-": mobile banking), Australia: a bill payment
  /^\s*POINT\s+OF\s+SALE\s*-?\s*(?:INTERAC\s+)?(?:RETAIL\s+)?(?:PURCHASE|WITHDRAWAL)?/g, // Canada, Huntington
  /^\s*POS\s+MERCHANDISE\b|^\s*PAIEMENT\s+(?:DE\s+)?FACTURE(?:\s*-?\s*ACCESD)?|^\s*ACHAT(?:\s+DIRECT)?(?:\s+(?:INTERAC|PAIEMENT|BANCONTACT))?\b/g, // Canada, and Belgium's ACHAT BANCONTACT
  /^\s*PAIEMENT\s+AVEC\s+LA\s+CARTE\s+DE\s+D[EÉ]BIT(?:\s+NUM[EÉ]RO)?\b/g, // Belgium: a debit card payment, in French
  /\bDATO\s+\d{1,2}\.\d{1,2}\b/g, // Norway: the purchase's date ("… Dato 04.03")
  /^\s*(?:PAIEMENT|BETALING)\s+(?:VIA\s+|PAR\s+)?(?:BANCONTACT|MAESTRO)\b|^\s*BANCONTACT\s+(?:AANKOOP|ACHAT)\b|^\s*(?:AANKOOP|ACHAT)\s+BANCONTACT\b|\bKAART\s+[\dX ]+/g, // Belgium: a card payment and the card
  /\bWEB\s+ID:?\s*\S*|^\s*PAYMENT\s+-\s/g, // US: an ACH web debit's id, a bill payment's dash
  /\b(?:APLPAY|APPLEPAY|GGLPAY|GOOGLEPAY)\b/g, // Amex: a wallet token before the merchant, after the card's words too
  /^\s*FACTURE\s+CARTE(?:\s+DU\s+\d{6})?|\bCARTE\s+X?\d{4}(?:X+\d{4})?\b/g, // France: a card invoice, the card
  /\s(?:ECH|ID EMETTEUR|MDT|REF|LIB)\/\S*|\s(?:ICS|RUM)\s+[+A-Z0-9-]*\d.*$/g, // France: a SEPA debit's fields (the merchant may follow them: "REF/1043789 DECATHLON"; ICS: the creditor's id, RUM: the mandate)
  /\s(?:MANDAT|MANDAAT|MANDATSREF|GLAEUBIGER-ID|GLÄUBIGER-ID|KUNDENNR\.?|KD-NR|KD\.\s?NR\.?|VS-NR|VERS-NR|VERTRAGSNR)(?=\s|$|\d).*$/g, // Germany, Belgium: a SEPA debit's fields
  /\s(?:REF\s+[A-Z0-9]+-[A-Z0-9-]*\d|MANDATE\s+(?:NO|REF|ID)\b).*$/g, // UK: a direct debit's reference and mandate
  /^\s*ADDEBITO\s+(?:DIRETTO\s+)?(?:SDD\s+)?/g, // Italy: a direct debit
  /\b(?:ING|DOTT|DOTT\.SSA|AVV|GEOM|RAG|ARCH|SIG|SIG\.RA)\.\s+(?=[A-Z])/g, // Italy: a professional's title ("ING. ROSSI"), no bank
  /\b(?:CARTA|KARTE)\s+[X*]*\d{4}\b/g, // Italy, Germany, Switzerland: the card
  /\b(?:EIN)?KAUF\/(?:DIENSTLEISTUNG|ONLINE-SHOPPING)(?:\s+VOM\s+[\d.]+)?|^\s*KAUF\s+(?:ONLINE\s+)?VOM\b|(?<=\bTWINT[- ])ZAHLUNG\b/g, // Switzerland: a purchase, wherever it stands ("TWINT KAUF/…", "TWINT-ZAHLUNG")
  /^\s*(?:EINZUG|ABBUCHUNG|EINKAUF(?:\s+VOM)?(?:\s+ZKB)?|BEZAHLUNG\s+KARTE|DEBITKARTEN-ZAHLUNG|(?:VISA|MASTERCARD|MAESTRO|GIROCARD)\s+ZAHLUNG)\b|\b(?:ZAHLUNG\s+)?DEBITKARTE\b|\bMC\/\d+/g, // Switzerland, Austria, Germany
  /\bKARTEN?(?:NUMMER|\s+NR\.?):?\s*[X*\d]+(?:\s+\d{4})?|\bMAESTRO-KARTE(?:\s+NR\.?)?(?:\s*[X*\d]+)*|^\s*LSV\+?(?:[\s-]+BELASTUNG)?/g, // Switzerland
  /^\s*POS\s+(?:\d+,\d{2}\s+AT\s+|\d{4}\s+)?K\d(?:\s+\d{1,2}\.\d{1,2}\.(?:\d{2,4})?)?/g, // Austria: "POS 23,40 AT K1 07.03.", "POS K1"
  /^\s*(?:EUROPESE\s+)?DOMICILIERING\b|\bMEDEDELING\b.*$/g, // Belgium: a (European) direct debit and its message
  /^\s*(?:RECIBO|DEB\.?\s+DIRECTO|ADEUDO(?:\s+RECIBO)?)\b|(?:^|\s)E\.\s?S\.(?=\s)/g, // Spain, Portugal: a direct debit; Spain's service station ("E.S. REPSOL")
  /^\s*AP\s*#\s*\d*(?!\d|\s+(?:TO|FROM)\b)/g, // New Zealand: an automatic payment
  /^\s*BETALING\s+MET\s+(?:DEBETKAART|BANKKAART|BANCONTACT|MAESTRO)(?:\s+NUMMER)?(?:\s+[0-9X]{4}){0,4}|^\s*BETALING\b/g, // Belgium, the Netherlands
  /^\s*(?:ZAKUP(?:\s+PRZY\s+U[ZŻ]YCIU\s+KARTY|\s+KARTA)?|P[LŁ]ATNO[SŚ][CĆ]\s+(?:KART[AĄ]|BLIK)|TRANSAKCJA\s+KART[AĄ])(?:\s+W\s+KRAJU)?(?=\s|$)|\bNR\s+KARTY\s+[\dX*]+/g, // Poland: a card purchase, the card
  /^\s*COMPRA(?:\s+ELEC)?(?:\s+\d{4})?\b(?!\s+TARJ)|^\s*COMPRAS\s+C\.?\s?DEB\.?(?=\s)/g, // Portugal ("COMPRAS C.DEB": by debit card)
  /\bAUTO\s+PAY\b/g, // a recurring payment's mark ("T-MOBILE AUTO PAY"), as AUTOPAY is
  /\bKØB\b|\bKOE?B\b(?=\s)|^\s*BS\s+BETALING\b|^\s*AUTOGIRO\b|^\s*AVTALEGIRO\b|\sKID\s+\d+.*$/g, // Denmark: "VISA/DANKORT KØB", Betalingsservice; Sweden's and Norway's direct debits and Norway's payment id (KID)
  /^\s*POS\s+W\/D\b/g, // New Zealand
  /\b\d{1,2}[.:]\d{2}\s+UUR\b|\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?\b|\bFOLGENR\.?\s*\d+|\bVERFALLD\.?\s*\d{4}-\d{2}|\bKFN\s*\d+(?:\s+VJ\s*\d+)?/g, // German receipts (KFN: the card's sequence, VJ: its expiry year)
  /\b(?:PASVOLGNR|TRANSACTIE|TERM):\s*\S+/g, // Dutch receipts: the card's sequence, the transaction, the terminal
  /(?<=\bKLARNA)\s+BANK\s+AB\s+\(?PUBL\)?/g, // Klarna's legal name on its SEPA debits: the platform is what stays
  /^\s*PRZELEW(?=\s+PRZELEWY24\b)/g, // Poland: a payment through Przelewy24 is printed as a transfer to it
  // An order's number with its label, wherever it stands ("KLARNA BESTELLNR. 4128873 OTTO GMBH", "P24 ZAMOWIENIE P24-K12").
  new RegExp(`\\b(?:${ORDER_WORDS.join("|")})\\.?:?\\s*(?:NR\\.?\\s*)?[A-Z0-9-]*\\d[A-Z0-9-]*`, "g"),
  /\b[A-Z]{2}\d{2}(?:\s\d{4}){3,7}\b/g, // an IBAN written in groups
  /^\s*DIRECT\s+DEBIT(?:\s+PAYMENT)?(?:\s+TO)?\b/g, // UK and Australia: a direct debit
  /^\s*(?:VDP|VDC|VDA)-/g, // Ireland: Visa debit purchase, contactless, ATM
  /^\s*POS\d{2}[A-Z]{3}\b/g, // Ireland: POS14NOV
  /\bCARD\s+PURCHASE\b|\bWITH\s+PIN\b/g, // Chase: CARD PURCHASE WITH PIN
  /\bNR:\s*[A-Z0-9]+\b/g, // Netherlands: BEA NR:XK7812 (terminal)
  /,\s*PAS\s*\d+\b/g, // Netherlands: ,PAS123 (card sequence)
  /\b(?:APPLE|GOOGLE|SAMSUNG)\s+PAY\b/g, // a wallet token: the purchase is from the merchant after it
  /\bS\.?\s?A\.?\s?R\.?\s?L\.?\s+ET\s+CIE\.?(?:,?\s+S\.?\s?C\.?\s?A\.?)?/g, // PayPal Europe's legal form on its SEPA debits
  /\bPP\.\d+\.PP\b\s*\.?|\bIHR\s+EINKAUF\s+BEI\b|\bVOTRE\s+ACHAT\s+CHEZ\b/g, // PayPal's German and French SEPA debits: mandate and "your purchase at"
];

const WORDS = /\b(?:POS|PIN|DEBIT|PURCHASE|TRANSACTION|CONTACTLESS|CHECKCARD|DDA|VISA|ACH|MASTERCARD|MAESTRO)\b/g;

/**
 * An amount, in a currency or not, and a rate ("NOK 1290,00", "ARGOS LTD,24.99 GBP, RATE 1.00/GBP", "23,40"): no part
 * of a name.
 */
const CURRENCY = "(?:GBP|EUR|USD|CAD|AUD|NZD|CHF|SEK|NOK|DKK|PLN)";
const AMOUNT = new RegExp(
  `\\b(?:KWOTA|BETRAG|BEDRAG|IMPORTE|IMPORTO|MONTANT)\\s*:|\\b${CURRENCY}\\s+\\d[\\d.]*[.,]\\d{2}\\b|\\b\\d+[.,]\\d{2}\\s*${CURRENCY}\\b|\\b\\d+,\\d{2}\\b|\\b${CURRENCY}\\b|\\bRATE\\s+[\\d.,]+(?:\\/[A-Z]{3})?`,
  "g",
);

/** A legal form run onto a company's name ("PAYPAL *GYMSHARKLTD"): set apart. */
const GLUED_LEGAL_FORM = /\b([A-Z]{4,})(LTD|LLC|GMBH|PLC|PTY)\b/g;

/** Numbers and codes: replaced by NUMBER_MARK. */
/**
 * Dates and times: removed, leaving no mark. Unlike a store number they say nothing of a chain, and a date after a
 * shop's name ("CARREFOUR DES FLEURS 10/03") must not read as one.
 */
const DATES: RegExp[] = [
  /\b\d{1,2}\.\d{1,2}\.\d{2,4}(?:\/\d{1,2}[.:]\d{2})?\b/g, // dates 14.11.26, with the time after a slash: "14.11.26/10.22"
  /\b\d{1,2}(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{0,4}\b/g, // dates 09MAR24, 07MAR
  /\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b|\b\d{1,2}\/20\d{2}\b/g, // dates 01/23, 01/23/2026, a month billed 04/2025
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\b\d{2}-\d{2}(?:-\d{2,4})?\b/g, // 14-03 (not 7-11)
  /\b\d{1,2}[:.]\d{2}(?::\d{2})?\b/g, // times
];

const NUMBERS: RegExp[] = [
  /\b[A-Z]{1,3}-(?=[A-Z0-9]*[A-Z])(?=[A-Z]*\d)[A-Z0-9]{5,}\b/g, // a customer's or mandate's code with a hyphen: A-12BC34EF
  /\b(?:CONF|CONFIRMATION|REF|REFERENCE|TRACE|TXN)\s*(?:#|NO\.?|:)?\s*[A-Z0-9]*\d[A-Z0-9]*\b/g,
  /\*{2,}[A-Z0-9]+\b/g, // masked references ***K7B
  /(?<![A-Z0-9])\+?\d[\d\s().-]{8,}\d(?![A-Z0-9-])/g, // phone numbers, never begun or ended inside a word ("JSMITH84 402-935-7733", "48213367 7-ELEVEN")
  /#(?:[A-Z]?\d+|\s+[A-Z]?\d+(?!-))\b/g, // store numbers #1234, # 0123, #F12 (not the name in "# 7-ELEVEN")
  /\b[X*]{2,}\d{2,}\b/g, // masked card numbers XXXX1234 (before the next: XXXXX7719 is no name)
  /\b(?=(?:[A-Z]*\d){4})\d[A-Z0-9]{4,}\b/g, // a card or terminal code that starts with a digit: 4B1234
  /(?<=\b[A-Z]{4,})(?=(?:[A-Z]*\d){3})\d[A-Z0-9]{5,}\b/g, // a booking reference glued to the name: EASYJET000K7RZ2Q9 (not MITRE10MEGA)
  /(?<=\b[A-Z]{3,}|&[A-Z])\d{3,}\b/g, // a store number glued to the name: STARBUCKS12345, H&M0412
  /\b[A-Z]\d{3,}\b/g, // a store code: F12345
  /\b(?=(?:[A-Z]*\d){3})(?=\d*[A-Z])[A-Z0-9]{8,}\b/g, // reference codes mixing letters and digits (not PRZELEWY24)
  /\b\d{3,}\b/g, // long numbers: store, terminal and reference numbers
];

/**
 * Removes bank noise from an upper-cased descriptor, leaving NUMBER_MARK as a word where numbers were (consecutive
 * marks merged); whitespace is collapsed.
 */
export function stripNoise(upper: string): string {
  let text = ` ${upper} `;
  for (const pattern of [...PHRASES, WORDS, AMOUNT]) text = text.replace(pattern, " ");
  text = text.replace(GLUED_LEGAL_FORM, "$1 $2");
  for (const pattern of DATES) text = text.replace(pattern, " ");
  for (const pattern of NUMBERS) text = text.replace(pattern, ` ${NUMBER_MARK} `);
  return text
    .replace(/\s+/g, " ")
    .replace(/(?:# )+#(?= |$)/g, NUMBER_MARK)
    .trim();
}

/** The text without number marks. */
export const unmark = (text: string) => text.replace(/(?:^|\s)#(?=\s|$)/g, " ").replace(/\s+/g, " ").trim();

/**
 * Words that may follow a merchant's name without being part of it: legal forms, store and billing words. Places are
 * in places.ts. Kept short on purpose: each word here lets a brand match more descriptors, right or wrong.
 */
export const TRAILING_WORDS = new Set([
  "INC", "LLC", "LTD", "LIMITED", "CO", "CORP", "CORPORATION", "COMPANY", "PLC", "GMBH", "AG", "SA", "SAS", "SARL",
  "BV", "NV", "PTY", "OY", "OYJ", "AB", "AS", "ASA", "SRL", "SAU", "KG", "UAB", "STORE", "STORES", "STR", "ONLINE", "WWW", "COM", "BILL", "BILLING", "PAYMENT", "PAYMENTS", "PMT",
  "PMTS", "PYMT", "PYMTS", "SUBSCRIPTION", "SUBSCRIPTN", "SUBSCR", "SUBS", "ABO", "ABT", "ABONNEMENT", "MEMBERSHIP", "RECURRING", "AUTOPAY", "ORDER", "ORDERS", "INTL", "INTERNATIONAL",
  "HELP", "HELPPAY", "SUPPORT", "MKT", "MKTS", "MARKT", "SMKT", "SMKTS", "SUPERMARKET", "SUPERMARKETS", "WHSE", "WAREHOUSE",
  "EXPRESS", "PURCHASE", "PENDING", "CHARGE", "SALE", "RETAIL", "NO", "NUM", "THE", "GAS", "FUEL", "OIL", "PETROL", "GASOLINE",
  "AIR", "AIRLINE", "AIRLINES", "AIRWAYS", "PREMIUM", "UTILITIES", "UTILITY", "CENTER", "CENTRE", "SUPERCENTER",
  "SUPERSTORE", "SUPERMKT", "HYPERMARKET", "MEGASTORE", "OUTLET", "DIRECT", "DIGITAL", "PREPAID", "POSTPAID", "PREAUTH", "FILIALE",
  "FILIAAL", "SUCURSAL", "BRANCH", "FIL", "SAGT", "DANKE", "DANKT", "WEB", "SALES", "SPRZEDAZ", "PREPAY", "TOPUP", "TOP-UP",
  // Address words: a branch's street after the name ("PAK N SAVE WAIRAU RD", "COSTA KINGS CROSS STN").
  "RD", "AVE", "BLVD", "HWY", "PKWY", "VIALE", "CORSO", "STN", "STRASSE", "AV", "AVDA", "CALLE", "RUE", "QY", "QUAY",
  "DAC", "DESIGNATED", "ACTIVITY", "FACTURATION", "RICARICA", "RECARGA", "MAGASIN", "GPO", "HOLDINGS", "SUPERMARKTEN",
  "SUPERMARCHE", "SUPERMERCADO", "SUPERMERCADOS", "SUPERMERCATO", "ST", "MALL", "NR", "NTH", "STH", "NORTH", "SOUTH",
  "EAST", "WEST", "STACJA", "TANKSTELLE", "STAZIONE", "ESTACION",
  // At a fuel station: the pump outside or the shop inside ("QT 876 OUTSIDE TULSA OK"); a transit card topped up.
  "OUTSIDE", "INSIDE", "AUTOLOAD", "RELOAD", "AUFLADUNG", "PAY",
  // A utility's instalment on a German direct debit ("STADTWERKE MUENCHEN ABSCHLAG STROM").
  "ABSCHLAG", "VERTRAGSKONTO", "TEILBETRAG", "KVT", "KVARTAL",
  // An invoice or a fee in the statements' languages, and the month billed ("TIM UNICA FATTURA", "TIMVISION CANONE
  // MARZO"); English months and short ones stay out: they are names too (MAY, MARS).
  "RECHNUNG", "FATTURA", "BOLLETTA", "CANONE", "FACTURA", "FACTURE", "FACTUUR", "FAKTURA", "LASKU", "REGNING",
  "GENNAIO", "FEBBRAIO", "MARZO", "APRILE", "MAGGIO", "GIUGNO", "LUGLIO", "AGOSTO", "SETTEMBRE", "OTTOBRE", "DICEMBRE",
  "ENERO", "FEBRERO", "ABRIL", "JUNIO", "JULIO", "SEPTIEMBRE", "OCTUBRE", "NOVIEMBRE", "DICIEMBRE",
  "JANUAR", "FEBRUAR", "MAERZ", "MÄRZ", "DEZEMBER", "JANVIER", "FEVRIER", "FÉVRIER", "JUILLET", "DECEMBRE", "DÉCEMBRE",
]);

/**
 * Words that name nobody only whole, since their beginnings are words of names ("BEST" of BESTELLNR, "CARR" of CARRER):
 * a street's word printed before its name ("ZARA PASEO DE GRACIA"), an order in the statements' languages ("KLARNA BANK
 * AB H&M BESTELLNR 60412873").
 */
const WHOLE_WORDS = new Set(["PASEO", "AVENIDA", "PLAZA", "PZA", "PIAZZA", "RUA", "CARRER", "PRACA", "DOWNTOWN", "MIDTOWN", "UPTOWN", "CBD", ...ORDER_WORDS, ...BILLING_PERIODS]);

/**
 * A billing or legal word, or one cut short by the bank's field width ("THAMES WATER UTILITIE", "VIRGIN AUSTRALIA
 * AIRL BRISBANE").
 */
function isTrailingWord(word: string): boolean {
  return TRAILING_WORDS.has(word) || WHOLE_WORDS.has(word) || (word.length >= 4 && TRAILING_PREFIXES.has(word));
}

/** A word that names nobody: a number, a billing or legal word, a code or address part, a letter alone. */
export const namesNobody = (word: string) => word === NUMBER_MARK || isTrailingWord(word) || /[\d.]/.test(word) || word.length === 1;

/** Each word whole, and each of its beginnings of `min` letters or more: the word as a bank's field width cuts it. */
export function wordBeginnings(words: Iterable<string>, min: number): Set<string> {
  const beginnings = new Set<string>();
  for (const word of words) {
    for (let end = min; end < word.length; end++) beginnings.add(word.slice(0, end));
    beginnings.add(word);
  }
  return beginnings;
}

/** Every beginning of four letters or more of a trailing word. */
const TRAILING_PREFIXES = wordBeginnings(TRAILING_WORDS, 4);

/**
 * A cash machine's line (a withdrawal, a deposit, its fee), in the wording of each country's banks: money moved by
 * the account holder, never a purchase, whatever bank or shop runs the machine ("GEA … ING AMSTERDAM CS", "CASH
 * WITHDRAWAL AT LLOYDS BANK ATM"). It names no merchant.
 */
const CASH_MACHINE =
  /^\s*(?:GEA|VDA-|LNK\s)|^\s*CASH\s+(?:[A-Z]+\s+){1,3}?(?:\d{1,2}[A-Z]{3}|[A-Z]{3}\d{1,2})\b|(?<!^\s*(?:PAGAMENTO|ACQUISTO)\b.*)\bATM\b|\bCASH\s+WITHDRAWAL\b|\bGELD(?:AUTOMAAT|MAAT|AUTOMAT)\b|\bBARGELD|\bPRELIEVO\b|\bCAJERO\b|\bRETRAIT\s+(?:DAB|GAB)\b|\bKONTANTUTTAG\b|\bBANKOMAT\b|\b(?:BAR)?BEHEBUNG\b/;

export const isCashMachine = (upper: string) => CASH_MACHINE.test(upper);

/**
 * The bank's own fee for an item it refused or paid short ("INSUFFICIENT FUNDS FEE FOR A $62.10 ITEM - DETAILS: ORIG
 * CO NAME:GEICO"): the bank's charge, not a purchase from the merchant the item names.
 */
const BANK_FEE = /^\s*(?:INSUFFICIENT FUNDS|NON-?SUFFICIENT FUNDS|NSF|OVERDRAFT|RETURNED ITEM|RETURN(?:ED)? PAYMENT|PAID ITEM|UNPAID ITEM)\b.*?\bFEE\b/;

export const isBankFee = (upper: string) => BANK_FEE.test(upper);

/** The card issuers whose repayments statements print by name, as they print them. */
const CARD_ISSUERS =
  "CAPITAL ONE|AMEX|AMERICAN EXPRESS|DISCOVER(?: CARD)?|BARCLAYCARD|CITI(?: ?CARD)?|CHASE (?:CREDIT )?(?:CARD|CRD)|SYNCHRONY|SYNCB|COMENITY|APPLE ?CARD(?: GS ?BANK)?|GS ?BANK|MBNA|BANK OF AMERICA CREDIT CARD|(?:RBC|TD|CIBC|BMO|SCOTIA(?:BANK)?|DESJARDINS) (?:VISA|MASTERCARD)";

/** What a bank prints before a payment it sends: a direct debit, an ACH debit, a payment to. */
const PAYMENT_TO = /^(?:DD|D\/D|DIRECT DEBIT(?: PAYMENT)?(?: TO)?|ACH DEBIT|PAYMENT(?: TO| -)|ELECTRONIC PMT-WEB,?)\s+/;
const ISSUER = new RegExp(`^(?:${CARD_ISSUERS})\\b`);
/** The words of a repayment after the issuer's name; a fee or interest is the issuer's own charge. */
const REPAYMENT_WORD = /\b(?:E-?PAYMENT|EPAY|AUTOPAY|CRCARD ?PMT|PMT|PAYMENT|DDR?|ENDING IN)\b/;
const ISSUERS_CHARGE = /\b(?:FEE|INTEREST)\b/;
/** A credit card named as one, with a payment's word before or after it. */
const CREDIT_CARD_PAID = /\bCREDIT ?CARD\b.*\b(?:PAYMENT|PMT|REPAYMENT|AUTOPAY|E-?PAYMENT)\b|\b(?:PAYMENT|REPAYMENT|PMT)\b.*\bCREDIT ?CARD\b/;

/** A direct debit's reference and mandate fields' names. */
const DEBIT_FIELDS = /\b(?:REF(?:ERENCE)?|MANDATE(?: NO| REF| ID)?|NO)\b/g;

/**
 * A credit card's repayment from the account ("CAPITAL ONE DES:MOBILE PMT …", "AMEX EPAYMENT DES:ACH PMT …", "DD
 * BARCLAYCARD", "PAYMENT TO CHASE CARD ENDING IN 8812"): money between the holder's own accounts, no purchase from the
 * issuer; its fees and interest are its own ("AMEX ANNUAL FEE"), and a place named after it sells ("CAPITAL ONE ARENA").
 */
export function isCardRepayment(upper: string): boolean {
  // Any bank's or store's credit card, paid ("HSBC CREDIT CARD PAYMENT", "PAYMENT TO TESCO BANK CREDIT CARD").
  if (CREDIT_CARD_PAID.test(upper) && !ISSUERS_CHARGE.test(upper)) return true;
  // An ACH envelope is read as its originator and its entry's description ("ORIG CO NAME:CAPITAL ONE … CO ENTRY
  // DESCR:CRCARDPMT" is "CAPITAL ONE CRCARDPMT").
  const line = achEntry(upper) ?? upper;
  const sent = PAYMENT_TO.exec(line);
  const text = sent ? line.slice(sent[0].length) : line;
  const issuer = ISSUER.exec(text);
  if (!issuer) return false;
  const rest = text.slice(issuer[0].length);
  // After a payment's words, the issuer alone, or with the card's number and the debit's references ("PAYMENT - RBC
  // VISA 4510", "DIRECT DEBIT PAYMENT TO BARCLAYCARD REF 4929…, MANDATE NO 0007").
  const unnamed = !/[A-Z]/.test(rest.replace(DEBIT_FIELDS, " ").replace(/\S*\d\S*/g, " ")); // "4929XXXXXXXX7731" is a number
  return !ISSUERS_CHARGE.test(rest) && ((sent !== null && unnamed) || REPAYMENT_WORD.test(rest));
}
