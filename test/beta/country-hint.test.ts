// Where a descriptor shows the purchase was made: the hint that tells same-named brands apart when a request gives no
// country_code (descriptor/country-hint.ts).
import { describe, expect, it } from "vitest";
import { countryShown } from "@brand/core/descriptor/country-hint";

describe("the country a descriptor shows", () => {
  it("by its bank's format", () => {
    expect(countryShown("KARTENZAHLUNG NETTO 4471")).toBe("DE");
    expect(countryShown("INTERAC PURCHASE CANADIAN TIRE")).toBe("CA");
    expect(countryShown("BEA NR:7YH212 ALBERT HEIJN 1403")).toBe("NL");
    expect(countryShown("CARD PAYMENT TO TESCO STORES ON 14-03")).toBe("GB"); // "ON" is no Ontario here
    expect(countryShown("AVANTI WEST COAST TICKE ON 11 MAR BCC")).toBe("GB");
    expect(countryShown("COOP GRP 071432 CD 7120")).toBe("GB"); // Lloyds' card mark
    expect(countryShown("CD 7120 RECORDS")).toBeNull();
    expect(countryShown("CHECKCARD 0305 TARGET T-1234")).toBe("US");
    expect(countryShown("POS W/D KIWI CAFE-07:48")).toBe("NZ"); // New Zealand's banks' card purchase
    expect(countryShown("PŁATNOŚĆ KARTĄ 02.04.2025 ZABKA Z1029")).toBe("PL");
    expect(countryShown("KORTTIOSTO 14.03 K-MARKET")).toBe("FI");
    // Spain's card purchase, whatever its tail says ("LA" is no Louisiana there); Italy's contactless payment.
    expect(countryShown("COMPRA EN CORREOS OF.2807041, CON LA TARJETA : 4940XXXXXXXX1234 EL 2025-04-09")).toBe("ES");
    expect(countryShown("PAGAMENTO CONTACTLESS NTV ITALO SPA 05/04 CARTA 4412")).toBe("IT");
  });

  it("by the region, country or city after the merchant", () => {
    expect(countryShown("TARGET 00012345 MINNEAPOLIS MN")).toBe("US");
    expect(countryShown("STARBUCKS SAN FRANCISCO CA")).toBe("US"); // California, not Canada
    expect(countryShown("A&W #1043 SURREY BC")).toBe("CA");
    expect(countryShown("COLES 0456 PARRAMATTA NSW")).toBe("AU");
    expect(countryShown("WOOLWORTHS AUCKLAND NZ")).toBe("NZ");
    expect(countryShown("NETTO KOBENHAVN")).toBe("DK");
    expect(countryShown("ALDI SUED LEIPZIG")).toBe("DE");
  });

  it("is none when nothing shows it, or the place is in two markets", () => {
    expect(countryShown("NETFLIX.COM")).toBeNull();
    expect(countryShown("COSTA COFFEE BIRMINGHAM")).toBeNull(); // England or Alabama
    expect(countryShown("REWE MARKT DE")).toBeNull(); // Delaware or Germany
    expect(countryShown("OCTOPUS ENERGY MANDATE NO 0041")).toBeNull(); // a number, not Norway
    expect(countryShown("OCTOPUS ENERGY A-12BC34EF DD")).toBeNull(); // a code, no British Columbia in it
    expect(countryShown("REMA 1000 OSLO NO")).toBe("NO");
  });
});
