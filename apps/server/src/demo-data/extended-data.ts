// The "back of the pack" for a demo SKU: barcode, case and pallet configuration, dimensions,
// ingredients, allergens, claims and the nutrition panel, shaped as the contracts'
// ProductExtendedData. Values are plausible for the product kind, not measured.
import type { ProductExtendedData } from "@trade-shop/contracts/catalogue";
import { gtinCheckDigit, gtinProblem } from "@trade-shop/contracts/gtin";
import { brandInitials } from "../modules/catalogue";
import type { PackSize, ProductLine, ProfileKey, Shape } from "./catalogue-data";
import type { Random } from "./random";

export function isValidEan13(code: string): boolean {
  return code.length === 13 && gtinProblem(code) === null;
}

/** 600 is GS1 South Africa's prefix; the brand and a running number make the rest unique. */
export function demoGtin(brandId: number, itemNumber: number): string {
  const body = `600${String(brandId).padStart(4, "0")}${String(itemNumber).padStart(5, "0")}`;
  return body + gtinCheckDigit(body);
}

/** What one unit holds, read from its printed size: "3 x 85g" is 255 g, "80 wipes" is 80 wipes. */
interface NetContent {
  amount: number;
  unit: "g" | "ml" | "count";
  /** Grams of one unit as sold, for shipping weights. */
  grams: number;
}

const COUNT_GRAMS: Record<string, number> = {
  wipes: 5,
  nappies: 32,
  bags: 2.5,
  rolls: 105,
  pads: 9,
  pieces: 2,
  sheets: 1.6,
};

function netContent(label: string): NetContent {
  const match = /^(?:(\d+) x )?([\d.]+)\s*(g|kg|ml|L|[a-z]+)$/.exec(label);
  if (!match) throw new RangeError(`Cannot read the size "${label}"`);
  const times = Number(match[1] ?? 1);
  const quantity = Number(match[2]) * times;
  const unit = match[3] as string;
  if (unit === "g") return { amount: quantity, unit: "g", grams: quantity };
  if (unit === "kg") return { amount: quantity * 1000, unit: "g", grams: quantity * 1000 };
  if (unit === "ml") return { amount: quantity, unit: "ml", grams: quantity };
  if (unit === "L") return { amount: quantity * 1000, unit: "ml", grams: quantity * 1000 };
  const grams = COUNT_GRAMS[unit];
  if (grams === undefined) throw new RangeError(`Unknown unit "${unit}" in "${label}"`);
  return { amount: quantity, unit: "count", grams: quantity * grams };
}

type Kind = "food" | "drink" | "liquor" | "care";

/** The nutrients of the contracts' panel, in the order a Panel lists them. */
const NUTRIENTS = [
  "energyKj",
  "carbohydrateG",
  "sugarG",
  "totalFatG",
  "saturatedFatG",
  "transFatG",
  "proteinG",
  "fibreG",
  "cholesterolMg",
  "omega3Mg",
  "sodiumMg",
] as const;
type NutritionKey = `${(typeof NUTRIENTS)[number]}${"100g" | "Serving"}`;

/** Per 100 g or 100 ml, in NUTRIENTS order: energy kJ; carbohydrate, sugar, fat, saturated fat,
 * trans fat, protein, fibre in g; cholesterol, omega-3, sodium in mg. */
type Panel = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

interface Profile {
  kind: Kind;
  ingredients: string | null;
  allergens: readonly string[];
  panel?: Panel;
  /** Serving in g or ml; capped at one unit. */
  serving?: number;
  vegetarian: boolean;
  vegan: boolean;
  glutenFree: boolean;
  /** Chance that the supplier is halaal certified. */
  halaal: number;
  shelfLife: readonly [number, number] | null;
  packaging: string;
  recyclable: boolean;
  storage: string;
  usage: string | null;
  warnings: string | null;
  alcohol?: readonly [number, number];
}

const DRY = "Store in a cool, dry place away from direct sunlight.";
const CHILL =
  "Store in a cool place. Best served chilled. Once opened, keep refrigerated and use within 5 days.";
const EXTERNAL = "For external use only. Avoid contact with eyes. Keep out of reach of children.";
const RESPONSIBLY =
  "Not for sale to persons under the age of 18. Alcohol abuse is harmful to your health. Drink responsibly.";

