// A brand among a bank's words: the codes, towns and card digits a bank prints before its name, and after it the ways
// the brand sells (machines, counters, apps) and words for its own kind of business. Each rule beside the local shops
// it must leave alone: no merchant is invented.
import { beforeAll, describe, expect, it } from "vitest";
import { buildLooseIndex, truncatedName } from "@brand/core/descriptor/loose-match";
import { isOwnKindWord } from "@brand/core/descriptor/kind-words";
import { isCashMachine } from "@brand/core/descriptor/noise";
import { ownStageCases } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";

describe("a name cut by the bank's field width", () => {
  const index = buildLooseIndex(
    [
      { raw: "Frankie and Benny's", brandId: "frankie" },
      { raw: "British Gas", brandId: "britishgas" },
      { raw: "Societe des alcools du Quebec", brandId: "saq" },
      { raw: "Bank of America", brandId: "bofa" },
      { raw: "Krispy Kreme", brandId: "krispy" },
      { raw: "Telefonica Deutschland", brandId: "o2" },
    ].map((name) => ({ isName: true, popularity: 50, ...name })),
    [],
  );

  it("is cut at its end: words of the name left out follow words printed whole", () => {
    expect(truncatedName(index, ["FRANK", "AND"])).toBeNull(); // Frank And Oak, a shop of its own
    expect(truncatedName(index, ["FRANKIE", "AND", "BEN"])).toBe("frankie");
    expect(truncatedName(index, ["BRIT", "GAS"])).toBe("britishgas"); // every word of the name there, one shortened
  });

  it("is never cut to an article or a preposition", () => {
    expect(truncatedName(index, ["TELEFONICA", "DE"])).toBeNull(); // "TELEFONICA DE ESPANA"
    expect(truncatedName(index, ["TELEFONICA", "DEUTSCH"])).toBe("o2");
  });

  it("keeps every consonant of each word when it is short: then its vowels alone may go", () => {
    expect(truncatedName(index, ["KRSPY", "KRME"])).toBe("krispy");
    expect(truncatedName(index, ["KRSP", "KRM"])).toBeNull(); // consonants cut as well: too little left
  });

  it("is cut between words when three or more are printed whole, never two", () => {
    expect(truncatedName(index, ["SOCIETE", "DES", "ALCOOLS", "DU"])).toBe("saq");
    expect(truncatedName(index, ["BANK", "OF"])).toBeNull();
  });
});

describe("a merchant's own kind of business", () => {
  it("is a word of its kind, or that word cut short, and never another kind's", () => {
    expect(isOwnKindWord("PHARMACIE", "pharmacy")).toBe(true);
    expect(isOwnKindWord("COMPUT", "retail")).toBe(true); // COMPUTERS cut by the field
    expect(isOwnKindWord("CAFE", "fuel_convenience")).toBe(false);
    expect(isOwnKindWord("WINES", "grocery")).toBe(false);
    expect(isOwnKindWord("CLUBS", "services")).toBe(true); // a gym's ("GOODLIFE FITNESS CLUBS")
    expect(isOwnKindWord("CHINESE", "restaurant")).toBe(true);
    expect(isOwnKindWord("ROASTERY", "restaurant")).toBe(true); // a coffee chain's roastery is its own
    expect(isOwnKindWord("CLUB", "restaurant")).toBe(false);
    expect(isOwnKindWord("PHARMACY", null)).toBe(false); // a brand the seed does not class
  });
});

