// More of what banks print around a merchant's name (a card wrapper, a mandate's fields, a billing period, a company's
// registered name, a platform's membership), each rule beside the shop or bank line it must leave without a merchant.
import { beforeAll, describe, expect, it } from "vitest";
import { isCardRepayment, stripNoise } from "@brand/core/descriptor/noise";
import { ownStageCases } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";

describe("bank wording", () => {
  /** Each line as `stripNoise` leaves it: the words that can name a merchant. */
  const expectStripped = (cases: Record<string, string>) => {
    for (const [line, left] of Object.entries(cases)) expect(stripNoise(line), line).toBe(left);
  };

  it("drops a Dutch receipt's date with its time after a slash, and a French debit's creditor id and mandate", () => {
    expectStripped({
      "BEA NR:KK201L 10.04.25/19.31 THUISBEZORGD.NL SUMO SUSHI,PAS412": "THUISBEZORGD.NL SUMO SUSHI",
      "PRLV SEPA SFR ICS FR65ZZZ000123 RUM 000001234567 FACTURE MARS": "SFR",
      // A rum bar's RUM, with no mandate's number after it, stays.
      "PRLV SEPA RUM BAR DE LA PLAGE": "RUM BAR DE LA PLAGE",
    });
  });

  it("drops more banks' wordings and fields: a US payment's words, German and Swiss bills, a Polish amount, an order", () => {
    expectStripped({
      "ELECTRONIC PAYMENT DOMINION ENERGY VIRG 04/18": "DOMINION ENERGY VIRG",
      "SEPA LASTSCHRIFT A1 TELEKOM AUSTRIA AG RECHNUNG 2504 KD.NR. 88123441": "A1 TELEKOM AUSTRIA AG RECHNUNG #",
      "EBILL SWISSCOM (SCHWEIZ) AG RECHNUNG 04/2025": "SWISSCOM (SCHWEIZ) AG RECHNUNG", // the month billed
      "PŁATNOŚĆ KARTĄ 04.04.2025 NR KARTY 4246XX4412 KWOTA: 18,47 PLN ŻABKA Z4412": "ŻABKA #",
      "PŁATNOŚĆ BLIK ALLEGRO SP. Z O.O. ZAM. 8812-4412": "ALLEGRO SP. Z O.O.",
    });
  });

  it("drops Belgian, Swiss, German and French debits' and card payments' words, keeping a merchant after a French field", () => {
    expectStripped({
      "BETALING MET BANKKAART 14/03 12:31 DELHAIZE 412 GENT": "DELHAIZE # GENT",
      "EUROPESE DOMICILIERING PROXIMUS NV REF. 1234567890 MANDAAT 0412345": "PROXIMUS NV REF. #",
      "LSV-BELASTUNG SWISSCOM (SCHWEIZ) AG RECHNUNG 03/2025": "SWISSCOM (SCHWEIZ) AG RECHNUNG",
      "SEPA-BASISLASTSCHRIFT HUK-COBURG KFZ-VERS. VS-NR 123/456789-A BEITRAG 2025": "HUK-COBURG KFZ-VERS.",
      "PRLV SEPA PAYPAL EUROPE S.A.R.L. ET CIE S.C.A REF/1043789 DECATHLON": "PAYPAL EUROPE DECATHLON",
      "COMPRA INTERNET RENFE VIAJEROS SME SA MADRID": "RENFE VIAJEROS SME SA MADRID",
    });
  });

  it("drops US debit lines' codes, Canada's PREAUTH DEBIT, a German card's ZAHLUNG, a Swiss bank's card, Spain's E.S., a Finnish e-invoice", () => {
    expectStripped({
      "DBCRD PUR AP AUT 031225 DDA PURCHASE SHOPRITE CHERRY HILL S1 CHERRY HILL * NJ": "SHOPRITE CHERRY HILL S1 CHERRY HILL * NJ",
      "DEBIT POS, AUT 031225 VISA DDA PUR NJT MOBILE APP NEWARK * NJ": "NJT MOBILE APP NEWARK * NJ",
      "WITHDRAWAL FROM COMED PAYMENT 0391822214": "COMED PAYMENT #",
      "WITHDRAWAL FROM SAVINGS 0391822214": "WITHDRAWAL FROM SAVINGS #", // money moved, no merchant's line
      "PREAUTH DEBIT ROGERS ******5512": "ROGERS #",
      "MASTERCARD ZAHLUNG LIDL SAGT DANKE 1234 BERLIN-NEUKOELLN": "LIDL SAGT DANKE # BERLIN-NEUKOELLN",
      "EINKAUF ZKB VISA DEBIT KARTE NR. XXXX 4411 MIGROS M LETZIPARK ZUERICH": "MIGROS M LETZIPARK ZUERICH",
      "COMPRA TARJ. 5402XXXXXXXX1234 E.S. REPSOL PISTA SILLA": "# REPSOL PISTA SILLA",
      "E-LASKU ELISA OYJ VIITE 1234567890": "ELISA OYJ",
      "CARD PURCHASE 03/11 APLPAY PANERA BREAD #6012 ST LOUIS MO CARD 7713": "PANERA BREAD # ST LOUIS MO", // Amex's wallet mark anywhere
      "PAYPAL *GYMSHARKLTD 35314369001 GB": "PAYPAL *GYMSHARK LTD # GB", // a legal form run on
      "INTERNET BILL PAY 000000118273 BELL CANADA": "# BELL CANADA",
      "CB ASF PEAGE 07/03 CARTE X9120": "ASF PEAGE",
      "AANKOOP BANCONTACT DE LIJN M-TICKET ANTWERPEN": "DE LIJN M-TICKET ANTWERPEN",
      "PAID TO - SDGE WEB PAYMENT": "SDGE WEB PAYMENT",
      "ONLINE BANKING PAYMENT - 5512 HYDRO ONE": "# HYDRO ONE",
      "KAUF ONLINE VOM 07.03.2025 KARTEN NR. XXXX7719 SBB CFF FFS EASYRIDE BERN": "SBB CFF FFS EASYRIDE BERN",
      "AUTOGIRO ELLEVIO AB": "ELLEVIO AB", // Sweden's direct debit
      "AVTALEGIRO FJORDKRAFT AS KID 4419203384": "FJORDKRAFT AS", // Norway's, and its payment id
      "BS BETALING YOUSEE A/S": "YOUSEE A/S", // Denmark's Betalingsservice
      "BETALING MET DEBETKAART NUMMER 4871 04XX XXXX 2231 TAKEAWAY.COM AMSTERDAM 09/03 20.14 UUR": "TAKEAWAY.COM AMSTERDAM",
      "PRLV SEPA PAYPAL EUROPE S.A.R.L. ET CIE S.C.A ECH/110325 LIB/1043992817 PAYPAL LEBONCOIN": "PAYPAL EUROPE PAYPAL LEBONCOIN",
      "EINZUG OEBB-PV AG TICKETSHOP 7QX4412": "OEBB-PV AG TICKETSHOP #", // Austria's direct debit
      "ABBUCHUNG A1 TELEKOM AUSTRIA AG RECHNUNG 03/2025": "A1 TELEKOM AUSTRIA AG RECHNUNG",
      "BETALING DE LIJN M-TICKET": "DE LIJN M-TICKET",
      "PAG SERV VIA VERDE PORTUGAL 21341 REF 123456789": "VIA VERDE PORTUGAL #", // Portugal's, not Italy's PAG
      "COMPRA ELEC 4412 GALP AREEIRO LISBOA": "GALP AREEIRO LISBOA",
      "BETALINGSSERVICE HOFOR A/S VAND 1. KVT": "HOFOR A/S VAND 1. KVT",
      "PKORTTIMAKSU VR-YHTYMA OYJ HELSINKI": "VR-YHTYMA OYJ HELSINKI",
      "CARD PURCHASE W/CASH 03/10 STOP & SHOP 0412 QUINCY MA CASH BACK $20.00 CARD 5108": "STOP & SHOP # QUINCY MA", // cash back
      "DEB B & Q 1234 CROYDON CD 5519": "B & Q # CROYDON #", // a UK debit card's mark
      "ACHAT BANCONTACT DELHAIZE 412 IXELLES 12/03": "DELHAIZE # IXELLES",
    });
  });

  it("reads a direct debit to a card issuer, with its British code and the card's masked number, as a repayment", () => {
    expect(isCardRepayment("ELECTRONIC PMT-WEB, AMEX EPAYMENT ACH PMT W4812")).toBe(true);
    expect(isCardRepayment("DIRECT DEBIT BARCLAYCARD 4929XXXXXXXX7731")).toBe(true); // a masked card number names nobody
    expect(isCardRepayment("DIRECT DEBIT PAYMENT TO BARCLAYCARD REF 4929********1234, MANDATE NO 0007")).toBe(true);
    expect(isCardRepayment("AMERICAN EXPRESS DDR 37**5401 MONTHLY")).toBe(true);
    expect(isCardRepayment("AMERICAN EXPRESS DDR ANNUAL FEE")).toBe(false); // the issuer's own charge
    // Any credit card named as one, paid; Apple Card and Synchrony as their payments print them.
    for (const line of ["HSBC CREDIT CARD PAYMENT", "PAYMENT TO TESCO BANK CREDIT CARD", "APPLECARD GSBANK PAYMENT 2394811", "SYNCB PAYMENT 4417"]) {
      expect(isCardRepayment(line), line).toBe(true);
    }
    expect(isCardRepayment("TESCO BANK CREDIT CARD LATE PAYMENT FEE")).toBe(false);
    // An issuer's ACH debit, its repayment said in the entry's description.
    expect(isCardRepayment("ORIG CO NAME:CAPITAL ONE ORIG ID:9541719318 CO ENTRY DESCR:CRCARDPMT SEC:CCD")).toBe(true);
    expect(isCardRepayment("ORIG CO NAME:CAPITAL ONE ORIG ID:9541719318 CO ENTRY DESCR:ANNUAL FEE SEC:CCD")).toBe(false);
  });
});