const PROFILES: Record<ProfileKey, Profile> = {
  potatoChips: {
    kind: "food",
    ingredients:
      "Potatoes, vegetable oil (sunflower, palm), {variant} flavouring (salt, sugar, maltodextrin, spices, natural flavourings, acidity regulator (citric acid)), anti-caking agent (silicon dioxide).",
    allergens: [],
    panel: [2150, 52, 1.8, 33, 3.6, 0.1, 6.2, 4.1, 0, 0, 610],
    serving: 30,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [180, 270],
    packaging: "Metallised plastic film bag",
    recyclable: false,
    storage: DRY,
    usage: "Ready to eat. Once opened, reseal and consume within 2 days.",
    warnings: null,
  },
  cornSnack: {
    kind: "food",
    ingredients:
      "Maize meal, vegetable oil (palm), {variant} flavour seasoning (salt, maltodextrin, flavour enhancers (E621, E635), spices, colourants (E110, E160c)), anti-caking agent (E551).",
    allergens: [],
    panel: [2090, 58, 3.2, 27, 12.1, 0.1, 6.1, 2.9, 0, 0, 790],
    serving: 25,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [180, 240],
    packaging: "Metallised plastic film bag",
    recyclable: false,
    storage: DRY,
    usage: "Ready to eat.",
    warnings: null,
  },
  popcorn: {
    kind: "food",
    ingredients:
      "Popping corn, vegetable oil (palm), {variant} flavouring, salt, emulsifier (soya lecithin).",
    allergens: ["Soya"],
    panel: [1960, 56, 6.5, 24, 11, 0.2, 8.5, 9.8, 0, 0, 720],
    serving: 30,
    vegetarian: true,
    vegan: false,
    glutenFree: true,
    halaal: 0.85,
    shelfLife: [240, 365],
    packaging: "Paper bag in carton",
    recyclable: true,
    storage: DRY,
    usage:
      "Microwave on high for 2 to 3 minutes until popping slows to 2 seconds between pops. Do not leave unattended.",
    warnings: "Bag and contents are hot after cooking; open away from the face.",
  },
  nuts: {
    kind: "food",
    ingredients:
      "Nuts (peanuts, cashews, almonds, macadamias in varying proportions), sunflower oil, {variant} seasoning, salt.",
    allergens: ["Peanuts", "Tree nuts"],
    panel: [2540, 14, 4.5, 50, 7.8, 0, 25, 8.2, 0, 30, 380],
    serving: 30,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.8,
    shelfLife: [240, 365],
    packaging: "Resealable plastic pouch",
    recyclable: false,
    storage: DRY,
    usage: "Ready to eat. Reseal after opening.",
    warnings: "Not suitable for children under 5 years (choking hazard).",
  },
  milkChocolate: {
    kind: "food",
    ingredients:
      "Sugar, full cream milk powder, cocoa butter, cocoa mass, {variant}, emulsifiers (soya lecithin, E476), flavouring (vanillin). Milk chocolate contains minimum 25% cocoa solids.",
    allergens: ["Milk", "Soya"],
    panel: [2240, 57, 55, 31, 19, 0.3, 7.2, 2.1, 16, 0, 95],
    serving: 25,
    vegetarian: true,
    vegan: false,
    glutenFree: false,
    halaal: 0.8,
    shelfLife: [300, 450],
    packaging: "Foil and paper wrapper",
    recyclable: true,
    storage: "Store in a cool, dry place below 25 °C.",
    usage: null,
    warnings: "May contain traces of nuts and wheat.",
  },
  darkChocolate: {
    kind: "food",
    ingredients:
      "Cocoa mass, sugar, cocoa butter, {variant}, emulsifier (soya lecithin), natural vanilla flavouring. Dark chocolate contains minimum 50% cocoa solids.",
    allergens: ["Soya"],
    panel: [2360, 36, 28, 42, 25, 0.1, 8.9, 11, 0, 0, 20],
    serving: 20,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.8,
    shelfLife: [365, 540],
    packaging: "Foil and paper wrapper",
    recyclable: true,
    storage: "Store in a cool, dry place below 25 °C.",
    usage: null,
    warnings: "May contain traces of milk and nuts.",
  },
  chocolateBar: {
    kind: "food",
    ingredients:
      "Milk chocolate (sugar, cocoa butter, milk solids, cocoa mass, emulsifier (soya lecithin)), wheat flour, {variant} filling (glucose syrup, sugar, vegetable fat, milk solids), salt, raising agent (sodium bicarbonate).",
    allergens: ["Milk", "Soya", "Wheat (gluten)"],
    panel: [2110, 62, 47, 26, 15, 0.4, 6, 1.8, 12, 0, 150],
    serving: 40,
    vegetarian: true,
    vegan: false,
    glutenFree: false,
    halaal: 0.85,
    shelfLife: [240, 365],
    packaging: "Plastic flow wrap",
    recyclable: false,
    storage: "Store in a cool, dry place below 25 °C.",
    usage: null,
    warnings: "May contain traces of nuts.",
  },
  jelly: {
    kind: "food",
    ingredients:
      "Glucose syrup, sugar, water, gelatine (beef), acids (citric acid, malic acid), {variant} flavourings, colourants (E129, E133, E102), glazing agent (carnauba wax).",
    allergens: [],
    panel: [1420, 79, 58, 0.2, 0.1, 0, 5.8, 0, 0, 0, 35],
    serving: 20,
    vegetarian: false,
    vegan: false,
    glutenFree: true,
    halaal: 0.95,
    shelfLife: [365, 540],
    packaging: "Plastic bag",
    recyclable: false,
    storage: DRY,
    usage: null,
    warnings: "Colourants E129 and E102 may have an adverse effect on activity and attention in children.",
  },
  hardCandy: {
    kind: "food",
    ingredients:
      "Sugar, glucose syrup, acidity regulator (citric acid), {variant} flavouring, colourants (E122, E133).",
    allergens: [],
    panel: [1650, 97, 66, 0, 0, 0, 0, 0, 0, 0, 22],
    serving: 10,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.95,
    shelfLife: [540, 730],
    packaging: "Plastic bag",
    recyclable: false,
    storage: DRY,
    usage: null,
    warnings: "Not suitable for children under 3 years (choking hazard).",
  },
  gum: {
    kind: "food",
    ingredients:
      "Gum base, sweeteners (sorbitol, xylitol, aspartame, acesulfame K), {variant} flavouring, humectant (glycerol), glazing agent (carnauba wax).",
    allergens: [],
    panel: [640, 64, 0.5, 0.4, 0.3, 0, 0, 0, 0, 0, 5],
    serving: 3,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [540, 730],
    packaging: "Cardboard sleeve with foil",
    recyclable: true,
    storage: DRY,
    usage: null,
    warnings: "Contains a source of phenylalanine. Excessive consumption may have a laxative effect.",
  },
  marshmallow: {
    kind: "food",
    ingredients:
      "Sugar, glucose syrup, water, gelatine (beef), {variant} flavouring, colourant (E129), dusting powder (maize starch, icing sugar).",
    allergens: [],
    panel: [1390, 81, 62, 0.1, 0.1, 0, 3.4, 0, 0, 0, 40],
    serving: 25,
    vegetarian: false,
    vegan: false,
    glutenFree: true,
    halaal: 0.95,
    shelfLife: [270, 365],
    packaging: "Plastic bag",
    recyclable: false,
    storage: DRY,
    usage: null,
    warnings: null,
  },
  toffee: {
    kind: "food",
    ingredients:
      "Sugar, glucose syrup, sweetened condensed milk, butter, vegetable fat (palm), {variant} flavouring, salt, emulsifier (soya lecithin).",
    allergens: ["Milk", "Soya"],
    panel: [1830, 72, 56, 15, 9, 0.3, 2.8, 0, 22, 0, 210],
    serving: 20,
    vegetarian: true,
    vegan: false,
    glutenFree: true,
    halaal: 0.85,
    shelfLife: [270, 365],
    packaging: "Plastic bag with twist wraps",
    recyclable: false,
    storage: DRY,
    usage: null,
    warnings: "May contain traces of nuts.",
  },
  softDrink: {
    kind: "drink",
    ingredients:
      "Carbonated water, sugar, {variant} flavouring, acidity regulator (citric acid), preservative (sodium benzoate), colourant (caramel E150d).",
    allergens: [],
    panel: [180, 10.6, 10.6, 0, 0, 0, 0, 0, 0, 0, 12],
    serving: 250,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [180, 270],
    packaging: "PET bottle or aluminium can",
    recyclable: true,
    storage: CHILL,
    usage: "Shake gently before opening is not necessary. Serve chilled.",
    warnings: null,
  },
  water: {
    kind: "drink",
    ingredients: "Natural spring water{sparkling}{flavour}.",
    allergens: [],
    panel: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4],
    serving: 250,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [365, 730],
    packaging: "PET bottle",
    recyclable: true,
    storage: "Store in a cool, dry place away from direct sunlight and strong odours.",
    usage: null,
    warnings: null,
  },
  juice: {
    kind: "drink",
    ingredients:
      "Water, {variant} fruit juice from concentrate, fruit pulp, acidity regulator (citric acid), antioxidant (ascorbic acid).",
    allergens: [],
    panel: [195, 11.2, 10.4, 0.1, 0, 0, 0.4, 0.3, 0, 0, 8],
    serving: 200,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [270, 365],
    packaging: "Aseptic carton",
    recyclable: true,
    storage: CHILL,
    usage: "Shake well before use.",
    warnings: null,
  },
  energyDrink: {
    kind: "drink",
    ingredients:
      "Carbonated water, sugar, acidity regulator (citric acid), taurine (0.4%), caffeine (32 mg/100 ml), {variant} flavouring, vitamins (niacin, B6, B12), colourant (E150a).",
    allergens: [],
    panel: [195, 11.3, 11, 0, 0, 0, 0, 0, 0, 0, 40],
    serving: 250,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.8,
    shelfLife: [365, 540],
    packaging: "Aluminium can",
    recyclable: true,
    storage: CHILL,
    usage: "Best served chilled. Do not exceed 2 cans per day.",
    warnings:
      "High caffeine content. Not recommended for children, pregnant or breastfeeding women, or persons sensitive to caffeine.",
  },
  cordial: {
    kind: "drink",
    ingredients:
      "Water, sugar, {variant} fruit juice from concentrate (10%), acidity regulator (citric acid), preservatives (sodium benzoate, potassium sorbate), colourants.",
    allergens: [],
    panel: [640, 38, 37, 0, 0, 0, 0, 0, 0, 0, 15],
    serving: 50,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [365, 540],
    packaging: "PET bottle",
    recyclable: true,
    storage: CHILL,
    usage: "Dilute 1 part cordial with 4 parts water.",
    warnings: null,
  },
  icedTea: {
    kind: "drink",
    ingredients:
      "Water, sugar, rooibos tea extract (0.2%), {variant} juice concentrate, acidity regulator (citric acid), antioxidant (ascorbic acid).",
    allergens: [],
    panel: [130, 7.6, 7.4, 0, 0, 0, 0, 0, 0, 0, 10],
    serving: 330,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [270, 365],
    packaging: "PET bottle",
    recyclable: true,
    storage: CHILL,
    usage: "Shake well. Serve chilled.",
    warnings: null,
  },
  coffee: {
    kind: "drink",
    ingredients: "{hotDrink}",
    allergens: [],
    panel: [560, 28, 3, 0.5, 0.2, 0, 12, 32, 0, 0, 90],
    serving: 2,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0.9,
    shelfLife: [540, 730],
    packaging: "Cardboard box or glass jar",
    recyclable: true,
    storage: "Store in a cool, dry place. Close the lid tightly after use.",
    usage: "Add one teaspoon or one bag to a cup of freshly boiled water. Add milk and sugar to taste.",
    warnings: null,
  },
  sweetBiscuit: {
    kind: "food",
    ingredients:
      "Wheat flour, sugar, vegetable fat (palm), {variant} filling (sugar, vegetable fat, whey powder, flavouring), invert syrup, raising agents (ammonium bicarbonate, sodium bicarbonate), salt, emulsifier (soya lecithin).",
    allergens: ["Wheat (gluten)", "Milk", "Soya"],
    panel: [2010, 68, 27, 21, 10.5, 0.2, 5.8, 2.1, 4, 0, 290],
    serving: 30,
    vegetarian: true,
    vegan: false,
    glutenFree: false,
    halaal: 0.9,
    shelfLife: [180, 300],
    packaging: "Plastic tray in flow wrap",
    recyclable: false,
    storage: DRY,
    usage: null,
    warnings: "May contain traces of nuts and egg.",
  },
  cracker: {
    kind: "food",
    ingredients:
      "Wheat flour, vegetable fat (palm), salt, yeast, {variant} seasoning, malt extract (barley), raising agent (sodium bicarbonate).",
    allergens: ["Wheat (gluten)", "Barley (gluten)"],
    panel: [1880, 66, 4.8, 17, 8, 0.1, 9.6, 3.4, 0, 0, 690],
    serving: 25,
    vegetarian: true,
    vegan: true,
    glutenFree: false,
    halaal: 0.9,
    shelfLife: [240, 300],
    packaging: "Plastic sleeve in carton",
    recyclable: true,
    storage: DRY,
    usage: null,
    warnings: "May contain traces of sesame and milk.",
  },
  rusk: {
    kind: "food",
    ingredients:
      "Wheat flour, sugar, buttermilk, margarine (vegetable fat, water, salt, emulsifier), {variant}, eggs, raising agents (sodium bicarbonate, cream of tartar), salt.",
    allergens: ["Wheat (gluten)", "Milk", "Egg"],
    panel: [1760, 66, 22, 13, 5.4, 0.1, 8.4, 3.6, 28, 0, 340],
    serving: 35,
    vegetarian: true,
    vegan: false,
    glutenFree: false,
    halaal: 0.85,
    shelfLife: [180, 270],
    packaging: "Plastic bag in carton",
    recyclable: true,
    storage: "Store in an airtight container in a cool, dry place.",
    usage: "Dunk in coffee or tea.",
    warnings: "May contain traces of nuts and soya.",
  },
  wine: {
    kind: "liquor",
    ingredients: "Grapes ({variant}), preservative (sulphur dioxide).",
    allergens: ["Sulphites"],
    panel: [0, 2.6, 1.2, 0, 0, 0, 0.1, 0, 0, 0, 6],
    serving: 125,
    vegetarian: true,
    vegan: false,
    glutenFree: true,
    halaal: 0,
    shelfLife: [730, 1460],
    packaging: "Glass bottle",
    recyclable: true,
    storage: "Store lying down in a cool, dark place at 12 to 16 °C.",
    usage: "Serve reds at room temperature, whites, rosés and sparkling wines chilled.",
    warnings: RESPONSIBLY,
    alcohol: [11, 14.5],
  },
  beer: {
    kind: "liquor",
    ingredients: "Water, malted barley, maize, hops, yeast.",
    allergens: ["Barley (gluten)"],
    panel: [0, 3.4, 0.2, 0, 0, 0, 0.4, 0, 0, 0, 5],
    serving: 330,
    vegetarian: true,
    vegan: true,
    glutenFree: false,
    halaal: 0,
    shelfLife: [240, 365],
    packaging: "Aluminium can or glass bottle",
    recyclable: true,
    storage: "Store upright in a cool, dark place. Serve ice cold.",
    usage: null,
    warnings: RESPONSIBLY,
    alcohol: [3.5, 6.5],
  },
  cider: {
    kind: "liquor",
    ingredients:
      "Fermented apple juice, water, sugar, {variant} flavouring, carbon dioxide, preservative (sulphur dioxide).",
    allergens: ["Sulphites"],
    panel: [0, 9.8, 9.5, 0, 0, 0, 0, 0, 0, 0, 6],
    serving: 330,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0,
    shelfLife: [270, 365],
    packaging: "Glass bottle or aluminium can",
    recyclable: true,
    storage: "Store in a cool place. Serve chilled over ice.",
    usage: null,
    warnings: RESPONSIBLY,
    alcohol: [4.5, 6],
  },
  spirit: {
    kind: "liquor",
    ingredients: "Water, distilled spirit, caramel colour (E150a).",
    allergens: [],
    panel: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    serving: 25,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0,
    shelfLife: null,
    packaging: "Glass bottle",
    recyclable: true,
    storage: "Store upright in a cool, dark place.",
    usage: "Enjoy neat, on ice or with a mixer.",
    warnings: RESPONSIBLY,
    alcohol: [40, 43],
  },
  cooler: {
    kind: "liquor",
    ingredients:
      "Carbonated water, sugar, cane spirit, {variant} flavouring, acidity regulator (citric acid), preservative (sodium benzoate).",
    allergens: [],
    panel: [0, 11.5, 11.2, 0, 0, 0, 0, 0, 0, 0, 9],
    serving: 275,
    vegetarian: true,
    vegan: true,
    glutenFree: true,
    halaal: 0,
    shelfLife: [270, 365],
    packaging: "Glass bottle",
    recyclable: true,
    storage: "Store in a cool place. Serve ice cold.",
    usage: null,
    warnings: RESPONSIBLY,
    alcohol: [4.5, 5.5],
  },
  liqueur: {
    kind: "liquor",
    ingredients:
      "Fresh cream, sugar, cane spirit, brandy, {variant} extract, emulsifier (E471), colourant (E150a).",
    allergens: ["Milk"],
    panel: [0, 21, 20, 14, 9, 0.4, 2.6, 0, 38, 0, 80],
    serving: 50,
    vegetarian: true,
    vegan: false,
    glutenFree: true,
    halaal: 0,
    shelfLife: [540, 730],
    packaging: "Glass bottle",
    recyclable: true,
    storage: "Store in a cool place away from direct sunlight. Once opened, consume within 6 months.",
    usage: "Serve chilled or over ice.",
    warnings: RESPONSIBLY,
    alcohol: [15, 17],
  },
  soap: {
    kind: "care",
    ingredients:
      "Sodium palmate, sodium palm kernelate, aqua, glycerin, parfum, {variant} extract, sodium chloride, tetrasodium EDTA, CI 77891.",
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0.3,
    shelfLife: [730, 1095],
    packaging: "Cardboard wrapper or PET bottle",
    recyclable: true,
    storage: "Store in a cool, dry place. Keep dry between uses.",
    usage: "Lather with water, apply to wet skin and rinse off.",
    warnings: EXTERNAL,
  },
  lotion: {
    kind: "care",
    ingredients:
      "Aqua, glycerin, mineral oil, cetearyl alcohol, {variant} extract, dimethicone, petrolatum, parfum, phenoxyethanol, methylparaben.",
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0.2,
    shelfLife: [730, 1095],
    packaging: "HDPE bottle or tub",
    recyclable: true,
    storage: "Store below 30 °C. Close tightly after use.",
    usage: "Apply generously to clean skin and massage in until absorbed.",
    warnings: EXTERNAL,
  },
  toothpaste: {
    kind: "care",
    ingredients:
      "Calcium carbonate, aqua, sorbitol, hydrated silica, sodium lauryl sulfate, aroma, cellulose gum, sodium monofluorophosphate (1450 ppm F), sodium saccharin.",
    allergens: [],
    vegetarian: true,
    vegan: false,
    glutenFree: false,
    halaal: 0.4,
    shelfLife: [730, 1095],
    packaging: "Laminate tube in carton",
    recyclable: false,
    storage: "Store below 30 °C.",
    usage: "Brush teeth thoroughly twice a day. Do not swallow. Spit out and rinse.",
    warnings:
      "Children of 6 years and younger: use a pea-sized amount under adult supervision. Keep out of reach of children.",
  },
  hairCare: {
    kind: "care",
    ingredients:
      "Aqua, sodium laureth sulfate, cocamidopropyl betaine, {variant} oil, glycerin, sodium chloride, parfum, citric acid, polyquaternium-10, DMDM hydantoin.",
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0.2,
    shelfLife: [730, 1095],
    packaging: "HDPE bottle or tub",
    recyclable: true,
    storage: "Store below 30 °C, away from direct sunlight.",
    usage: "Apply to wet hair, massage into the scalp and rinse thoroughly.",
    warnings: EXTERNAL,
  },
  deodorant: {
    kind: "care",
    ingredients:
      "Alcohol denat., aqua, parfum, aluminium chlorohydrate, propylene glycol, PEG-40 hydrogenated castor oil.",
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0.1,
    shelfLife: [730, 1095],
    packaging: "Aluminium aerosol or plastic roll-on",
    recyclable: true,
    storage: "Store below 50 °C. Protect from sunlight.",
    usage: "Apply to clean, dry underarms.",
    warnings:
      "Do not apply to broken skin. Aerosols: pressurised container, do not pierce or burn, even when empty.",
  },
  babyCare: {
    kind: "care",
    ingredients: "Aqua, glycerin, {variant} extract, sodium benzoate, citric acid, caprylyl glycol.",
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0.2,
    shelfLife: [730, 1095],
    packaging: "Plastic pack",
    recyclable: false,
    storage: "Store in a cool, dry place. Reseal after use.",
    usage: "Use at every change. Dispose of in a bin, do not flush.",
    warnings: "Keep out of reach of children. Discontinue use if irritation occurs.",
  },
  feminineCare: {
    kind: "care",
    ingredients: null,
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0,
    shelfLife: [1095, 1825],
    packaging: "Individually wrapped in a plastic pack",
    recyclable: false,
    storage: "Store in a cool, dry place.",
    usage: "Change every 4 to 6 hours. Wrap and dispose of in a bin, do not flush.",
    warnings: "Tampons are associated with Toxic Shock Syndrome (TSS); read the leaflet.",
  },
  sanitiser: {
    kind: "care",
    ingredients:
      "Alcohol denat. (70%), aqua, glycerin, carbomer, aminomethyl propanol, aloe barbadensis leaf juice, parfum.",
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0,
    shelfLife: [730, 1095],
    packaging: "PET or HDPE bottle",
    recyclable: true,
    storage: "Store below 30 °C, away from heat and open flames.",
    usage: "Rub a small amount over both hands until dry. For hand wash: lather with water and rinse.",
    warnings: "Flammable. Avoid contact with eyes. Keep out of reach of children.",
  },
  paper: {
    kind: "care",
    ingredients: null,
    allergens: [],
    vegetarian: false,
    vegan: false,
    glutenFree: false,
    halaal: 0,
    shelfLife: null,
    packaging: "Plastic wrap",
    recyclable: true,
    storage: "Store in a dry place.",
    usage: null,
    warnings: null,
  },
};

