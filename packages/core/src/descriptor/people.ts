// Transfers between people (design §7): the phrase banks print before the other party, and whether what follows is a
// personal name. People are classified only when the request has context (spec); without it a personal name is a
// merchant name like any other, but the transfer phrase is still no part of that name.
import { isCommonEnglishWord } from "./common-words.ts";
import given from "./given-names.json" with { type: "json" };
import { nameKey } from "./name-key.ts";
import { isRegionCode, isStreetWord } from "./places.ts";

/**
 * Explicit transfer phrases, anywhere a descriptor can start, as banks print them in the US and Canada (Interac
 * e-Transfer), the UK (Faster Payments, standing orders), the euro area (SEPA transfers in each language) and
 * Australia (Osko, PayID).
 */
const TRANSFER_PHRASE = new RegExp(
  "^(?:" +
    [
      "INTERAC(?: E-?TRANSFER| E-?TRF| ETRNSFR| TRANSFER)",
      "(?:SEND |RECEIVE )?E-?(?:TRANSFER|TFR|TRNSFR)",
      "INST(?:ANT)? XFER(?: TO| FROM)?", // PayPal: an instant transfer
      "APPLE CASH(?: (?:SENT|RECEIVED)(?: MONEY)?)?(?: TO| FROM)?",
      "EMAIL MONEY (?:TRF|TRANSFER)",
      "TRANSFER TO OTHER BANK(?: NETBANK)?", // CommBank, before the plain "TRANSFER TO"
      "QUICKPAY WITH ZELLE PAYMENT (?:TO|FROM)", // Chase
      "SEPA CT (?:TO|FROM)", // a SEPA credit transfer
      "(?:ONLINE |MOBILE |INTERNAL |EXTERNAL |BANK |WIRE |INTERNET |FAST |SEPA CREDIT |SEPA |IB )?(?:TRANSFER|TFR|XFR)(?: REF #?\\S+| #)? (?:TO|FROM)(?: PAYID)?",
      "BP(?=(?: [A-Z.']+){1,3} REF\\b)", // UK: a bill payment to a person, with the payer's reference
      "(?:VIA )?(?:FASTER |BANK |MOBILE |ONLINE BANKING |REAL TIME )?PAYMENT (?:TO|FROM)",
      "FASTER PAYMENTS?(?= (?:(?:MR|MRS|MS|MISS|DR) )?[A-Z] [A-Z])", // UK: to an initial and surname
      "(?:ONLINE |INTERNET )?PAYMENT -(?: TO| FROM)?", // New Zealand: "ONLINE PAYMENT - D FARMER"
      "A\\/?P(?: #)? (?:TO|FROM)", // New Zealand: an automatic payment ("AP TO", "A/P TO")
      "DIRECT CREDIT(?: FROM)?", // New Zealand, Australia: money received
      "GUTSCHRIFT(?: (?:ECHTZEIT-?)?(?:UEBERWEISUNG|ÜBERWEISUNG))?(?: VON)?", // Germany: a credit transfer received
      "REAL TIME (?:PAYMENT|TRANSFER)(?: CREDIT)? RECD FROM(?: ABA\\/CONTR BNK-?\\s*#?)?(?: FROM)?", // US: an RTP credit
      "(?:# )?ONLINE (?:TO|FROM)", // Bank of Ireland: "365 ONLINE TO"
      "\\*MOBI", // Bank of Ireland: a transfer from its app
      "# ONLINE", // and "365 ONLINE" alone
      "BETAALVERZOEK", // Netherlands: a payment request (Tikkie)
      "(?:MB ?WAY )?(?:TRF|TRANSF)(?: MB ?WAY)?(?: P\\/| PARA)",
      "MB ?WAY(?: P\\/| PARA)",
      "(?:BLIK )?PRZELEW(?: NA TELEFON)?(?: BLIK)?(?: (?:DO|OD))?",
      "(?:INSTANT)?OVERSCHRIJVING(?: (?:NAAR|VAN))?",
      "OVERF(?:Ø|O|OE)RING(?: (?:TIL|FRA))?(?: VIPPS| MOBILEPAY)?", // Norway, Denmark
      "(?:GELD )?(?:SENDEN|EMPFANGEN)(?: (?:AN|VON))?",
      "(?:MOBILE-CHANNEL )?(?:FPS|FPO|FPI|FP)(?: (?:TO|FROM))?",
      "SEPA OVERBOEKING",
      "(?:STANDING ORDER|STO|SO|S\\/O)(?: VIA FASTER PAYMENT)? TO",
      "(?:SO|BP)(?= (?:(?:MR|MRS|MS|MISS|DR) )?[A-Z] [A-Z])", // UK: a standing order or bill payment to an initial and surname
      "STO(?= [A-Z])", // UK: a standing order, to whoever is named
      "PAYID (?:PAYMENT |TRANSFER )?(?:TO|FROM)",
      "OSKO (?:PAYMENT|DEPOSIT)(?: TO| FROM)?",
      "P2P(?: PAYMENT| TRANSFER)?",
      "SENT TO",
      "RECEIVED FROM",
      "(?:ECHTZEIT[- ]?|ONLINE[- ]?|SEPA[- ]?)?(?:UEBERWEISUNG|ÜBERWEISUNG|DAUERAUFTRAG)(?: SEPA)?(?: (?:AN|VON|EMPFÄNGER:?|EMPFAENGER:?))?",
      "(?:TO|FROM) A\\/C", // UK: "TO A/C PRIYA SHAH 20-45-67 41238876"
      "AUTOMATIC PAYMENT(?: TO)?", // New Zealand
      "(?:FASTER PAYMENTS? )?RECEIPT(?: REF\\.?\\S*(?: \\S+){0,3}?)? FROM",
      "(?:BGC|BANK GIRO CREDIT) FROM",
      "FASTER PAYMENTS? RECEIVED FROM",
      "FASTER PAYMENTS? (?:OUT|IN)(?: TO| FROM)?", // UK: "FASTER PAYMENTS OUT J HARGREAVES"
      "ONLINE BILL PAYMENT TO",
      "(?:# )?(?:TO|FROM)", // what is left of "BILL PAYMENT TO", "… TO D PARATA", Chase's "ONLINE PAYMENT 8812345670 TO"
      "(?:VIR(?:EMENT)?(?: SEPA| INTERAC)?(?: INST(?:ANTANE)?)?)(?: (?:A|À|DE|RECU \\/?DE|RECU|EMIS VERS))?",
      "TRANSF(?:ERENCIA)?(?: INMEDIATA)?(?: BIZUM)?(?: (?:A FAVOR DE|A|DE))?",
      "BONIFICO(?: SEPA| ISTANTANEO)?(?: DISPOSTO)?(?: (?:A FAVORE DI|A|DA))?",
      "(?:ONLINE BANKIEREN )?OVERBOEKING(?: (?:NAAR|VAN))?",
      "(?:OVERFØRSEL|ÖVERFÖRING|OVERFORSEL|OVERFORING)(?: (?:TIL|FRA|TILL|FRÅN))?",
    ].join("|") +
    ")(?: TO| FROM| SENT| RECEIVED)?(?=\\s|:|$)",
);