describe("on the seeded corpus", { timeout: 30_000 }, () => {
  beforeAll(seedCorpus);
  const { row, expectMatched, expectCleaned } = ownStageCases("acc_around_the_name");

  it("finds a distinctive brand after a bank's codes, a town or a card's digits", async () => {
    await expectMatched({
      "VISA DDA PUR AP 442106 WEGMANS 081 ROCHESTER * NY": "wegmans.com", // TD's authorisation code
      "PAIEMENT CB 1202 LYON 3 LA POSTE CARTE 4412": "laposte.fr", // the town first
      "POS 11.03. 17:45 K1 BILLA DANKT 4123-WIEN": "billa.at", // a name that is a word somewhere, then the chain's thanks
      "BETALING MET DEBETKAART NR 6703 04XX XXXX 1123 DELHAIZE-ELSENE 4412 IXELLES 14-03": "delhaize.be",
    });
  });

  it("stops at a word before the brand that could be a business's own name", async () => {
    await expectCleaned([
      "CB BAR DE LA POSTE 09/03", // a bar, named after the post office
      "CB BAR DE LA POSTE 13/03 ANNECY",
      "LITTLE WEGMANS DELI ROCHESTER NY",
    ]);
  });

  it("reads the brand's machines, counters, apps and top-ups after its name", async () => {
    await expectMatched({
      "LNER TICKET OFFICE YORK GB": "lner.co.uk",
      "SFMTA METER 0412 SAN FRANCISCO CA": "sfmta.com",
      "PRESTO AUTOLD TORONTO ON": "prestocard.ca",
      "KORTTIOSTO HSL LIPPUAUTOMAATTI HELSINKI": "hsl.fi", // each language's ticket machines and counters
      "COMPRA RENFE TAQUILLA MADRID": "renfe.com",
      "MYKI TOP UP": "ptv.vic.gov.au", // a top-up in two words, as TOPUP is in one
    });
    await expectCleaned(["SHELL TOP UP CAFE"]);
    // A subscription's word, and a ticket named as a compound, after the operator that sells it ("Abo": Abonnement).
    await expectMatched({ "SEPA-LASTSCHRIFT HVV Deutschlandticket Abo 05/2025 Kd-Nr. 1234": "hvv.de", "KORTTIOSTO 02.04 HSL KAUSILIPPU": "hsl.fi" });
    // A ticket machine's code and a grocer's curbside pickup; the licence fee's payee as its direct debits print it.
    await expectMatched({
      "LNER TVM YORK": "lner.co.uk",
      "KROGER CURBSIDE #412 CINCINNATI OH": "kroger.com",
      "LASTSCHRIFT Rundfunk ARD, ZDF, DRadio Beitragsnummer 998 877 665": "rundfunkbeitrag.de",
      "VIS LEON WATERLOO STN LONDON": "leon.co", // a given name as a chain's name, before its branch
      "CHECKCARD 0611 WMATA SMARTRIP ADD VALUE ARLINGTON VA": "wmata.com", // another of its names, then a top-up
      "HVV FAHRAUSWEISAUTOMAT HAMBURG": "hvv.de", // a ticket machine's compound
      "T-MOBILE AUTO PAY 877-453-1304 WA": "t-mobile.com", // a recurring payment's mark, AUTO no car repairer
      "RSG Group GmbH McFit Beitrag 05/2025": "mcfit.com", // a group's registered name before its brand
      "COMPRAS C.DEB CP COMBOIOS DE PORTUGAL ORIENTE": "cp.pt", // Portugal: by debit card
    });
  });

  it("takes a branch of three words once a hyphen ends the name, and a place's name we do not list", async () => {
    await expectMatched({
      "VIS STARBUCKS-KINGS CROSS/LDN": "starbucks.com",
      "EFTPOS TRANSACTION BRISCOES NEW LYNN 11/03": "briscoes.co.nz",
      "IDP PURCHASE - 7734 H&M0412-SHERWAY/ETOBICOKE": "hm.com", // a store number glued to a name with an ampersand
      "PAIEMENT PREAUTORISE HYDRO-QUEBEC 0019 8823": "hydroquebec.com", // Desjardins' pre-authorised debit
    });
    await expectCleaned(["HOLLISTER NEW WAVE"]); // a common word after NEW: a business's name, not a place's
    // After MT, PORT or ST any name is a place's, whatever Montana's code or a common word says, but no kind of business.
    await expectMatched({ "POS W/D PAK N SAVE MT ALBERT-18:07": "paknsave.co.nz", "STARBUCKS MT PLEASANT": "starbucks.com" });
    await expectCleaned(["SHELL MT PLEASANT FARM", "TARGET ST PIZZA"]);
  });

  it("skips a company's or branch's code of two or three letters after a distinctive name, never a short word", async () => {
    await expectMatched({
      "COMPRA TARJ. 5402XXXXXXXX1234 IBERIA LAE MADRID": "iberia.com", // Líneas Aéreas de España
      "POS 24,90 AT K2 05.02. 07:41 OEBB PV AG TICKETAUTOMAT": "oebb.at", // ÖBB-Personenverkehr AG
    });
    // "BAY" is a word (Coles Bay is a town in Tasmania); "BBQ" names a business.
    await expectCleaned(["VISA PURCHASE COLES BAY OYSTERS FREYCINET TAS", "STARBUCKS BBQ"]);
    // Last, what the field's width left of a suburb; but a kind of business, short or not, is another business's.
    await expectMatched({ "VISA PURCHASE CHEMIST WAREHOUSE MAR": "chemistwarehouse.com.au" });
    await expectCleaned(["IKEA BAR", "STARBUCKS PHO", "WENDYS BAKERY & CAKES FRESNO CA"]);
  });

  it("reads an underscore as a space, and a number inside a name as the name's", async () => {
    await expectMatched({ PILOT_00412: "pilotflyingj.com" });
    // A number inside a name is the name's ("MITRE10MEGA"); a booking reference glued on has more digits ("EASYJET000K7RZ2Q9").
    await expectMatched({ "EFTPOS MITRE10MEGA HAMILTON NZ": "mitre10.co.nz", EASYJET000K7RZ2Q9: "easyjet.com" });
  });

  it("reads a slash between words as a hyphen: a branch after it, even of common words", async () => {
    await expectMatched({
      "CB MONOPRIX/OPERA 12/03": "monoprix.fr",
      "CB DISNEYLAND-PARIS/MARNE 11/03": "disneylandparis.com",
      "ZARA/GRAN VIA MADRID": "zara.com",
      "CVS/PHARMACY #0412": "cvs.com", // a name spelled with its slash still meets its key
    });
    // A shop's own name after a brand's word and a slash, and a store code before a slash, stay what they were.
    await expectCleaned(["AMAZON/TRAIL OUTFITTERS", "SHELL/BEACH CAFE"]);
    expect(await row("CB MONOPRIX/OPERA 12/03")).toMatchObject({ name: "Monoprix" });
    expect(await row("LES DELICES/OPERA 12/03")).toMatchObject({ status: "cleaned", name: "Les Delices Opera" });
    // A platform's name before a slash is its prefix; a code of two letters is not ("DD/BR": Dunkin' and Baskin-Robbins).
    expect(await row("EVENTBRITE/SUMMER FOLK FEST 801-555-0192 CA", true)).toMatchObject({ status: "cleaned", domain: null, intermediary: { domain: "eventbrite.com" } });
    expect(await row("DD/BR #341234 Q35 BOSTON MA", true)).toMatchObject({ domain: "dunkindonuts.com", intermediary: null });
  });

  it("takes a town, suburb or district of the purchase's country after a brand as where its branch stands", async () => {
    await expectMatched({
      "BEA, BETAALPAS JUMBO ZWOLLE,PAS123 14.03.24": "jumbo.com", // a common word as a name, then a town no list of cities holds
      "BP KINGS CROSS CD 4417": "bp.com",
      "PAIEMENT PAR CARTE X4471 FNAC LA DEFENSE 12/03": "fnac.com",
      "VISA DEBIT PURCHASE CARD 4417 JB HIFI BONDI JUNCTION": "jbhifi.com.au",
      // A letter or two, a chain's name as New Zealand banks print it, before a town of that chain's own market.
      "EFTPOS Z KILBIRNIE WELLINGTON 14/03": "z.co.nz",
      "NW THORNDON 8/03 EFTPOS": "newworld.co.nz",
      // Or before a street, or a suburb's or station's name before such a town or city.
      "EFTPOS Z TARANAKI ST 14:07": "z.co.nz",
      "POS W/D Z BROADWAY-14:22 NEWMARKET": "z.co.nz",
      "EFTPOS TRANSACTION Z TE RAPA HAMILTON": "z.co.nz",
      "KORTKÖP 250311 SL CENTRALEN STOCKHOLM": "sl.se",
    });
    await expectCleaned([
      "Z LONDON CD 4417", // a letter before another market's city
      "NW FAMILY DENTAL", // before anything but a town of its market
      "Z PIZZA HAMILTON", // a common word or a trade's before the town: the business's own name
      "Z BURGERS WELLINGTON",
      "STARBUCK HILL ORCHARD WOODSTOCK VT", // a name only like a brand's: common words before the town are a farm's name
      "THE CO-OP HILL WORKS STROUD", // cut short as "The Co-operative" would be, the same
      "EFTPOS COLES BAY KIOSK TAS",
    ]);
    // A town of another country is a person's name in a transfer ("THOMAS" is a town in the US, not in Germany).
    expect(await row("UEBERWEISUNG SEPA MUELLER, THOMAS IBAN DE89370400440532013000 MIETE", true)).toMatchObject({ domain: null });
    // A P2P rail's own name says how the money moved: the payee stays a person even when a town follows the rail's name.
    expect(await row("ONLINE TRANSFER FROM ZELLE WANG LI ON 03/14 REF #PP0T4K3L2M", true)).toMatchObject({ domain: null, entity_type: "person" });
  });

  it("reads a shopping centre, a company's registered name, an ampersand written out in French and a possessive's S apart", async () => {
    await expectMatched({
      "ZAKUP PRZY UZYCIU KARTY 13.03.2024 KFC GALERIA MOKOTOW WARSZAWA": "kfc.com", // the mall is where the branch stands
      "SPARK NZ TRADING LTD AUCKLAND": "spark.co.nz", // TRADING before a legal form is part of the company's name
      "VISA PURCHASE JB HI FI GROUP PTY LT MELBOURNE AU": "jbhifi.com.au",
      "CB H ET M PARIS HAUSSMANN 12/03": "hm.com",
      "PAIEMENT BANCONTACT MC DONALD S LOUVAIN-LA-NEUVE 12/03/2024": "mcdonalds.com", // a possessive's S printed apart
      "VISA VARE 4521 08.03 NOK 249,00 VY OSLO S": "vy.no", // a city's S is its central station, no possessive
      "MAX BURGERS GÖTEBORG": "max.se", // a city printed with its marks
    });
    // Without a legal form after it, TRADING names a business; a mall's word before a trade's is a business's name.
    await expectCleaned(["SHELL TRADING POST", "KFC CENTRO DENTAL"]);
    // A name that is one common word takes no branch of unknown names ("DISCOVER SCUBA CENTER" is a dive shop), and an
    // Italian professional's title is no bank ("ING." is an engineer).
    await expectCleaned(["DISCOVER SCUBA CENTER KEY LARGO FL", "PAGAMENTO POS 01/03 ING. ROSSI IMPIANTI PADOVA CARTA 5432"]);
    await expectMatched({ "DISCOVER 1234": "discover.com", "ING BANK": "ing.com" });
    // Two words joined by an ampersand after a brand's name are a business's own name, not a legal form's.
    await expectCleaned(["VISA DEBIT PURCHASE CARD 4821 WOOLIES BAIT & TACKLE CAIRNS"]);
    // A distinctive name of several words takes a suburb's or centre's name at the end, even of common words; a kind
    // of business or an activity there is still another business's name, and a name of one word takes none.
    await expectMatched({
      "EFTPOS CHEMIST WAREHOUSE GREEN HILLS": "chemistwarehouse.com.au",
      "VISA DEBIT PURCHASE CARD 1190 JB HI FI TOP RYDE": "jbhifi.com.au",
      "PRIME VIDEO CHANNELS": "primevideo.com",
      "NOEL LMNG BOTANY TOWN": "noelleeming.co.nz", // a name of several words shortened as well
    });
    await expectCleaned([
      "RIVER ISLAND TOURS",
      "VDP-SUPER VALUE CARPETS",
      "DOLLAR TREE TRIMMINGS",
      "THE WAREHOUSE PARTY HIRE",
      "NEW WORLD CHINESE",
      "SPECTRUM DRUM LESSONS AUSTIN TX", // a school, a creamery, a newsagent, a chip shop, a bakery
      "FIVE BELOW ICE CREAMERY",
      "CARD PAYMENT TO NEXT DOOR NEWS ON 02-04",
      "BOOTS LANE CHIPPY ABERDEEN",
      "SQ *MAPLELEAF BAKEHOUSE",
      "TESCO FLORAL DESIGNS", // and more kinds of small business
      "VDP-SUPERVALU UPHOLSTERY",
      "DENNER VELOS THUN",
      "TESCO FISHMONGER DUNDEE",
      "BETALING MET DEBETKAART BRICO MARC JANSSENS LEUVEN", // its owner's given name and surname after a brand's
      "PAGAMENTO POS 02/04/2025 ZARA ENOTECA FIRENZE CARTA 1234", // an Italian shop's kind after a brand's name
      "AMER EAGLE PAINT SUPPLY",
      "STARBUCKS RANCH ESTATES",
      "CB CARREFOUR DU PAIN 13/03",
    ]);
    // A co-operative or a furniture outlet after a brand's name is a business of its own.
    await expectCleaned(["WHOLE FOODS CO-OP DULUTH MN", "BEST BUY FURNITURE OUTLET EL PASO TX"]);
    // The word after a name, cut by the field, may go on with a longer name: that brand's, not the shorter one's.
    await expectMatched({
      "NORDSTROM RAC #0562 SEATTLE WA": "nordstromrack.com",
      "KORTKÖP 250307 APOTEK HJART GOTEBORG": "apotekhjartat.se",
      "VISA DEBIT PURCHASE CARD 1190 PRICELINE PH 0512 PARRAMATTA": "priceline.com.au",
      ")))CAFFE NERO GROUP L MANCHESTER": "caffenero.com", // GROUP before a legal form cut to its first letter
      "VISA/DANKORT KØB DSB KBH H BILLETAUTOMAT": "dsb.dk", // KBH: Copenhagen as Danish banks print it
      "CB LA POSTE BUREAU 12/03": "laposte.fr",
      "COMPRA 7712 GALP ESTACAO LISBOA": "galp.com",
    });
    await expectMatched({ "KARTENZAHLUNG IKEA DEUTSCHLAND GMBH & CO. KG BERLIN-TEMPELHOF": "ikea.com", "BED BATH & BEYOND #1234": "bedbathandbeyond.com" });
  });

  it("takes a street after any brand's name as where its branch stands", async () => {
    await expectMatched({ "VDP-SUBWAY GRAFTON ST": "subway.com" });
    await expectCleaned(["SUBWAY TILE ST"]); // a kind of business before the street: a business of its own
    await expectMatched({ "VDC-PENNEYS MARY STREET": "primark.com", "STARBUCKS MAIN ST": "starbucks.com" }); // a given name's, a common word's
    // After a store number, a street and its city, however long: billing and street words and letters alone count for none.
    await expectMatched({ "PURCHASE AUTHORIZED ON 03/02 CVS/PHARMACY #04417 E MAIN ST GRAND JUNCTION CO S384029311234567 CARD 1234": "cvs.com" });
    // A town after a star is where the biller is, not its product, even when a brand bears the town's name.
    await expectMatched({ "TARGET #1234* FRISCO TX": "target.com" });
  });

  it("reads a word for the brand's own kind of business after its name", async () => {
    await expectMatched({
      "INTERAC PURCHASE JEAN COUTU PHARMACIE N LAVAL": "jeancoutu.com",
      "WICKES BUILDING SUPPLI CD 3318": "wickes.co.uk", // cut by the field
      "DIRECT DEBIT ORIGIN ENERGY ELECTRIC 0044123456": "originenergy.com.au",
      "POS DEBIT HILTON HOTELS CHICAGO IL": "hilton.com", // a brand of the consumer list, classed too
      "BRIT GAS SERVICES DD 850012345678": "britishgas.co.uk", // several words shortened: the brand's own kind still
      "SEPTA KEY KIOSK 15TH ST PHILADELPHIA PA": "septa.org", // a transit operator's kiosk sells its tickets
      "COMPRA 4412 CTT LOJA RESTAURADORES LISBOA": "ctt.pt", // a post office's shop (loja)
      "ZAKUP PRZY UZYCIU KARTY PKP IC SPRZEDAZ KRAKOW": "intercity.pl", // a sale (sprzedaż), as SALES is
      "SFR BOX": "sfr.fr", // a telecom's internet box
      "KARTENZAHLUNG BVG FAHRSCHEINAUTOMAT BERLIN 2025-03-06T08:14:02 Folgenr.004": "bvg.de",
      "KORTTIOSTO HSL MOBIILI HELSINKI": "hsl.fi", // Helsinki transit's app
    });
    await expectCleaned(["STARBUCKS KIOSK", "SHELL BOX"]); // another business after a coffee chain's or fuel brand's name
  });

  it("leaves a business named with a brand's word and another kind of business cleaned", async () => {
    await expectCleaned([
      "EFTPOS COLES BAY KIOSK TAS", // a kiosk at Coles Bay, not a Coles supermarket
      "EFTPOS TRANSACTION SPARKS ELECTRICAL SERVICES", // a service word after another trade's word
      "EFTPOS NEW WORLD WINES LTD BLENHEIM", // a kind of business in the plural names one too
      "))) NEXT DOOR BARBERS SHEFFIELD",
      "SP * FRANK AND OAK MONTREAL QC", // not Frankie & Benny's
      "STARBUCK CAFE LLC", // one word only like a brand's name, then its kind of business: a café of its own
    ]);
  });

  it("finds a platform's prefix printed with its star after a terminal's code or the platform's own code", async () => {
    const via = (domain: string | null, intermediary: string) => ({ domain, intermediary: expect.objectContaining({ domain: intermediary }) });
    expect(await row("POS 8,40 AT D4 08.03. 10:12 SUMUP *HEURIGER ZUM FASS", true)).toMatchObject(via(null, "sumup.com"));
    expect(await row("GH *GRUBHUB SWEETGREEN 877-585-4471 IL", true)).toMatchObject(via("sweetgreen.com", "grubhub.com"));
    expect(await row("PLATNOSC KARTA PYSZNE.PL*KEBAB U ALIEGO POZNAN", true)).toMatchObject(via(null, "pyszne.pl")); // a Polish card payment
    // Without a star after skipped words, a platform's word is a shop's name: no platform, no merchant.
    for (const descriptor of ["JS TAKEAWAY LEICESTER CD 2291", "ZAKUP PRZY UZYCIU KARTY PKP IC WARSZAWA CENTR"]) {
      expect(await row(descriptor, true), descriptor).toMatchObject({ intermediary: null });
    }
    expect(await row("JS TAKEAWAY LEICESTER CD 2291", true)).toMatchObject({ status: "cleaned", domain: null });
  });

  it("finds a platform's prefix with a dot for its star, after its name and a star, or its long name run onto the shop's", async () => {
    const shopVia = (intermediary: string) => ({ status: "cleaned", domain: null, intermediary: expect.objectContaining({ domain: intermediary }) });
    expect(await row("SUMUP.THE OLD FORGE CD 4471", true)).toMatchObject({ ...shopVia("sumup.com"), name: "The Old Forge" });
    expect(await row("GRUBHUBTHAIBASILGRILL", true)).toMatchObject(shopVia("grubhub.com"));
    expect(await row("SQUARE *SQ *LITTLE FOX BAKERY PORTLAND OR", true)).toMatchObject(shopVia("squareup.com")); // its name, a star, its prefix
    // A membership billed with its word cut short is the platform selling itself.
    expect(await row("DELIVEROO PLUS SUBSCRIPTN CD 2291", true)).toMatchObject({ status: "matched", domain: "deliveroo.co.uk", intermediary: null });
    // The platform's address is no shop: what follows it is.
    expect(await row("SUMUP.COM JOES CAFE", true)).toMatchObject({ ...shopVia("sumup.com"), name: "Joes Cafe" });
    // A short platform name run onto a word is a word ("VENMOUTH"), and a glued name needs a shop's name after it.
    expect(await row("SQUAREONE CAFE", true)).toMatchObject({ status: "cleaned", domain: null, intermediary: null });
  });

  it("reads two letters printed with an ampersand as a name, with the purchase's market", async () => {
    await expectMatched({ "A&W TORONTO ON": "aw.ca" });
    expect(await row("DOORDASH*A&W TORONTO ON", true)).toMatchObject({ domain: "aw.ca", intermediary: expect.objectContaining({ domain: "doordash.com" }) });
  });

  it("reads more banks' wordings before the name: a debit card, an Italian card payment, a New Zealand automatic payment", async () => {
    await expectMatched({
      "VISA DEBITKARTE LUFTHANSA 2201237894431 FRANKFURT": "lufthansa.com",
      "ZAHLUNG DEBITKARTE SBB CFF FFS BERN 12.03.24": "sbb.ch",
      "PAGAMENTO CON CARTA ESSELUNGA-MI VIALE PIAVE MILANO": "esselunga.it",
      "AP# SPARK BROADBAND 1234567": "spark.co.nz",
      "VISA/DANKORT DSB BILLETAUTOMAT KOBENHAVN H": "dsb.dk", // a ticket machine, in Danish
    });
  });

  it("gives a British cash machine's line, and a business named with a trade's word, no merchant", async () => {
    await expectCleaned([
      "CASH HSBC MAR12 HIGH ST CROYDON", // a withdrawal at an HSBC machine: the bank is no merchant
      "POS08MAR MURPHYS VICTUALLERS", // a pub
      "TIMS DONAIR HALIFAX NS", // a donair shop, not Tim Hortons
    ]);
    expect(isCashMachine("CASH CONVERTERS CROYDON")).toBe(false); // a pawnbroker: no date after the words
  });

  it("gives a shop named with a brand's word, a trade's word or a phrase no merchant", async () => {
    await expectCleaned([
      "LLOYDS OF LUDLOW BUTCHERS", // a butcher's, not Lloyds Bank
      "WENDYS TACO SHACK AUSTIN TX",
      "PRET-A-PORTER ALTERATIONS", // a tailor, not Pret A Manger
      "ROSSMANN WEINSTUBE MAINZ", // a wine tavern: a German compound ends in its kind of business
      "SERVICE CHARGE", // one English word is that word, never a name cut short (Services Australia)
      "DOLLAR TREE TRIMMING S BATON ROUGE LA", // an activity, in the plural too, is no branch
      "HALIFAX TILE CENTRE HALIFAX GB",
      "KRGR FMLY ORCHRD LEXINGTON KY", // after a name found by its consonants, only places, numbers and billing words
    ]);
    await expectMatched({ "WLGRNS #1234 CHICAGO IL": "walgreens.com" });
    // "THE" after another word goes on with its phrase ("ON THE LAKE"); right after the name it begins a branch's.
    expect(await row("SQ *TIMS ON THE LAKE", true)).toMatchObject({ status: "cleaned", domain: null, intermediary: expect.objectContaining({ domain: "squareup.com" }) });
    await expectMatched({ "MCDONALDS THE PINES": "mcdonalds.com", "STARBUCKS THE GLEN": "starbucks.com", WALGREEN: "walgreens.com" });
  });

  it("reads a card terminal's shop by its own name: a short brand's name only as a chain prints it, never respelled", async () => {
    const shop = { status: "cleaned", domain: null, intermediary: expect.objectContaining({ domain: "squareup.com" }) };
    // The same words name the brand on a bank's own line; behind a terminal a shop chose them. A brand's given name and
    // a surname are a person's business on either (bank-wording.test.ts).
    await expectMatched({ "SBWY 1234": "subway.com", "LYON 3 LA POSTE": "laposte.fr" });
    await expectCleaned(["ZARA KOSTOPOULOS"]);
    for (const descriptor of ["SQ *ZARA KOSTOPOULOS", "SQ *SBWY 1234", "SQ *LYON 3 LA POSTE"]) {
      expect(await row(descriptor, true), descriptor).toMatchObject(shop);
    }
    // A chain's name with a place after it, or cut by the field's width, is still the chain.
    for (const [descriptor, domain] of [["SQ *ZARA LONDON", "zara.com"], ["SQ *BLUE BOTTLE COFF", "bluebottlecoffee.com"]]) {
      expect(await row(descriptor, true), descriptor).toMatchObject({ status: "matched", domain });
    }
    // Behind a terminal a short name's own kind of business after it is a shop's name; a long name's is the chain's.
    expect(await row("TST*WENDYS KITCHEN LLC CHICAGO IL", true)).toMatchObject({ status: "cleaned", domain: null });
    expect(await row("SQ *BLUE BOTTLE COFFEE OAKLAND CA", true)).toMatchObject({ status: "matched", domain: "bluebottlecoffee.com" });
    // A chain named by one common word, behind a terminal, only with numbers and places after it.
    expect(await row("SUMUP *FARMERS MKT", true)).toMatchObject({ status: "cleaned", domain: null });
    expect(await row("SQ *FARMERS AUCKLAND", true)).toMatchObject({ status: "matched", domain: "farmers.co.nz" });
    // A short name printed again is a word of the shop's own name ("DIA A DIA": day by day).
    await expectCleaned(["COMPRA TARJ. 5402XXXXXXXX1234 DIA A DIA FRUTERIA SEVILLA"]);
    await expectMatched({ "DIA 1234 SEVILLA": "dia.es" });
  });

  it("finds the platforms banks print for shops in every market: their names with a star, and their own prefixes", async () => {
    const shopVia = (intermediary: string) => ({ status: "cleaned", domain: null, intermediary: expect.objectContaining({ domain: intermediary }) });
    const cases: Record<string, string> = {
      "SQUARE *TARGET FITNESS STUDIO": "squareup.com", // the platform's name and a star, before a shop named with a brand's word
      "ZTL*BOOTS AND SADDLES": "zettle.com",
      "LIGHTSPEED*VELO ATELIER MTL": "lightspeedhq.com",
      "TYRO *HARBOURSIDE FISH & CHI": "tyro.com",
      "WORLDPAY*DALES GARAGE SKIPTON": "worldpay.com",
      "LAYBUY*ROTORUA GIFTS": "laybuy.com",
      "DELIVEREASY*CURRY CORNER": "delivereasy.co.nz",
      "BLIK ZAKUP KAWIARNIA POD LIPA": "blik.com",
      "ZETTLE_BROWNS BAKERY CD 4417": "zettle.com", // an underscore only separates
    };
    for (const [descriptor, platform] of Object.entries(cases)) expect(await row(descriptor, true), descriptor).toMatchObject(shopVia(platform));
    expect(await row("PAYU*ALLEGRO", true)).toMatchObject({ status: "matched", domain: "allegro.pl", intermediary: expect.objectContaining({ domain: "payu.com" }) });
    // Without its star, a platform's name is a word a shop's name begins with.
    expect(await row("SQUARE ONE DELI", true)).toMatchObject({ status: "cleaned", domain: null, intermediary: null });
  });

  it("reads a brand's outlet, a compound line cut short, a street named after its word, and an order number", async () => {
    await expectMatched({
      "VISA DEBIT PURCHASE - 3310 NIKE FACTORY/#0412-VAUGHAN": "nike.com",
      "KARTENZAHLUNG HVV FAHRKARTENAUTOM//HAMBURG/DE": "hvv.de", // a ticket machine's compound, cut by the column
      "COMPRA TARJ. 4940XXXXXXXX2231 ZARA PASEO DE GRACIA-BARCELONA": "zara.com",
      "EFTPOS PURCHASE BWS LIQUOR 3412 SURRY HILLS AU": "bws.com.au", // a retailer's own kind of shop
    });
    expect(await row("SEPA-LASTSCHRIFT KLARNA BANK AB H&M BESTELLNR 60412873", true)).toMatchObject({
      domain: "hm.com",
      intermediary: expect.objectContaining({ domain: "klarna.com" }),
    });
    // A street's word names nobody only whole: "PASS" is no cut "PASSEIG", "BEST" no cut "BESTELLNR".
    await expectCleaned(["INTERAC PURCHASE ROGERS PASS GENERAL STORE GOLDEN BC"]);
  });

  it("reads NS as no country's code: Nova Scotia, or New South Wales cut by the column", async () => {
    await expectMatched({
      "VISA PURCHASE CHEMIST WAREHOUSE PARRAMATTA NS CARD 4417": "chemistwarehouse.com.au", // not a Canadian shop's plain name
      "A&W HALIFAX NS": "aw.ca", // the city still says Canada
    });
  });

  it("reads a Swiss purchase's wording after the wallet's name", async () => {
    expect(await row("TWINT KAUF/DIENSTLEISTUNG COOP-1234 BASEL", true)).toMatchObject({
      status: "matched",
      domain: "coop.ch",
      intermediary: expect.objectContaining({ domain: "twint.ch" }),
    });
  });
});