describe("on the seeded corpus", { timeout: 30_000 }, () => {
  beforeAll(seedCorpus);
  const { row, expectMatched, expectCleaned } = ownStageCases("acc_bank_wording");

  it("reads the brand after a German card turnover's word and a Spanish online purchase's", async () => {
    await expectMatched({
      "VISA Debitkartenumsatz DM-DROGERIE MARKT SAGT": "dm.de",
      "COMPRA INTERNET EN RENFE VIAJEROS SME": "renfe.com",
    });
    expect(await row("VISA Debitkartenumsatz APPLE PAY REWE 4471 BERLIN", true)).toMatchObject({ domain: "rewe.de", intermediary: null });
  });

  it("reads a billing period after the brand as no name, and only the whole word", async () => {
    await expectMatched({
      "PRLV SEPA RATP NAVIGO ANNUEL RUM ++NAV-0041882731": "ratp.fr",
      "NETFLIX MONTHLY": "netflix.com",
      "MENS WEARHOUSE #123 HOUSTON TX": "menswearhouse.com", // MENS is no cut MENSUEL
    });
    await expectCleaned(["MONTHLY MARKET CAFE"]);
  });

  it("reads TRADING last after the country's code as the company's registered name, and TRADING POST as a shop's", async () => {
    await expectMatched({ "Direct Debit SPARK NZ TRADING 20039918": "spark.co.nz" });
    await expectCleaned(["TARGET TRADING POST", "TARGET US TRADING POST", "ACME TRADING"]);
  });

  it("gives a card issuer's direct debit no merchant", async () => {
    expect(await row("AMERICAN EXPRESS DDR 37**5401 MONTHLY", true)).toMatchObject({ status: "cleaned", domain: null });
  });

  it("reads a platform's name cut before a plus as its membership: the platform billing itself", async () => {
    expect(await row("SKIPTHEDISHES SKIP+ WINNIPEG MB", true)).toMatchObject({ status: "matched", domain: "skipthedishes.com", intermediary: null });
    expect(await row("UBER EATS UBER+", true)).toMatchObject({ status: "matched", domain: "ubereats.com", intermediary: null });
    // A shop's name after the platform's keeps the platform as the intermediary.
    expect(await row("SKIPTHEDISHES SKIP THE LINE CAFE", true)).toMatchObject({ status: "cleaned", intermediary: expect.objectContaining({ domain: "skipthedishes.com" }) });
  });

  it("reads a delivery app's address before a shop's name as the app's prefix, after a Dutch receipt's date and time", async () => {
    expect(await row("BEA NR:KK201L 10.04.25/19.31 Thuisbezorgd.nl Sumo Sushi,PAS412", true)).toMatchObject({
      status: "cleaned",
      domain: null,
      name: "Sumo Sushi",
      intermediary: expect.objectContaining({ domain: "thuisbezorgd.nl" }),
    });
  });

  it("gives the business of a person named with a brand's given name no merchant", async () => {
    await expectCleaned(["CB BOULANGERIE PAUL MARTIN 14/03", "LEON SMITH"]);
    // The brand's name alone, before a branch, a hyphen's branch or a legal form, stays the brand's.
    await expectMatched({
      "CB BOULANGERIE PAUL 14/03": "paul.fr",
      "VIS LEON WATERLOO STN LONDON": "leon.co",
      "LASTSCHRIFT OTTO GMBH & CO KG KUNDENNR 41238765 RECHNUNG 2024031": "otto.de",
      "EFTPOS PANDORA-SYLVIA PARK/AKL": "pandora.net",
    });
  });

  it("reads Nordic legal forms, an Austrian direct debit and a transit operator's app and carnet after the brand", async () => {
    await expectMatched({
      "E-LASKU HELEN OY VIITE 1123 4567 8901": "helen.fi", // OY: a Finnish company, no surname after the given name
      "SEPA-LASTSCHRIFT WIEN ENERGIE GMBH Kundennr. 2100381144 Teilbetrag 03/2025": "wienenergie.at", // Austria's banks print LASTSCHRIFT too
      "SL MOBILAPP 250306": "sl.se",
      "FACTURE CARTE DU 060325 RATP CARNET DIGITAL PARIS CARTE 4974XXXXXXXX6021": "ratp.fr",
      "Betalingsservice HOFOR A/S Vand 1. kvt": "hofor.dk", // a utility's water and the quarter billed
      "Einzug OEBB-PV AG Ticketshop 7QX4412": "oebb.at",
      "BEA NR:9K3L2P 13.03.25/08.12 GVB Reizigersdiensten AMSTERDAM,PAS123": "gvb.nl", // a transit operator's counters
    });
    // Square's other address printed as its prefix.
    expect(await row("GOSQ.COM MAPLE STREET BARBE Asheville NC", true)).toMatchObject({ status: "cleaned", intermediary: expect.objectContaining({ domain: "squareup.com" }) });
    expect(await row("INSTANTOVERSCHRIJVING NAAR BE71 0961 2345 6769 WOUTER PEETERS MEDEDELING: WEEKEND ARDENNEN", true)).toMatchObject({ entity_type: "person" });
  });

  it("reads an insurer's own word after its name as its line, and tells a cinema chain's two markets apart", async () => {
    await expectMatched({
      "PRLV SEPA MAIF ECH/050325 MDT/0098221137 ASSURANCE HABITATION": "maif.fr",
      "BEA, Apple Pay Pathe Tuschinski,PAS123 NR:PT88K2, 14.03.25/20:41 AMSTERDAM": "pathe.nl",
      "CB PATHE BELLECOUR 12/03": "pathe.fr",
    });
    await expectCleaned(["SHELL INSURANCE BROKERS"]); // another kind's brand: a broker of its own
  });

  it("gives a brewery named with a retailer's name no merchant", async () => {
    await expectCleaned(["POS W/D THE WAREHOUSE BREW-18:55", "THE WAREHOUSE BREWING CO"]);
  });

  it("gives a shop named with a brand's word and a kind of business in its own language no merchant", async () => {
    await expectCleaned([
      "KORTTIOSTO LIDL KUKKAKAUPPA HELSINKI", // a florist (OpenStreetMap's presets, in Finnish)
      "KARTENZAHLUNG ALDI FAHRRADLADEN//BERLIN/DE", // a compound ending in a shop's word
      "VISA VARE 4521 REMA BLOMSTERBUTIKK OSLO",
      "KORTKÖP 250403 WILLYS CYKELVERKSTAD UMEA", // a bicycle workshop
    ]);
    // A car rental's own word after a car rental's name is its branch.
    await expectMatched({ "SIXT AUTOVERMIETUNG 8811/HAMBURG": "sixt.com", "KORTTIOSTO LIDL HELSINKI": "lidl.com" });
  });

  it("reads a name printed with its own letters beyond ASCII by its ASCII spellings, and a ticket machine's and an online purchase's words", async () => {
    await expectMatched({
      "Dankort-nota Føtex Aarhus C 12345": "foetex.dk", // the key keeps such a letter's case: FØTEX is read as FOTEX
      "CARTE X4412 06/03 TCL DISTRIBUTEUR BELLECOUR": "tcl.fr",
      "ACHAT STM OPUS EN LIGNE MONTREAL QC": "stm.info",
    });
    expect(await row("Overføring Vipps Ingrid Haugland", true)).toMatchObject({ status: "cleaned", entity_type: "person" });
  });

  it("reads a name set apart from a common word only by an ampersand by its other spellings, never by the word", async () => {
    expect(await row("PIZZA 0412")).toMatchObject({ status: "cleaned", domain: null, name: "Pizza" });
    await expectMatched({ "AND PIZZA 0412 WASHINGTON DC": "andpizza.com" });
  });

  it("reads product lines and counters billed after the brand's name", async () => {
    await expectMatched({
      "PANERA SIP CLUB 8552826372 MO": "panerabread.com",
      "BEA NR:0PL33D 07.04.25/10.12 PostNL Punt Primera Delft,PAS412": "postnl.nl",
      "ZAKUP PRZY UŻYCIU KARTY PKP IC KASA 12 WARSZAWA": "intercity.pl", // a ticket office's till
      "PRESTO ETIX TORONTO ON": "prestocard.ca",
    });
  });

  it("reads a name with a letter beyond ASCII first as the brand's, and Italy's S.p.A. last in an Italian purchase", async () => {
    await expectMatched({
      "Płatność kartą 04.04.2025 Nr karty 4246xx4412 Kwota: 18,47 PLN ŻABKA Z4412 K.1 KRAKOW": "zabka.pl",
      "PAGAMENTO CONTACTLESS NTV ITALO SPA 05/04 CARTA 4412": "italotreno.com",
      "COMPRA EN CORREOS OF.2807041, CON LA TARJETA : 4940XXXXXXXX1234 EL 2025-04-09": "correos.es", // Spain's, not Louisiana's
    });
    // With no country shown, SPA last is a day spa's; a bar named after the brand stays a bar.
    await expectCleaned(["ITALO SPA", "PAGAMENTO POS BAR ITALO 07/04 CARTA 4412 TORINO"]);
  });

  it("finds the person a transfer names when a brand's name only begins the person's", async () => {
    for (const descriptor of [
      "TRANSFERENCIA INMEDIATA A FAVOR DE MARTA DIAZ ORTEGA CONCEPTO: ALQUILER",
      "Online Payment 8812345670 To Rachel Cole 04/13",
      "Transfer to other Bank NetBank ZOE NGUYEN Osko payment dinner", // CommBank
      "QuickPay with Zelle payment to Tyler Brooks JPM99b2k3x4c", // Chase
      "SEPA CT TO SIOBHAN DOYLE RENT MARCH",
      "IB TRANSFER TO HEMI PARATA FLATMATE POWER", // internet banking
      "STO PRIYA SHAH RENT FLAT 2", // a British standing order
    ]) {
      expect(await row(descriptor, true), descriptor).toMatchObject({ status: "cleaned", domain: null, entity_type: "person" });
    }
    // A brand's name alone after a transfer is still the brand's.
    expect(await row("ZELLE TO STARBUCKS", true)).toMatchObject({ status: "matched", domain: "starbucks.com" });
  });

  it("reads a delivery app's prefix before a company's registered name as a British direct debit's mark", async () => {
    expect(await row("DD EE LIMITED", true)).toMatchObject({ status: "matched", domain: "ee.co.uk", intermediary: null });
    // The app's own registered name, and a restaurant after its prefix, stay the app's.
    expect(await row("DD DOORDASH INC", true)).toMatchObject({ status: "matched", domain: "doordash.com", intermediary: null });
    expect(await row("DD MCDONALDS", true)).toMatchObject({ domain: "mcdonalds.com", intermediary: expect.objectContaining({ domain: "doordash.com" }) });
  });

  it("tells two markets' brands of one name apart by the province after the city", async () => {
    await expectMatched({ "GOODLIFE CLUBS-0412 LONDON ON": "goodlifefitness.com", "GOODLIFE HEALTH CLUBS MELBOURNE VIC": "goodlife.com.au" });
  });

  it("reads a shop behind a processor's iDEAL line as the shop's, not a chain named after its kind of business", async () => {
    const line = "SEPA iDEAL IBAN: NL41DEUT0265262461 BIC: DEUTNL2A Naam: Stichting Mollie Payments Omschrijving: 0014 4412 8833 1023 Fietsenwinkel De Spaak";
    expect(await row(line, true)).toMatchObject({ status: "cleaned", domain: null, intermediary: expect.objectContaining({ domain: "mollie.com" }) });
  });
});