/** UK statements print the other party first and the kind of transfer after it: "J SMITH FPO", "MARY JONES SO". */
const TRANSFER_SUFFIX =
  /\s*,?\s+VIA (?:MOBILE|ONLINE) - PYMT\b.*$|\s+REF:?\s.*\s(?:FT|FPO|FPI|FP)$|\s+(?:FPO|FPI|FPS|FP|BGC|TFR|SO|STO|PAYID|OSKO|FASTER PAYMENTS?|STANDING ORDER|BANK GIRO CREDIT|# ONLINE)(?:\s+(?:#|[A-Z0-9]*\d[A-Z0-9]*))*(?:\s+REF\b.*)?$|\s+(?:FPO|FPI|BGC|STO)\s(?=.*#)/;

/**
 * The memo a payer adds after the other party ("ZELLE TO JOHN SMITH FOR RENT", "… REF DINNER", "… CONCEPTO CENA",
 * CommBank's "… NETBANK BBQ"): no part of the name.
 */
const MEMO =
  /\s+\/?(?:FOR|MEMO|RE|REF\.?|REFERENCE|CONCEPTO|CAUSALE|MOTIF|OMSCHRIJVING|MEDEDELING|VERWENDUNGSZWECK|ZAHLUNGSREFERENZ|SVWZ\+?|NETBANK|COMMBANK APP|IBAN|BIC|PER|POUR|FUER|FÜR|VOOR|PARA)(?::|\s|$).*$/;

/** After a P2P rail's prefix ("ZELLE", "VENMO *", "BIZUM"): the direction words that precede the name. */
const RAIL_DIRECTION =
  /^(?:(?:PAYMENT|PMT|TRANSFER|CASHOUT|CASH OUT|SENT|RECEIVED|ENVIADO|RECIBIDO|BETALNING|INVIATO|RICEVUTO|SENDEN|EMPFANGEN|GESENDET|ERHALTEN)\s*)?(?:TO|FROM|A|DE|DA|TILL|FRÅN|FRAN|TIL|FRA|AN|VON|AAN|VAN)?:?(?=\s|$)/;

/** Words that make a party a business, not a person. */
export const BUSINESS_WORDS = new Set([
  "INC", "LLC", "LTD", "CO", "CORP", "COMPANY", "PLC", "GMBH", "SHOP", "STORE", "STORES", "MARKET", "MKT", "CAFE",
  "COFFEE", "RESTAURANT", "PIZZA", "PIZZERIA", "GRILL", "BAR", "PUB", "DELI", "BAKERY", "SALON", "SPA", "STUDIO",
  "SERVICES", "SERVICE", "SVCS", "REPAIR", "AUTO", "MOTORS", "DENTAL", "CLINIC", "PHARMACY", "HOTEL", "INN", "MOTEL",
  "CLUB", "GYM", "FITNESS", "SCHOOL", "CHURCH", "FOUNDATION", "TRUST", "BANK", "INSURANCE", "RENT", "RENTAL",
  "PROPERTIES", "REALTY", "LAW", "GROUP", "PARTNERS", "ASSOCIATES", "HOLDINGS", "ENTERPRISES", "SOLUTIONS", "TECH",
  "FARM", "FARMS", "GARDEN", "KITCHEN", "FOODS", "FOOD", "TAXI", "CAB", "PARKING", "TICKETS", "STATION", "WASH",
  "SUSHI", "TACOS", "BBQ", "DINER", "CANTINA", "BISTRO", "TAVERN", "BREWERY", "WINE", "LIQUOR", "NAILS", "BARBER",
  "PLUMBING", "ELECTRIC", "HVAC", "ROOFING", "CLEANING", "CLEANERS", "LANDSCAPING", "MOVING", "STORAGE", "VET",
  "PET", "PETS", "BOOKS", "MUSIC", "ART", "DESIGN", "MEDIA", "CONSULTING", "LABS", "SUPPLY", "HARDWARE", "TIRE",
  "FLORIST", "FLOWERS", "BOUTIQUE", "MUSEUM", "ACADEMY", "CHIROPRACTIC", "MASSAGE", "YOGA", "DAYCARE", "LAUNDRY",
  "TAILOR", "CATERING", "CONSTRUCTION", "CONTRACTORS", "TOWING", "LOCKSMITH", "GALLERY", "THEATER", "THEATRE",
  "DONUTS", "DONUT", "BAGELS", "WINGS", "NOODLES", "RAMEN", "CREPES", "CUPCAKES", "SEAFOOD", "STEAKHOUSE", "SMOOTHIES",
  "LAUNDROMAT", "TATTOO", "PARLOR", "PARLOUR", "OUTFITTERS", "RENTALS", "NURSERY", "COLLISION", "GARAGE", "LODGE",
  "CHAPEL", "DENTISTRY", "ORTHODONTICS", "VETERINARY", "OPTICAL", "EYECARE", "BARBERSHOP", "LASHES", "THRIFT",
  "ANTIQUES", "JEWELERS", "JEWELLERS", "PAWN", "LIQUORS", "VAPE", "SMOKE", "TOBACCO", "CIGARS", "PHCY", "PHARM",
  "ARMS", "SIGNS", "PRINTING", "PRINT", "DETAILING", "TAKEAWAY", "TAKEAWAYS", "SONS", "BROS", "BROTHERS", "JOINERY", "KEBAB", "KEBABS", "HOUSE", "PARRUCCHIERI", "PARRUCCHIERIA",
  // The same kinds of business in the languages of the statements we read.
  "RESTAURANTE", "RISTORANTE", "TRATTORIA", "OSTERIA", "CAFETERIA", "PANADERIA", "PASTELERIA", "PELUQUERIA",
  "FRUTERIA", "CARNICERIA", "PESCADERIA", "TIENDA", "ZAPATERIA", "JOYERIA", "MACELLERIA", "PANIFICIO", "PESCHERIA",
  "TABACCHERIA", "FERRAMENTA", "ALIMENTARI", "GELATERIA", "PASTICCERIA", "EPICERIE", "FROMAGERIE", "POISSONNERIE",
  "CHARCUTERIE", "TRAITEUR", "PRIMEUR", "ORTOFRUTTA", "FRUTTA", "FRUTTIVENDOLO", "SALUMERIA", "ENOTECA", "PROFUMERIA",
  "CARTOLERIA", "EDICOLA", "LAVANDERIA", "AUTOFFICINA",
  "FERRETERIA", "LIBRERIA", "FARMACIA", "BRASSERIE", "BOULANGERIE", "BOUCHERIE", "PATISSERIE", "PHARMACIE", "TABAC",
  "GASTHAUS", "GASTSTATTE", "GASTSTÄTTE", "KIOSK", "FRISEUR", "IMBISS", "BAKKERIJ", "SLAGERIJ", "EETCAFE", "KAPSALON",
  "CONDITOREI", "KONDITOREI", "PASTICCERIA", "GELATERIA", "MACELLERIA", "TABACCHERIA", "TAVERNA", "CERVECERIA",
  "COIFFURE", "COIFFEUR", "INSTITUT", "ESTHETIQUE", "FLEURISTE", "OPTIQUE", "PRESSING", "CORDONNERIE", "TRAITEUR",
  "EPICERIE", "ESTETICA", "PARRUCCHIERE", "BARBIERE", "FIORAIO", "FIORISTA", "OTTICA", "FRISOR", "BLUMEN", "FLORISTERIA",
  "KAPPERSZAAK", "BLOEMEN", "FRISORSALONG", "BAGERI", "FRISØR", "BAKERIET", "KONDITORI",
  "DONAIR", "VICTUALLERS", "VICTUALLER", "BUTCHER", "SHACK", "ALTERATIONS", "ALTERATION", "TILE",
  "CAKES", "CAKE", "PASTRIES", "PASTRY", "SWEETS", "CANDY", "CONFECTIONERY", "PHO", "CO-OP", "COOP", "FURNITURE",
  "TOYS", "GIFTS", "CRAFTS", "DESIGNS", "BAKES", "HANDMADE", "VINTAGE",
  "TOURS", "TOUR", "CARPETS", "CARPET", "FLOORING", "HIRE", "LESSONS", "LESSON", "TUITION", "CREAMERY", "NEWS",
  "NEWSAGENT", "NEWSAGENTS", "CHIPPY", "CHIPPIE", "BAKEHOUSE", "BUTCHERY", "CHOCOLATIER", "CHOCOLATES", "CONFECTIONER",
  "DISTILLERY", "EATERY", "EMPORIUM", "FABRICS", "FLORAL", "FRAMING", "GROCER", "HABERDASHERY", "HOMEWARES", "INTERIORS",
  "JEWELLERY", "JEWELRY", "LAUNDERETTE", "MEATS", "MERCANTILE", "PILATES", "POTTERY", "PROVISIONS", "ROASTERS",
  "ROASTERY", "TAILORING", "TAPROOM", "TEXTILES", "UPHOLSTERY", "VAPES", "WOODWORK", "YARN", "CELLARS", "CERAMICS",
  "CANDLES", "CYCLES", "TACKLE", "BREWING", "BREW", "BREWHOUSE", "BREWPUB", "CIDERY", "SOAPS", "SALOON", "TEAHOUSE", "TEAROOM", "TEAROOMS", "BOOKSHOP",
  "BOOKSTORE", "GUITARS", "TUTORS", "PHYSIO", "PHYSIOTHERAPY", "OSTEOPATHY", "PODIATRY", "CHIROPODY", "DENTIST",
  "DENTISTS", "VETS", "KENNELS", "CATTERY", "AQUATICS", "NURSERIES", "BAKERIES", "CAKERY", "CREPERIE", "SMOKEHOUSE",
  "ALEHOUSE", "GRILLHOUSE", "BLOMSTER", "BLOEMIST", "VELO", "VELOS", "FAHRRAD", "FAHRRAEDER", "FAHRRÄDER", "FISHMONGER",
  // A cuisine after a name is a restaurant's ("NEW WORLD CHINESE").
  "THAI", "CHINESE", "INDIAN", "MEXICAN", "ITALIAN", "VIETNAMESE", "KOREAN", "JAPANESE", "GREEK", "LEBANESE", "TURKISH",
  "TAPAS", "VINOS", "VINOTECA", "BODEGA", "HEURIGER", "WEINGUT", "GASTHOF", "WIRTSHAUS", "BEISL",
]);

/** Splits a leading transfer phrase off; `transfer` tells whether the text is a transfer (a P2P rail always is). */
export function splitTransfer(text: string, rail: "p2p" | "wallet" | null): { transfer: boolean; rest: string } {
  const afterP2pRail = rail === "p2p";
  // After a P2P rail, its direction words or a bank's transfer phrase ("BLIK PRZELEW NA TELEFON DO").
  const direction = rail ? RAIL_DIRECTION.exec(text) : null;
  const phrase = TRANSFER_PHRASE.exec(text) ?? standingOrder(text) ?? (afterP2pRail || direction?.[0] ? direction : null);
  if (afterP2pRail || phrase) {
    const rest = (phrase ? text.slice(phrase[0].length) : text).replace(/^[\s:;*#-]+/, "");
    return { transfer: true, rest: rest.replace(MEMO, "").replace(/^(?:#\s*[;:,]?\s*)+/, "") };
  }
  const suffix = TRANSFER_SUFFIX.exec(text);
  return suffix ? { transfer: true, rest: text.slice(0, suffix.index).replace(MEMO, "") } : { transfer: false, rest: text };
}

/**
 * A UK standing order or HSBC bill payment to someone named by a given name ("SO ETHAN HUGHES POCKET MONEY", "BP AMELIA
 * HOLLAND DINNER"; not "SO CAL EDISON CO").
 */
function standingOrder(text: string): RegExpExecArray | null {
  const order = /^(?:SO|BP)(?= ([A-Z]+) [A-Z])/.exec(text);
  const rest = order ? text.slice(order[0].length).replace(MEMO, "").trim() : "";
  // A street after a given name is a place's name ("BP JOHN STREET": a BP station).
  return order && isGivenName(order[1]) && !rest.split(" ").some(isStreetWord) && isPersonalName(rest) ? order : null;
}

/**
 * A personal name: one to four alphabetic words (an initial allowed), none of them a business word, perhaps after a
 * title and before the payer's memo ("MS A NOWAK SPLIT BILL", "S O'BRIEN RENT MARCH", "GARCIA, ANA").
 */
export function isPersonalName(text: string): boolean {
  // The rails' own handle for a person: an e-mail address ("PAYID JESS.MORGAN@EMAIL.COM").
  if (EMAIL.test(text.trim())) return true;
  // Reference codes and phone numbers printed after the name ("TYLER BROOKS 4SC", "+41 79 *** ** 12") are no part of it.
  const words = text
    .split(" ")
    .map((w) => w.replace(/,$/, ""))
    .filter((w) => /\p{L}/u.test(w) && !/\d/.test(w));
  // A title first, or an initial that reads as one ("M SMITH RENT": M is Monsieur or an initial).
  return (TITLES.has(words[0]) ? [words.slice(1), words] : [words]).some(nameThenMemo);
}

/** A name, or a name of two or three words then a memo: everything after it a memo word or no business word at all. */
const nameThenMemo = (named: string[]) =>
  looksLikeName(named) ||
  [3, 2].some((n) => named.length > n && looksLikeName(named.slice(0, n)) && named.slice(n).every((w) => MEMO_WORDS.has(w) || !BUSINESS_WORDS.has(w)));

function looksLikeName(words: string[]): boolean {
  if (words.length < 1 || words.length > 4) return false;
  // Letters of any alphabet: JOSÉ GARCÍA and JÜRGEN MÜLLER are names too.
  if (!words.every((w) => /^\p{Lu}[\p{Lu}'.-]*$/u.test(w) && !BUSINESS_WORDS.has(w.replace(/\.$/, "")))) return false;
  return words.some((w) => w.replace(/[^\p{Lu}]/gu, "").length >= 2); // an initial alone is no name
}

let givenNames: Set<string> | null = null;
/** A common given name of the English-speaking world (given-names.json: scripts/build-given-names.mjs). */
export const isGivenName = (word: string) => (givenNames ??= new Set(given.names.split("|"))).has(word);

/**
 * The payee after a wallet's prefix is a person when named as people are: a given name, then a surname ("PAYPAL *JOSE
 * DIAZ"), or the two run together as PayPal prints them ("PAYPAL *MICHAELTORRES 4029357733 CA"), the surname no
 * common word and no kind of business ("PAYPAL *ROSEFLORIST" is a shop). Numbers and a closing region code are none of
 * the name.
 */
export function isWalletPayee(text: string): boolean {
  const printed = text.split(" ").filter((w) => /^[A-Z]+\d*$/.test(w));
  const words = printed.map((w) => w.replace(/\d+$/, ""));
  while (words.length > 1 && isRegionCode(words.at(-1)!)) words.pop();
  if (words.length === 1) return gluedName(words[0]) || userHandle(printed[0]);
  return words.length >= 2 && words.length <= 3 && isGivenName(words[0]) && isPersonalName(words.join(" "));
}

/**
 * A given name and a surname run together ("ANNAKOWALSKI", "MIKEHUANG", "EMILYSTONE"), read at the longest given name
 * it starts with. A surname that is a common word follows only a given name of four letters or more ("TINAGUESS";
 * "MIASTYLE" may be a shop).
 */
function gluedName(word: string): boolean {
  for (let n = Math.min(word.length - MIN_SURNAME, MAX_GIVEN); n >= MIN_GIVEN; n--) {
    if (!isGivenName(word.slice(0, n))) continue;
    const surname = word.slice(n);
    const business = BUSINESS_WORDS.has(surname) || BUSINESS_WORDS.has(surname.replace(/S$/, ""));
    return !business && (!isCommonEnglishWord(surname) || (n >= MIN_GIVEN_BEFORE_WORD && surname.length >= MIN_GIVEN_BEFORE_WORD));
  }
  return false;
}

/**
 * A wallet's user handle: letters then the digits people add to make it theirs ("GMORALES88", "JSMITH84"), the letters
 * no common word or kind of business ("PIZZA24" is a shop). A brand's name is read before this.
 */
const userHandle = (word: string) => {
  const letters = /^([A-Z]{5,12})\d{2,4}$/.exec(word)?.[1];
  return letters !== undefined && !isCommonEnglishWord(letters) && !BUSINESS_WORDS.has(letters);
};

const MIN_GIVEN_BEFORE_WORD = 4;

const MIN_GIVEN = 3;
const MAX_GIVEN = 9;
const MIN_SURNAME = 3;

const EMAIL = /^[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}$/i;

const TITLES = new Set(["MR", "MRS", "MS", "MISS", "DR", "MX", "HERR", "FRAU", "M", "MME", "SR", "SRA"]);

/** What payers write after a name that is also a business word: "… RENT MARCH", "… HOUSE RENT". */
const MEMO_WORDS = new Set(["RENT", "BILL", "FOOD", "WINE", "PARKING", "TICKETS", "TAXI", "HOUSE", "BBQ", "PIZZA", "SUSHI", "CAKE", "GIFT", "GIFTS", "COFFEE"]);

/** The account holder's own name in the descriptor: a transfer between their accounts, or to someone they name. */
export function namesHolder(text: string, holderName: string | undefined): boolean {
  const holder = holderName ? nameKey(holderName.toUpperCase()) : "";
  return holder.length >= 4 && nameKey(text).includes(holder);
}