/** Dimensions (height, width, depth in mm) of one unit at the reference amount; others scale by volume. */
const SHAPE_SIZE: Record<Shape, { at: number; mm: readonly [number, number, number]; packagingG: number }> = {
  bag: { at: 100, mm: [240, 170, 55], packagingG: 6 },
  pouch: { at: 150, mm: [200, 140, 50], packagingG: 5 },
  box: { at: 200, mm: [190, 130, 50], packagingG: 35 },
  bar: { at: 80, mm: [12, 155, 75], packagingG: 4 },
  can: { at: 330, mm: [115, 66, 66], packagingG: 14 },
  bottle: { at: 500, mm: [220, 68, 68], packagingG: 30 },
  wine: { at: 750, mm: [300, 78, 78], packagingG: 450 },
  tub: { at: 200, mm: [80, 90, 90], packagingG: 25 },
  tube: { at: 100, mm: [190, 50, 38], packagingG: 14 },
  carton: { at: 1000, mm: [195, 95, 60], packagingG: 28 },
};

const ORIGINS = ["Eswatini", "Lesotho", "Botswana", "Namibia", "Mauritius", "Zimbabwe", "Kenya"] as const;

export interface ExtendedDataInput {
  /** The product's running number: the document's id. */
  id: number;
  skuCode: string;
  brand: string;
  brandId: number;
  /** Running number of the SKU within its brand, for the barcode. */
  itemNumber: number;
  line: ProductLine;
  variant: string;
  size: PackSize;
  description: string;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function panelFor(
  profile: Profile,
  input: ExtendedDataInput,
  alcohol: number | null,
  random: Random,
): number[] | null {
  if (!profile.panel) return null;
  const panel = [...profile.panel];
  if (/zero|sugar free|lite/i.test(input.variant)) {
    if (profile.kind === "drink") {
      // Sweeteners instead of sugar: next to no energy or carbohydrate; sodium stays.
      panel.fill(0, 1, 10);
      panel[0] = 2;
      panel[1] = 0.3;
    } else if (profile.kind === "liquor") panel[1] = profile.panel[1] / 2;
    else panel[2] = 0.5;
  }
  if (alcohol !== null) {
    // Energy of a drink: alcohol 29 kJ/g at 0.789 g/ml, carbohydrate and protein 17 kJ/g, fat 37 kJ/g.
    panel[0] = alcohol * 0.789 * 29 + profile.panel[1] * 17 + profile.panel[3] * 37 + profile.panel[6] * 17;
  }
  // Same recipe, another supplier: every figure within about 8% of the profile's.
  return panel.map((value, index) => {
    const varied = value * random.float(0.92, 1.08);
    return index === 0 ? Math.round(varied) : round1(varied);
  });
}

function fillIn(template: string, input: ExtendedDataInput): string {
  const flavour = input.variant.toLowerCase();
  const isSparkling = input.line.noun.startsWith("Sparkling");
  const hotDrink = input.line.noun.includes("Tea")
    ? `Rooibos (Aspalathus linearis)${/original/i.test(input.variant) ? "" : `, natural ${flavour} flavouring`}.`
    : `100% instant coffee${/chicory/i.test(input.variant) ? ", chicory (30%)" : ""}.`;
  return template
    .replace("{variant}", flavour)
    .replace("{sparkling}", isSparkling ? ", carbon dioxide" : "")
    .replace(
      "{flavour}",
      /natural|mineral|alkaline|spring/i.test(input.variant) ? "" : `, natural ${flavour} flavour`,
    )
    .replace("{hotDrink}", hotDrink);
}

function allergensFor(profile: Profile, input: ExtendedDataInput): string[] {
  const found = new Set(profile.allergens);
  const text = `${input.variant} ${input.line.noun}`;
  if (profile.kind === "food" || profile.kind === "liquor") {
    if (/cheese|cream|butter|milk|custard|caramel|fudge|toffee|yoghurt/i.test(text)) found.add("Milk");
    if (/almond|macadamia|hazelnut|cashew|nut\b|nuts/i.test(text)) found.add("Tree nuts");
    if (/peanut/i.test(text)) found.add("Peanuts");
    if (/sesame|seeded/i.test(text)) found.add("Sesame");
  }
  return [...found];
}

export function buildExtendedData(input: ExtendedDataInput, random: Random): ProductExtendedData {
  const profile = PROFILES[input.line.profile];
  const net = netContent(input.size.label);
  const shape = SHAPE_SIZE[input.line.shape];
  const scale = Math.cbrt(net.grams / shape.at);
  const [height, width, depth] = shape.mm.map((mm) =>
    Math.max(5, Math.round(mm * scale * random.float(0.95, 1.05))),
  );
  const alcohol = profile.alcohol ? round1(random.float(profile.alcohol[0], profile.alcohol[1])) : null;
  const panel = panelFor(profile, input, alcohol, random);
  const servingSize = profile.serving && net.unit !== "count" ? Math.min(profile.serving, net.amount) : null;
  const servingUnit = servingSize === null ? null : net.unit;
  const allergens = allergensFor(profile, input);
  const meaty = /beef|biltong|bacon/i.test(input.variant);
  const milky = allergens.includes("Milk") || allergens.includes("Egg");
  const vegetarian = profile.vegetarian && !meaty;
  const nutrition = Object.fromEntries(
    NUTRIENTS.flatMap((nutrient, index) => {
      const per100 = panel?.[index] ?? null;
      const perServing = per100 === null || servingSize === null ? null : (per100 * servingSize) / 100;
      return [
        [`${nutrient}100g`, per100],
        [
          `${nutrient}Serving`,
          perServing === null ? null : index === 0 ? Math.round(perServing) : round1(perServing),
        ],
      ];
    }),
  ) as Record<NutritionKey, number | null>;
  const [category, ...subCategories] = input.line.path;
  const productName = [input.variant, input.line.noun].filter(Boolean).join(" ");
  const capacity = input.size.label.replace(/(\d)(g|kg|ml|L)$/, "$1 $2");

  const data: ProductExtendedData = {
    id: input.id,
    skuCode: input.skuCode,
    primaryGTIN: demoGtin(input.brandId, input.itemNumber),
    manufacturerProductCode: `${brandInitials(input.brand, 3)}-${String(input.itemNumber).padStart(5, "0")}`,
    unitsPerCase: input.size.units,
    casesPerLayer: random.int(6, 20),
    layersPerPallet: random.int(4, 8),
    heightMm: height ?? null,
    widthMm: width ?? null,
    depthMm: depth ?? null,
    grossWeightG: Math.round(
      net.grams * (input.line.profile === "spirit" ? 0.95 : 1) + shape.packagingG * scale,
    ),
    brand: input.brand,
    subBrand: random.chance(0.2)
      ? `${input.brand.split(" ")[0]} ${random.pick(["Classic", "Select", "Value", "Family", "Original"])}`
      : null,
    productName,
    productType: input.line.noun || subCategories[subCategories.length - 1] || category,
    variant: input.variant,
    modelNumber:
      profile.kind === "care" && random.chance(0.5)
        ? `${brandInitials(input.brand, 3)}${random.int(100, 999)}`
        : null,
    colour:
      profile.kind === "care" && random.chance(0.3)
        ? random.pick(["White", "Blue", "Green", "Pink", "Clear"])
        : null,
    marketingText: `${input.brand} ${productName}: ${random.pick([
      "a South African favourite, made for sharing.",
      "proudly local and loved by customers across the country.",
      "consistent quality your customers ask for by name.",
      "a fast mover for every counter and shelf.",
      "great value for busy households.",
    ])}`,
    keywords: [category, ...subCategories, input.brand, input.variant].map((word) => word.toLowerCase()),
    shortDescription: input.description,
    features: [
      `${input.size.units} units per case`,
      `Unit size ${capacity}`,
      ...(profile.kind === "food" || profile.kind === "drink"
        ? [random.pick(["Locally made", "No artificial preservatives", "Resealable", "Family favourite"])]
        : []),
    ],
    videoLink: random.chance(0.03) ? `https://video.demo.shop/${input.skuCode.toLowerCase()}` : null,
    packagingMaterial: profile.packaging,
    recyclable: profile.recyclable,
    contents: capacity,
    countryOfOrigin: profile.kind === "liquor" || random.chance(0.88) ? "South Africa" : random.pick(ORIGINS),
    usageInstructions: profile.usage,
    storageInstructions: profile.storage,
    shelfLifeDays: profile.shelfLife ? random.int(profile.shelfLife[0], profile.shelfLife[1]) : null,
    warranty: null,
    warnings: profile.warnings,
    ingredients: profile.ingredients === null ? null : fillIn(profile.ingredients, input),
    allergens: profile.kind === "care" ? null : allergens,
    organic: profile.kind !== "care" && random.chance(0.03),
    vegan: profile.vegan && vegetarian && !milky,
    vegetarian,
    glutenFree: profile.glutenFree && !allergens.some((allergen) => allergen.includes("gluten")),
    freeRange: input.line.profile === "rusk" && random.chance(0.2),
    halaal: random.chance(profile.halaal),
    kosher: profile.kind !== "care" && profile.kind !== "liquor" && random.chance(0.08),
    alcoholPercentage: alcohol,
    servingSize,
    servingUnit,
    ...nutrition,
  };
  return data;
}
