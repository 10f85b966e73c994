// The extended data on a product page (docs/data.md): description and features, nutrition per 100 g
// and per serving, ingredients, allergens and warnings, claims, and the pack and shipping facts.
import { useId, type ReactNode } from "react";
import type { Product, ProductExtendedData } from "@trade-shop/contracts/catalogue";
import { claimBadges, nutritionTable, productFactGroups, type NutritionTable } from "../product-facts";

const sectionTitle = "text-lg font-bold text-fg";
const card = "rounded-xl border border-line bg-surface p-4";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      <div className="mt-2 text-sm leading-relaxed text-fg">{children}</div>
    </section>
  );
}

function NutritionPanel({ table }: { table: NutritionTable }) {
  return (
    <section className={card} aria-labelledby="nutrition-heading">
      <h2 id="nutrition-heading" className={sectionTitle}>
        Nutritional information
      </h2>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">Typical nutritional values</caption>
        <thead>
          <tr className="border-b-2 border-fg text-left">
            <th scope="col" className="py-2 pr-2 font-semibold">
              Typical values
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {table.per100Heading}
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              {table.perServingHeading}
            </th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label} className="border-b border-line">
              <th
                scope="row"
                className={`py-1.5 pr-2 text-left ${row.partOf ? "pl-4 font-normal" : "font-semibold"}`}
              >
                {row.label}
              </th>
              <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{row.per100}</td>
              <td className="whitespace-nowrap py-1.5 pl-2 text-right tabular-nums">{row.perServing}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const pill = "rounded-full px-2.5 py-1 text-xs font-bold";

export function ProductInformation({ product, data }: { product: Product; data: ProductExtendedData }) {
  const nutrition = nutritionTable(data);
  const claims = claimBadges(data);
  const facts = productFactGroups(product, data);
  const features = data.features?.filter((feature) => feature.trim() !== "") ?? [];
  const allergens = data.allergens?.filter((allergen) => allergen.trim() !== "") ?? [];
  const about = data.marketingText?.trim() || features.length > 0;

  return (
    <div className="mt-8 grid gap-4 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-4">
        {about && (
          <Section title="About this product">
            {data.marketingText && <p>{data.marketingText}</p>}
            {features.length > 0 && (
              <ul className="mt-2 list-disc pl-5">
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            )}
          </Section>
        )}
        {nutrition && <NutritionPanel table={nutrition} />}
        {(data.ingredients || allergens.length > 0 || data.warnings) && (
          <Section title="Ingredients and allergens">
            {data.ingredients && <p>{data.ingredients}</p>}
            {allergens.length > 0 && (
              <div className="mt-3">
                <h3 className="font-semibold">Allergens</h3>
                <ul aria-label="Allergens" className="mt-1 flex flex-wrap gap-1.5">
                  {allergens.map((allergen) => (
                    <li key={allergen} className={`${pill} bg-surface-2 text-fg ring-1 ring-line`}>
                      {allergen}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {data.warnings && (
              <p className="mt-3">
                <strong>Warning:</strong> {data.warnings}
              </p>
            )}
          </Section>
        )}
        {claims.length > 0 && (
          <Section title="Claims">
            <ul aria-label="Claims" className="flex flex-wrap gap-1.5">
              {claims.map((claim) => (
                <li key={claim} className={`${pill} bg-brand-soft text-brand ring-1 ring-brand/30`}>
                  {claim}
                </li>
              ))}
            </ul>
          </Section>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        {facts.map((group) => (
          <Section key={group.title} title={group.title}>
            <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3">
              {group.facts.map((fact) => (
                <div
                  key={fact.label}
                  className="col-span-2 grid grid-cols-subgrid border-b border-line py-1.5 last:border-b-0"
                >
                  <dt className="text-muted">{fact.label}</dt>
                  <dd className="break-words">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </Section>
        ))}
      </div>
    </div>
  );
}
