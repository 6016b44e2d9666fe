// The words a merchant of each kind (seed category, migration 0012) is printed with after its name: its own kind of
// business ("STARBUCKS COFFEE", "BWS LIQUOR", "HILTON HOTELS", "JEAN COUTU PHARMACIE", "ORIGIN ENERGY ELECTRIC"). After a
// brand of that kind such a word is the purchase's, not another business's name; after a brand of another kind it still
// names one ("SHELL BEACH CAFE"). Only words a bank prints for the kind itself, never a neighbouring trade's ("WINES"
// after a supermarket may be a wine merchant of the same name).
import type { MerchantCategory } from "../seed/schema.ts";
import { wordBeginnings } from "./noise.ts";

const KIND_WORDS: Record<MerchantCategory, string> = {
  restaurant:
    "RESTAURANT RESTAURANTS COFFEE CAFE CAFES GRILL KITCHEN PIZZA PIZZERIA BURGER BURGERS CHICKEN DINER BISTRO TACOS " +
    "DONUTS DONUT BAGELS WINGS SUSHI NOODLES STEAKHOUSE SEAFOOD DELI BAKERY CAFETERIA RESTAURANTE RISTORANTE BRASSERIE " +
    "THAI CHINESE INDIAN MEXICAN ITALIAN VIETNAMESE KOREAN JAPANESE GREEK LEBANESE TURKISH ROASTERY ROASTERS EATERY",
  grocery: "FOOD FOODS GROCERY GROCERIES MARKET MARKETS DELI BAKERY ALIMENTATION ALIMENTARI LIQUOR LIQUORS PHARMACY EPICERIE",
  pharmacy: "PHARMACY PHARMACIE PHARM PHCY FARMACIA APOTHEKE APOTEK CHEMIST CHEMISTS DRUG DRUGS DRUGSTORE CLINIC OPTICAL",
  fuel_convenience: "STATION SERVICE SERVICES WASH CARWASH MART SHOP FOODARY TANKSTELLE ESTACAO ESTACION STAZIONE",
  transport: "TICKETS STATION PARKING RAIL RAILWAY RAILWAYS TRAINS BUS BUSES TRANSIT METRO SERVICE SERVICES FERRY FERRIES TOLL TOLLS COACH COACHES BARRIERA PEAGE KIOSK",
  travel: "HOTEL HOTELS INN INNS RESORT RESORTS SUITES TRAVEL HOLIDAYS FLIGHTS RENTAL",
  telecom: "SERVICE SERVICES PHONE PHONES SHOP STORE LOJA BOX CABLE KABEL",
  utility: "ELECTRIC ELECTRICITY WATER POWER SERVICE SERVICES STROM HEATING VAND VANN VATTEN WASSER WATER GAS",
  retail: "SHOP STORE CLOTHING FASHION ELECTRONICS COMPUTERS BUILDING SUPPLIES HARDWARE TOYS SHOES OPTICAL LIQUOR LIQUORS BOUWMARKT BAUMARKT",
  services: "SERVICE SERVICES CLUB CLUBS GYM GYMS FITNESS INSURANCE ASSURANCE ASSURANCES VERSICHERUNG VERZEKERING ASSICURAZIONI SEGUROS FORSIKRING FORSAKRING",
  postal: "SHOP OFFICE SERVICES LOJA BUREAU",
  government: "PARKING COUNCIL SERVICES FEES PERMIT PERMITS",
  subscription: "",
  entertainment: "CINEMA CINEMAS THEATRE THEATER TICKETS",
};

/** A word cut by the bank's field width keeps at least this many letters ("COMPUT", "SUPPLI", "ALIM"). */
const MIN_CUT = 4;

let words: Map<string, Set<string>> | null = null;

/** Whether `word` (or its beginning, cut short) names the kind of business `category` is. */
export function isOwnKindWord(word: string, category: string | null): boolean {
  if (!category) return false;
  words ??= new Map(Object.entries(KIND_WORDS).map(([kind, list]) => [kind, wordBeginnings(list.split(" ").filter(Boolean), MIN_CUT)]));
  return words.get(category)?.has(word) ?? false;
}
